/**
 * Answers that are the same for everyone (the template catalog, a template, an imported template's picture) are
 * kept in the data centre's cache with the Cache API, so a repeat visitor near that data centre costs no D1 read
 * and no R2 read (ADR 0112). The cached answer lives as long as its own Cache-Control says; only 200s are kept.
 * Cloudflare runs the Cache API only for Workers reached through a custom domain; elsewhere (workers.dev) it
 * quietly keeps nothing, and the Cache-Control headers still let browsers reuse the answer.
 */

/** The cache key: the path and only the query parameters the answer depends on, so junk parameters cannot flood it. */
export function cacheKey(request: Request, params: readonly string[] = []): string {
  const url = new URL(request.url);
  const key = new URL(url.pathname, url.origin);
  for (const name of params) {
    const value = url.searchParams.get(name);
    if (value !== null) key.searchParams.set(name, value);
  }
  return key.toString();
}

/** The cached answer under `key`, or `fill()`'s, which is stored in the background when it is a 200. */
export async function fromEdgeCache(key: string, ctx: ExecutionContext, fill: () => Promise<Response>): Promise<Response> {
  // `default` is the Workers runtime's own cache; the DOM's CacheStorage type (tooling's type check) lacks it.
  const cache = (caches as CacheStorage & { default: Cache }).default;
  const hit = await cache.match(key);
  if (hit) return new Response(hit.body, hit);
  const response = await fill();
  if (response.status === 200) ctx.waitUntil(cache.put(key, response.clone()).catch(() => undefined));
  return response;
}
