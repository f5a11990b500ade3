import { useEffect, useState } from 'react';
import type { Account } from '../../../core/api/account';
import type { Share } from '../../../core/api/shares';
import { sharePagePath } from '../../../core/api/share-links';
import { api, call } from '~/lib/api/client';
import { card, muted } from '~/features/tools/styles';
import { day, heading, row } from './account-text';

/** The account's share links, asked for again whenever the account changes. */
export function AccountShares({ accountId }: { accountId: Account['id'] }) {
  const [shares, setShares] = useState<Share[] | null>(null);
  useEffect(() => {
    call(api.GET('/api/shares')).then(
      (r) => setShares(r.shares),
      () => setShares([]),
    );
  }, [accountId]);

  return (
    <section className={card} aria-labelledby="account-shares-heading">
      <h2 id="account-shares-heading" className={heading}>
        Your share links ({shares?.length ?? 0})
      </h2>
      {shares === null ? (
        <p role="status" className={muted}>
          Loading...
        </p>
      ) : shares.length === 0 ? (
        <p className={muted}>None yet: share a meme from the editor&apos;s Download dialog.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="account-shares">
          {shares.map((s) => (
            <li key={s.id} className={row}>
              <a href={sharePagePath(s.id)} className="font-medium text-brand-700 underline dark:text-brand-300">
                {s.template?.name ?? 'Meme'} · {day(s.createdAt)}
              </a>
              <span className={muted}>{s.expiresAt ? `until ${day(s.expiresAt)}` : 'kept'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
