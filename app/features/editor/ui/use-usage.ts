import { useCallback, useEffect, useState } from 'react';
import type { UsageLimit } from '../../../../core/api/usage';
import { USAGE_STALE_MS } from '../../../../core/limits';
import { api, call } from '~/lib/api/client';

let cache: { at: number; data: UsageLimit } | null = null;

/**
 * The daily AI allowance, fetched only while a component using it is mounted and reused for 30 s
 * (docs/product.md §4.2).
 */
export function useUsage() {
  const [usage, setUsage] = useState<UsageLimit | null>(cache && Date.now() - cache.at < USAGE_STALE_MS ? cache.data : null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async (force: boolean) => {
    if (!force && cache && Date.now() - cache.at < USAGE_STALE_MS) {
      setUsage(cache.data);
      return;
    }
    try {
      const data = await call(api.GET('/api/usage-limit'));
      cache = { at: Date.now(), data };
      setUsage(data);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load(false);
  }, [load]);

  return { usage, failed, refetch: () => load(true) };
}
