import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { Account } from '../../../core/api/account';
import { ACCOUNT_MESSAGES } from '../../../core/api/account-messages';
import type { Share } from '../../../core/api/shares';
import { sharePagePath } from '../../../core/api/share-links';
import { ApiClientError } from '~/lib/api-client';
import { api, call } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { btnPrimary, btnSecondary, card, muted } from '~/features/tools/styles';
import { addPasskey, type Notice } from './ceremonies';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const wordsOf = (err: unknown) =>
  err instanceof ApiClientError && err.serverMessage ? err.serverMessage : 'That did not work. Please try again.';
const heading = 'text-lg font-semibold text-slate-900 dark:text-white';
const row = 'flex flex-wrap items-center justify-between gap-2 py-2';

interface Props {
  account: Account;
  notice: Notice | null;
  onChange: (account: Account) => void;
  onDismiss: () => void;
  onSignedOut: () => void;
}

/** The signed-in account: what just happened, premium, share links, passkeys, devices, and leaving. */
export function SignedInView({ account, notice, onChange, onDismiss, onSignedOut }: Props) {
  const [shares, setShares] = useState<Share[] | null>(null);
  useEffect(() => {
    call(api.GET('/api/shares')).then(
      (r) => setShares(r.shares),
      () => setShares([]),
    );
  }, [account.id]);

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
      {notice && (notice.recoveryCode || notice.moved) ? (
        <section
          className="rounded-xl border border-brand-300 bg-orange-50 p-4 dark:border-brand-700 dark:bg-slate-900"
          aria-live="polite"
        >
          {notice.moved ? (
            <p className="font-medium text-slate-900 dark:text-white" data-testid="account-moved">
              {notice.moved}
            </p>
          ) : null}
          {notice.recoveryCode ? (
            <>
              <h2 className={`${heading} mt-1`}>Your recovery code</h2>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                Write it down or keep it in your password manager. It is shown only now, and it signs you in if you lose
                every passkey.
              </p>
              <p
                className="mt-2 select-all font-mono text-lg tracking-wider text-slate-900 dark:text-white"
                data-testid="recovery-code"
              >
                {notice.recoveryCode}
              </p>
            </>
          ) : null}
          <button type="button" className={`${btnSecondary} mt-3`} onClick={onDismiss}>
            {notice.recoveryCode ? 'I have kept it' : 'OK'}
          </button>
        </section>
      ) : null}

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

function LeaveSection({ onDeleted }: { onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await call(api.DELETE('/api/account'));
      toast.success('Account Deleted', 'Everything it kept is gone, and every device is signed out.');
      onDeleted();
    } catch (err) {
      toast.error('Delete Failed', wordsOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={card} aria-labelledby="leave-heading">
      <h2 id="leave-heading" className={heading}>
        Your data
      </h2>
      <p className={`${muted} mt-1`}>
        Export gives you a ZIP of your saved memes and shared pictures, with a list of your share links and API keys.
      </p>
      {/* One wrapping row: on a phone the second button starts its own line flush left. */}
      <div className="mt-3 flex flex-wrap gap-2">
        <a href="/api/account/export" download className={btnSecondary}>
          Export my data
        </a>
        {confirming ? null : (
          <button type="button" className={btnSecondary} onClick={() => setConfirming(true)}>
            Delete my account
          </button>
        )}
      </div>
      {confirming ? (
        <div
          className="mt-4 rounded-lg border border-red-300 p-3 dark:border-red-700"
          role="alertdialog"
          aria-labelledby="delete-warning"
        >
          <p id="delete-warning" className="text-sm text-slate-800 dark:text-slate-200">
            This deletes your saved memes, your share links (their pages stop working), your API keys and premium, and
            signs out every device. It cannot be undone.
          </p>
          <div className="mt-3 flex gap-2">
            <button
              type="button"
              className={`${btnPrimary} bg-red-700 hover:bg-red-800`}
              disabled={busy}
              onClick={() => void remove()}
            >
              {busy ? 'Deleting...' : 'Delete everything'}
            </button>
            <button type="button" className={btnSecondary} onClick={() => setConfirming(false)}>
              Keep my account
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
