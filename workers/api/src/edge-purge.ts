/**
 * Purging a kept answer from the site's edge cache in every data centre (ADR 0146). The Pages Function deletes it
 * from its own data centre's cache when the delete passes through it (app/lib/edge-cache.server.ts), but `cache.delete`
 * reaches only that one (https://developers.cloudflare.com/workers/runtime-apis/cache/#delete); answers stored with the
 * Cache API are purged everywhere by Cloudflare's purge of the zone's cache, selectively by the `Cache-Tag` they were
 * stored with (https://developers.cloudflare.com/workers/reference/how-the-cache-works/#purge-assets-stored-with-the-cache-api,
 * POST /zones/{zone_id}/purge_cache). That needs the zone's id and an API token with the Cache Purge permission: two
 * optional secrets. Without them nothing is purged beyond the data centre that saw the delete, and a kept share picture
 * lives out its max-age there (5 minutes, SHARE_IMAGE_MAX_AGE; docs/deploy.md).
 */

/** The optional secrets (`wrangler secret put`); not in the generated Env, since production runs without them. */
export interface EdgePurgeConfig {
  CACHE_PURGE_ZONE_ID?: string;
  CACHE_PURGE_TOKEN?: string;
}

export type PurgeOutcome = 'purged' | 'not_configured' | 'failed';

const PURGE_URL = (zone: string) =>
  `https://api.cloudflare.com/client/v4/zones/${encodeURIComponent(zone)}/purge_cache`;
/** A purge that has not answered by then is logged as failed: the caller's delete has already happened. */
const PURGE_TIMEOUT_MS = 5_000;

/** Purges every answer kept under one of `tags` in every data centre of the site's zone, when configured. */
export async function purgeTagsEverywhere(
  config: EdgePurgeConfig,
  tags: string[],
  fetcher: typeof fetch = fetch,
): Promise<PurgeOutcome> {
  const zone = config.CACHE_PURGE_ZONE_ID?.trim();
  const token = config.CACHE_PURGE_TOKEN?.trim();
  if (!zone || !token || tags.length === 0) return 'not_configured';
  try {
    const res = await fetcher(PURGE_URL(zone), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tags }),
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => null)) as {
      success?: boolean;
      errors?: { code: number; message: string }[];
    } | null;
    if (res.ok && body?.success) return 'purged';
    console.error('edge purge refused', res.status, JSON.stringify(body?.errors ?? []));
    return 'failed';
  } catch (err) {
    console.error('edge purge failed', err instanceof Error ? err.message : String(err));
    return 'failed';
  }
}
