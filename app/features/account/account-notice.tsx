import { btnSecondary } from '~/features/tools/styles';
import { heading } from './account-text';
import type { Notice } from './ceremonies';

/** What a sign-in just said, above the account until dismissed: what moved in, and the recovery code, shown once. */
export function AccountNotice({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  if (!notice || !(notice.recoveryCode || notice.moved)) return null;
  return (
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
  );
}
