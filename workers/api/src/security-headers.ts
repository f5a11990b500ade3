/**
 * Every API answer is data, never a page: nosniff, no framing, and a CSP that lets nothing run even if a response
 * were opened as a document. Routes that set their own (stored images: `sandbox`) keep theirs. Over https
 * (production) HSTS too, like the pages: the API is reached on the site's origin through the Pages function.
 */
import { HSTS_VALUE, isHttps } from '../../../core/security';

const API_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

export function withApiSecurityHeaders(response: Response, request: Request): Response {
  // Responses built elsewhere (fetch pass-through) can have immutable headers: copy once if so.
  let out = response;
  try {
    out.headers.set('x-content-type-options', 'nosniff');
  } catch {
    out = new Response(response.body, response);
  }
  for (const [name, value] of Object.entries(API_HEADERS)) {
    if (!out.headers.has(name)) out.headers.set(name, value);
  }
  if (isHttps(request)) out.headers.set('strict-transport-security', HSTS_VALUE);
  return out;
}
