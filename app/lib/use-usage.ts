import { useCallback, useEffect, useState } from 'react';
import type { CancelJobResponse } from '../../core/api/jobs';
import type { UsageLimit } from '../../core/api/usage';
import { USAGE_STALE_MS } from '../../core/limits';
import { api, call } from '~/lib/api/client';

/** The last answer, shared by every screen of the page: the editor's AI tab and the AI tools read the same allowance. */
let cache: { at: number; data: UsageLimit } | null = null;
const fresh = () => (cache && Date.now() - cache.at < USAGE_STALE_MS ? cache.data : null);

/**
 * The visitor's daily AI allowance, fetched only while a component using it is mounted and reused for 30 s
 * (docs/product.md §4.2, §5.1): a tab that comes back later fetches again. `refetch` after every AI operation.
 */
export function useUsage() {
  const [usage, setUsage] = useState<UsageLimit | null>(fresh);
  const [failed, setFailed] = useState(false);

  /** The allowance as the server answered it (here or elsewhere, e.g. a cancelled job's refund), without asking again. */
  const apply = useCallback((next: UsageLimit) => {
    cache = { at: Date.now(), data: next };
    setUsage(next);
    setFailed(false);
  }, []);

  const load = useCallback(
    async (force: boolean) => {
      const reuse = force ? null : fresh();
      if (reuse) return setUsage(reuse);
      try {
        apply(await call(api.GET('/api/usage-limit')));
      } catch {
        setFailed(true);
      }
    },
    [apply],
  );
  const refetch = useCallback(() => load(true), [load]);

  useEffect(() => {
    void load(false);
    const onFocus = () => void load(false);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [load]);

  /**
   * After Cancel: the server's answer to the cancel (its refund and the allowance after it) when there is one, else
   * the allowance read again. Resolves with the words for the toast.
   */
  const afterCancel = useCallback(
    async (answer: Promise<CancelJobResponse | null>): Promise<string> => {
      const outcome = await answer;
      if (outcome) apply(outcome.usage);
      else await refetch();
      return outcome?.counted
        ? 'The job had already finished, so it counted as one AI operation.'
        : 'Nothing was counted against your daily allowance.';
    },
    [apply, refetch],
  );

  return { usage, failed, refetch, apply, afterCancel, canGenerate: usage?.canGenerate ?? false };
}
