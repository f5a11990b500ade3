/**
 * A browser on another website must not be able to spend a visitor's allowance or act for them. Browsers mark every
 * request with `Sec-Fetch-Site`; a state-changing one marked `cross-site` is refused before any route runs (a
 * multipart POST is a "simple" request that needs no CORS preflight, so the JSON-only rule alone would not stop it).
 * Programs send no such header, and calls with an API key spend the key owner's allowance, so both pass.
 */
import { HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE =
  'Requests from other websites are not accepted. Call the API from your own program with an API key.';

export function refuseCrossSite(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.headers.get('sec-fetch-site') !== 'cross-site') return;
  if (/^Bearer\s/i.test(request.headers.get('authorization') ?? '')) return;
  throw new HttpError(403, 'forbidden', CROSS_SITE_MESSAGE);
}
