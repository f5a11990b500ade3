/**
 * A cookie the page's script may read, set beside the HttpOnly session cookie (ADR 0170): the header shows "Account"
 * rather than "Sign in" without asking the API on every page. It grants nothing; the account page clears it when the
 * API says 401. Apart from account.ts so the header, on every page, imports no zod (ADR 0080).
 */
export const SIGNED_IN_HINT_COOKIE = 'mf_signed_in';
