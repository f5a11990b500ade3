import { useState } from 'react';
import { api, call } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { btnPrimary, btnSecondary, card, muted } from '~/features/tools/styles';
import { heading, wordsOf } from './account-text';

/** The account's data: export it as a ZIP, or delete the account after a warning that says what goes. */
export function LeaveSection({ onDeleted }: { onDeleted: () => void }) {
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
