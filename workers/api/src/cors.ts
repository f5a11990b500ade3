/**
 * CORS for other websites' front ends (ADR 0147): a page on another site may read the public answers (meme URLs, the
 * template catalog, a template and its picture, a share and its picture, the API document) and make any call with an
 * API key (`Authorization: Bearer mf_…`). Never with cookies: the answer's `Access-Control-Allow-Origin` is `*`, which
 * browsers refuse to combine with credentials, so no visitor's cookie, session or allowance can be used from another
 * site, and the answer is the same whatever the Origin (a shared cache may keep it; no `Vary: Origin`).
 *
 * It sits beside the cross-site refusal (cross-site.ts, ADR 0113) without loosening it: a state-changing request a
 * browser marks cross-site still needs a key; CORS only lets the page that sent a keyed call read the answer, and
 * answers the preflight such a call needs. A preflight for a call with no key that would change something is refused
 * in words (403), since the call itself would be.
 */
import { RATE_LIMIT_HEADERS } from '../../../core/api/api-keys';
import { CACHE_STATUS_HEADER } from '../../../core/api/edge-cache';
import { HttpError } from './errors';

/** GETs anyone may read from another site: the answers that are the same for everyone. */
const PUBLIC_READS =
  /^\/api\/(memes\/[^/]+\/.+|templates(\/[^/]+(\/image)?)?|shares\/[a-z0-9]+(\/image)?|openapi\.json|health)$/;
const READ_METHODS = new Set(['GET', 'HEAD']);
/** What a keyed call from a page may send besides the CORS-safelisted headers. */
const ALLOWED_HEADERS = ['authorization', 'content-type', 'accept'];
const ALLOWED_METHODS = 'GET, HEAD, POST, DELETE';
/** What such a page may read besides the safelisted headers: the cache's word and a key's allowance. */
const EXPOSED_HEADERS = [
  CACHE_STATUS_HEADER,
  ...Object.values(RATE_LIMIT_HEADERS).flat(),
  'retry-after',
  'x-billed-calls',
].join(', ');
/** How long a browser may reuse a preflight's answer (browsers cap it: Chromium at 2 hours). */
const PREFLIGHT_MAX_AGE = '86400';

export const CORS_KEY_NEEDED_MESSAGE =
  'A page on another website may read the public answers (meme URLs, templates, shares) and call the API with an API key (Authorization: Bearer mf_…). This request has neither, so it is not allowed from another site.';

const hasKey = (request: Request) => /^Bearer\s/i.test(request.headers.get('authorization') ?? '');
const isPublicRead = (method: string, pathname: string) => READ_METHODS.has(method) && PUBLIC_READS.test(pathname);

/**
 * OPTIONS with `Access-Control-Request-Method` (a browser's preflight): 204 with the policy when the call it announces
 * is a public read or carries `Authorization`; otherwise 403 in words. Any other OPTIONS falls through (405 with Allow).
 */
export function answerPreflight(request: Request): Response | undefined {
  const method = request.headers.get('access-control-request-method');
  if (request.method !== 'OPTIONS' || method === null) return undefined;
  const asked = (request.headers.get('access-control-request-headers') ?? '')
    .toLowerCase()
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const keyed = asked.includes('authorization');
  if (!keyed && !isPublicRead(method.toUpperCase(), new URL(request.url).pathname))
    throw new HttpError(403, 'forbidden', CORS_KEY_NEEDED_MESSAGE);
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': ALLOWED_HEADERS.join(', '),
      'access-control-max-age': PREFLIGHT_MAX_AGE,
      'cache-control': 'no-store',
    },
  });
}

/** `response` readable by other sites' pages when it answers a public read or a keyed call (errors included). */
export function withCors(request: Request, response: Response): Response {
  if (!hasKey(request) && !isPublicRead(request.method, new URL(request.url).pathname)) return response;
  let out = response;
  try {
    out.headers.set('access-control-allow-origin', '*');
  } catch {
    // Responses passed through from elsewhere can have immutable headers: copy once.
    out = new Response(response.body, response);
    out.headers.set('access-control-allow-origin', '*');
  }
  out.headers.set('access-control-expose-headers', EXPOSED_HEADERS);
  return out;
}
