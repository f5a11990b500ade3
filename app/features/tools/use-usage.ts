import { useCallback, useEffect, useRef, useState } from 'react';
import type { UsageLimit } from '../../../core/api/usage';
import { api, call } from '~/lib/api/client';

/** Stale after 30 s (docs/product.md §5.1): a tab that comes back later fetches again. */
const STALE_MS = 30_000;

/** The visitor's AI allowance; `refetch` after every AI operation. */
export function useUsage() {
  const [usage, setUsage] = useState<UsageLimit | null>(null);
  const [failed, setFailed] = useState(false);
  const fetchedAt = useRef(0);

  const refetch = useCallback(async () => {
    try {
      setUsage(await call(api.GET('/api/usage-limit')));
      setFailed(false);
      fetchedAt.current = Date.now();
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void refetch();
    const onFocus = () => Date.now() - fetchedAt.current > STALE_MS && void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);

  return { usage, failed, refetch, canGenerate: usage?.canGenerate ?? false };
}
