// The HTML to image settings' schema, for the browser only: a `.client` module is an empty one in the server build,
// so zod (~450 KB) stays out of the Pages Function, which never renders HTML (ADR 0209).
export { htmlRenderSchema } from '../../../core/tools/html';
