/**
 * Answers that are the same for everyone (the template catalog, a template, an imported template's picture, a share's
 * picture, a meme URL) are kept by the site's edge cache, in the Pages Function that serves the public URL
 * (app/lib/edge-cache.server.ts, ADR 0146): Cloudflare documents the Cache API there, not in a Worker reached only
 * through a service binding, as this one is. A route marks such an answer with the key it may be kept under; the
 * cache keeps it for its own Cache-Control, and a repeat costs this Worker nothing (no D1 or R2 read, no drawing).
 */
import { CACHE_STATUS_HEADER, EDGE_KEY_HEADER, edgeCacheKey } from '../../../core/api/edge-cache';

/** `response` marked as the edge may keep it under its request's key (core/api/edge-cache.ts); only a 200 is. */
export function keptAtTheEdge(request: Request, response: Response): Response {
  const key = edgeCacheKey(new URL(request.url));
  if (response.status !== 200 || key === null) return response;
  response.headers.set(EDGE_KEY_HEADER, key);
  response.headers.set(CACHE_STATUS_HEADER, 'miss');
  return response;
}
