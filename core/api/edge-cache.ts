/**
 * The edge cache's contract between the API Worker and the Pages Function in front of it (ADR 0146). The cache lives
 * where the public URL is served, the Pages Function (app/lib/edge-cache.server.ts), because that is where
 * Cloudflare documents the Cache API to work; the API Worker, reached only through a service binding, says which of
 * its answers may be kept, under which key, and which kept answers a change of its has made wrong:
 *
 * - `x-edge-cache-key` on an answer that is the same for everyone: the key (path and the query options it depends on)
 *   the Pages Function stores it under. The Pages Function computes the same key from the request with `edgeCacheKey`
 *   and keeps the answer only when both agree, so a key can name nothing but what was answered.
 * - `x-edge-purge` on a successful change (a share deleted): the paths of kept answers to delete at once.
 * - `Cache-Tag` on a share's picture, for Cloudflare's purge by tag in every data centre (workers/api/src/edge-purge.ts).
 * - `x-cache: hit` or `miss` on every answer that has a key: from the cache, or made for this request.
 *
 * Those three internal headers are taken off before an answer leaves the site.
 */
import { memeUrlCacheKey, readMemeUrlQuery } from '../memes/url-query';

export const EDGE_KEY_HEADER = 'x-edge-cache-key';
export const EDGE_PURGE_HEADER = 'x-edge-purge';
export const CACHE_TAG_HEADER = 'cache-tag';
export const CACHE_STATUS_HEADER = 'x-cache';

/** The answer header's description in the OpenAPI document, for every route whose answer the edge cache keeps. */
export const EDGE_CACHED_HEADERS = {
  'x-cache':
    "`hit`: served from the site's edge cache, as kept after an earlier request; `miss`: made for this request (and kept for the next).",
} as const;

/** The tag a share's picture is kept under, purged when the share is deleted (Cache-Tag allows ASCII, no spaces). */
export const shareCacheTag = (id: string) => `share-${id}`;

const TEMPLATE = /^\/api\/templates\/[^/]+(\/image)?$/;
const SHARE_IMAGE = /^\/api\/shares\/[a-z0-9]{12}\/image$/;
/** A meme URL: a template and at least one more segment (`/api/memes/render` is the POST). */
const MEME_URL = /^\/api\/memes\/[^/]+\/.+/;

/**
 * The key of a GET whose answer is the same for everyone, or null when it has none (not cacheable, or a meme URL
 * whose query is wrong: the API answers it 400, and it is never kept). The Worker's routes use the same functions.
 */
export function edgeCacheKey(url: URL): string | null {
  const path = url.pathname;
  if (path === '/api/templates') {
    const search = url.searchParams.get('search');
    return search === null ? path : `${path}?${new URLSearchParams({ search })}`;
  }
  if (TEMPLATE.test(path) || SHARE_IMAGE.test(path)) return path;
  if (MEME_URL.test(path)) {
    const read = readMemeUrlQuery(url.searchParams);
    return read.ok ? memeUrlCacheKey(path, read.query) : null;
  }
  return null;
}
