import { Link } from '@remix-run/react';
import type { Account } from '../../../core/api/account';
import { ACCOUNT_MESSAGES } from '../../../core/api/account-messages';
import { api, call } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { btnSecondary, card, muted } from '~/features/tools/styles';
import { AccountNotice } from './account-notice';
import { AccountShares } from './account-shares';
import { day, heading, row, wordsOf } from './account-text';
import { addPasskey, type Notice } from './ceremonies';
import { LeaveSection } from './leave-section';

interface Props {
  account: Account;
  notice: Notice | null;
  onChange: (account: Account) => void;
  onDismiss: () => void;
  onSignedOut: () => void;
}

/** The signed-in account: what just happened, premium, share links, passkeys, devices, and leaving. */
export function SignedInView({ account, notice, onChange, onDismiss, onSignedOut }: Props) {
  const reload = () => call(api.GET('/api/account')).then(onChange, onSignedOut);
  const act = async (run: () => Promise<unknown>, done?: string) => {
    try {
      await run();
      if (done) toast.success(done, '');
    } catch (err) {
      toast.error('That Did Not Work', wordsOf(err));
    }
  };

  return (
    <div className="mt-4 space-y-4" data-testid="account-signed-in">
      <AccountNotice notice={notice} onDismiss={onDismiss} />

      <section className={card} aria-labelledby="account-summary">
        <h2 id="account-summary" className={heading}>
          Signed in
        </h2>
        <p className={`${muted} mt-1`} data-testid="account-summary">
          Account made {day(account.createdAt)} ·{' '}
          {account.premium ? `Premium since ${day(account.premiumSince!)}` : 'Free'}
        </p>
        <p className="mt-2 text-sm">
          <Link to="/dashboard" className="font-medium text-brand-700 underline dark:text-brand-300">
            {account.premium ? 'Open your dashboard' : 'Unlock premium with an access code'}
          </Link>
        </p>
      </section>

      <AccountShares accountId={account.id} />

      <section className={card} aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading" className={heading}>
          Passkeys ({account.passkeys.length})
        </h2>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="passkeys">
          {account.passkeys.map((p) => (
            <li key={p.id} className={row}>
              <span className="text-slate-800 dark:text-slate-200">
                {p.label} · added {day(p.createdAt)}
                {p.lastUsedAt ? ` · last used ${day(p.lastUsedAt)}` : ''}
              </span>
              <button
                type="button"
                className={btnSecondary}
                onClick={() => {
                  const last = account.passkeys.length === 1;
                  // Never the last one without a warning (docs/product.md): the recovery code is then the only way in.
                  if (last && !window.confirm(`${ACCOUNT_MESSAGES.lastPasskey} Remove it anyway?`)) return;
                  void act(async () => {
                    await call(
                      api.DELETE('/api/account/passkeys/{id}', {
                        params: { path: { id: p.id }, query: last ? { last: 'confirmed' } : {} } as never,
                      }),
                    );
                    await reload();
                  }, 'Passkey Removed');
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={`${btnSecondary} mt-2`}
          onClick={() =>
            void act(async () => {
              const updated = await addPasskey();
              if (updated) onChange(updated);
            })
          }
        >
          Add a passkey
        </button>
      </section>

      <section className={card} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className={heading}>
          Signed-in devices ({account.sessions.length})
        </h2>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="sessions">
          {account.sessions.map((s) => (
            <li key={s.id} className={row}>
              <span className="text-slate-800 dark:text-slate-200">
                {s.label} · since {day(s.createdAt)}
                {s.current ? ' · this device' : ''}
              </span>
              <button
                type="button"
                className={btnSecondary}
                onClick={() =>
                  void act(async () => {
                    await call(api.DELETE('/api/account/sessions/{id}', { params: { path: { id: s.id } } }));
                    if (s.current) onSignedOut();
                    else await reload();
                  })
                }
              >
                {s.current ? 'Sign out' : 'Sign this device out'}
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={`${btnSecondary} mt-2`}
          onClick={() =>
            void act(async () => {
              await call(api.DELETE('/api/account/sessions'));
              onSignedOut();
            }, 'Signed Out Everywhere')
          }
        >
          Sign out everywhere
        </button>
      </section>

      <LeaveSection onDeleted={onSignedOut} />
    </div>
  );
}
