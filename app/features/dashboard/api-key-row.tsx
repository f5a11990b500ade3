import { useState } from 'react';
import type { ApiKey } from '../../../core/api/api-keys';
import { btnSecondary } from '~/features/tools/styles';
import { guideShare, memeDate } from './format';

const count = new Intl.NumberFormat('en-US');

/** One active key: name, prefix, dates, this month's calls as a bar against the allowance, and Revoke (confirmed). */
export function ApiKeyRow({
  apiKey,
  limit,
  onRevoke,
}: {
  apiKey: ApiKey;
  limit: number;
  onRevoke: (key: ApiKey) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const share = guideShare(apiKey.callsThisMonth, limit);
  const labelId = `api-key-${apiKey.id}-calls`;

  const revoke = async () => {
    setRevoking(true);
    try {
      await onRevoke(apiKey);
    } finally {
      setRevoking(false);
      setConfirming(false);
    }
  };

  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="api-key">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 break-words font-medium text-slate-900 dark:text-white">{apiKey.name}</p>
        <code
          className="rounded bg-slate-100 px-1.5 py-0.5 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200"
          data-testid="api-key-prefix"
        >
          {apiKey.prefix}…
        </code>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Created {memeDate(apiKey.createdAt)} ·{' '}
        {apiKey.lastUsedAt ? `last used ${memeDate(apiKey.lastUsedAt)}` : 'never used'}
      </p>
      <div className="mt-2 flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="text-slate-700 dark:text-slate-300">
          Calls this month
        </span>
        <span className="text-slate-700 dark:text-slate-300" data-testid="api-key-calls">
          <strong className="text-slate-900 dark:text-white">{count.format(apiKey.callsThisMonth)}</strong> of{' '}
          {count.format(limit)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={apiKey.callsThisMonth}
        aria-valuetext={`${count.format(apiKey.callsThisMonth)} of ${count.format(limit)} calls this month`}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className={`h-full rounded-full ${share >= 100 ? 'bg-red-700 dark:bg-red-400' : 'bg-violet-700 dark:bg-violet-400'}`}
          style={{ width: `${apiKey.callsThisMonth > 0 ? Math.max(share, 1) : 0}%` }}
        />
      </div>
      <div className="mt-3">
        {confirming ? (
          <div
            className="flex flex-wrap items-center gap-2"
            role="group"
            aria-label={`Confirm revoking ${apiKey.name}`}
          >
            <span className="text-sm text-slate-800 dark:text-slate-200">
              Revoke? Programs using it stop working at once.
            </span>
            <button
              type="button"
              className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50"
              disabled={revoking}
              onClick={revoke}
            >
              Yes, revoke
            </button>
            <button type="button" className={btnSecondary} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        ) : (
          <button
            type="button"
            className={btnSecondary}
            aria-label={`Revoke ${apiKey.name}`}
            onClick={() => setConfirming(true)}
          >
            Revoke
          </button>
        )}
      </div>
    </li>
  );
}
