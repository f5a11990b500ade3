import { useCallback, useEffect, useRef, useState } from 'react';
import type { CancelJobResponse } from '../../../core/api/jobs';
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

  /** The allowance as the server answered it elsewhere (a cancelled job's refund), without asking again. */
  const apply = useCallback((next: UsageLimit) => {
    setUsage(next);
    setFailed(false);
    fetchedAt.current = Date.now();
  }, []);

  /**
   * After Cancel: the server's answer to the cancel (its refund and the allowance after it) when there is one, else
   * the allowance read again. Resolves with the words for the toast.
   */
  const afterCancel = useCallback(
    async (answer: Promise<CancelJobResponse | null>): Promise<string> => {
      const outcome = await answer;
      if (outcome) apply(outcome.usage);
      else await refetch();
      return outcome?.counted ? 'The job had already finished, so it counted as one AI operation.' : 'Nothing was counted against your daily allowance.';
    },
    [apply, refetch],
  );

  return { usage, failed, refetch, apply, afterCancel, canGenerate: usage?.canGenerate ?? false };
}
