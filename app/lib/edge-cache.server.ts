/**
 * The edge cache, kept by the Pages Function where the public URL is served (ADR 0146). Cloudflare documents the
 * Cache API for Workers on custom domains and for Pages Functions (on custom domains and *.pages.dev alike:
 * https://developers.cloudflare.com/workers/runtime-apis/cache/); the API Worker behind the service binding has no
 * route of its own, so its answers are kept here, in the data centre that served them, under the key the API names
 * (core/api/edge-cache.ts):
 *
 * - Only a GET without `Authorization` is looked up or kept: a call with an API key always reaches the API, which
 *   checks and counts it, and its answer carries that key's RateLimit figures.
 * - Kept: a 200 whose `x-edge-cache-key` is the key this request computes, `Cache-Control: public` with a max-age, no
 *   Set-Cookie and no Vary. It is kept for its own max-age (the Cache API reads Cache-Control) with only the headers
 *   in KEPT_HEADERS, so nothing said about one request (its billed calls, a key's figures) is replayed to another.
 * - A change the API says made kept answers wrong (`x-edge-purge`, a deleted share) deletes them here before the
 *   answer leaves; `cache.delete` reaches only this data centre, and the API purges the rest (workers/api/src/edge-purge.ts).
 */
import {
  CACHE_STATUS_HEADER,
  CACHE_TAG_HEADER,
  EDGE_KEY_HEADER,
  EDGE_PURGE_HEADER,
  edgeCacheKey,
} from '../../core/api/edge-cache';

/** What a kept answer keeps: what describes the bytes, how to cache them, and the API's security and CORS headers. */
const KEPT_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'last-modified',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'strict-transport-security',
  'access-control-allow-origin',
  'access-control-expose-headers',
  CACHE_TAG_HEADER,
];
const INTERNAL_HEADERS = [EDGE_KEY_HEADER, EDGE_PURGE_HEADER, CACHE_TAG_HEADER];
/**
 * Answers up to this size are stored before they are answered: every kept answer is (a meme at most 4 MP, the catalog,
 * a share's picture at most 8 MB, an imported template's picture at most an upload's 10 MB), read whole without a
 * declared length too.
 */
const STORED_BEFORE_ANSWER_BYTES = 16_000_000;

/** The runtime's cache for this site; none in Node (unit tests), where nothing is kept. */
function siteCache(): Cache | null {
  const storage = (globalThis as { caches?: CacheStorage & { default?: Cache } }).caches;
  return storage?.default ?? null;
}

/** Whether Cache-Control lets a shared cache keep the answer for a while. */
function sharedCacheMayKeep(cacheControl: string | null): boolean {
  const directives = (cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (!directives.includes('public')) return false;
  if (directives.some((d) => d === 'private' || d === 'no-store' || d === 'no-cache')) return false;
  return directives.some((d) => /^(s-)?max-age=[1-9]\d*$/.test(d));
}

export function keepable(response: Response, key: string): boolean {
  return (
    response.status === 200 &&
    response.headers.get(EDGE_KEY_HEADER) === key &&
    !response.headers.has('set-cookie') &&
    !response.headers.has('vary') &&
    sharedCacheMayKeep(response.headers.get('cache-control'))
  );
}

function keptCopy(response: Response): Response {
  const headers = new Headers();
  for (const name of KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}

/** The answer as it leaves the site: the internal headers off, `x-cache` set when it had a key. */
function visible(response: Response, cacheStatus: 'hit' | 'miss' | null): Response {
  if (cacheStatus === null && !INTERNAL_HEADERS.some((name) => response.headers.has(name))) return response;
  const out = new Response(response.body, response);
  for (const name of INTERNAL_HEADERS) out.headers.delete(name);
  if (cacheStatus) out.headers.set(CACHE_STATUS_HEADER, cacheStatus);
  return out;
}

/** Deletes here what the API's change made wrong: paths under /api/ on this site only. */
async function purgeHere(cache: Cache, request: Request, response: Response): Promise<void> {
  const paths = (response.headers.get(EDGE_PURGE_HEADER) ?? '').split(',').map((p) => p.trim());
  const site = new URL(request.url).origin;
  await Promise.all(
    paths
      .filter((path) => path.startsWith('/api/'))
      .map((path) => cache.delete(new URL(path, site).toString()).catch(() => false)),
  );
}

/**
 * The answer to `request`: from the cache when it is kept there, else `forward()`'s, kept when it may be.
 * `waitUntil` keeps the filling of a larger answer alive after the answer has left.
 */
export async function throughEdgeCache(
  request: Request,
  waitUntil: (promise: Promise<unknown>) => void,
  forward: () => Promise<Response>,
): Promise<Response> {
  const cache = siteCache();
  const key =
    request.method === 'GET' && !request.headers.has('authorization') ? edgeCacheKey(new URL(request.url)) : null;
  if (!cache || key === null) {
    const response = await forward();
    if (cache && response.ok && response.headers.has(EDGE_PURGE_HEADER)) await purgeHere(cache, request, response);
    return visible(response, null);
  }
  const keyUrl = new URL(key, new URL(request.url).origin).toString();
  const hit = await cache.match(keyUrl);
  if (hit) return visible(hit, 'hit');
  const response = await forward();
  if (!keepable(response, key)) return visible(response, response.headers.has(EDGE_KEY_HEADER) ? 'miss' : null);
  const length = Number(response.headers.get('content-length'));
  if (length > STORED_BEFORE_ANSWER_BYTES) {
    waitUntil(cache.put(keyUrl, keptCopy(response.clone())).catch(() => undefined));
    return visible(response, 'miss');
  }
  // Small enough to hold: stored before the answer leaves, so the very next request (a smoke test's, a chat app's
  // second fetch) is a hit rather than a race with the filling.
  const bytes = await response.arrayBuffer();
  await cache.put(keyUrl, keptCopy(new Response(bytes, response))).catch(() => undefined);
  return visible(new Response(bytes, response), 'miss');
}
