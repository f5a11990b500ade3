// The contact form's schema, for the browser only: a `.client` module is an empty one in the server build (Remix's
// classic compiler), so zod (~450 KB) stays out of the Pages Function, which never checks a form (ADR 0209).
export { contactRequestSchema } from '../../../core/api/contact';
