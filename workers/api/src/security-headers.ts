/**
 * Every API answer is data, never a page: nosniff, no framing, and a CSP that lets nothing run even if a response
 * were opened as a document. Routes that set their own (stored images: `sandbox`) keep theirs.
 */
const API_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

export function withApiSecurityHeaders(response: Response): Response {
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
  return out;
}
