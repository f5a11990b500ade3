import { Link } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { INVALID_ACCESS_CODE_MESSAGE } from '../../../core/messages';
import { SITE_NAME } from '../../../core/site';
import { ApiClientError } from '~/lib/api-client';
import { api, call } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { btnPrimary, btnSecondary, input } from '~/features/tools/styles';
import { MEMBER_PLAN } from '~/features/pricing/plans';

/**
 * The dashboard to someone without a session: what it is and who it is for, the access-code form (the server checks
 * the code and opens a session cookie), and for everyone else what Premium adds and how to ask for it, from the plan
 * catalogue (core/plans.ts). The share links of this browser follow below it (dashboard-view.tsx).
 */
export function AccessGate({ onUnlocked }: { onUnlocked: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code || busy) return;
    setBusy(true);
    setError(null);
    try {
      await call(api.POST('/api/session', { body: { accessCode: code } }));
      onUnlocked();
    } catch (err) {
      const message =
        err instanceof ApiClientError && err.status !== 401 && err.serverMessage
          ? err.serverMessage
          : INVALID_ACCESS_CODE_MESSAGE;
      setError(message);
      toast.error('Access Denied', message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">Premium Dashboard Access</h1>
      <p className="mt-3 max-w-2xl text-slate-700 dark:text-slate-300" data-testid="dashboard-explained">
        The dashboard is where Premium members find their saved memes, their figures and their API keys. It opens with
        the access code support sends each member. Everything else on {SITE_NAME} is free, with no sign-up.
      </p>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <form
          onSubmit={submit}
          className="self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Have a code?</h2>
          <label htmlFor="access-code" className="mt-4 block text-sm font-medium text-slate-800 dark:text-slate-200">
            Access Code
          </label>
          <input
            id="access-code"
            type="password"
            autoComplete="current-password"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'access-error' : undefined}
            className={input}
          />
          {error ? (
            <p id="access-error" role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
          <button type="submit" className={`${btnPrimary} mt-4 w-full`} disabled={!code || busy}>
            {busy ? 'Checking...' : 'Access Dashboard'}
          </button>
        </form>
        <section
          aria-labelledby="not-member"
          className="rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-700 dark:bg-slate-900/60"
        >
          <h2 id="not-member" className="text-lg font-semibold text-slate-900 dark:text-white">
            Not a member?
          </h2>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{MEMBER_PLAN.name} adds:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            {MEMBER_PLAN.features
              .filter((f) => f.id !== 'everythingFree')
              .map((f) => (
                <li key={f.id}>{f.text}</li>
              ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link to={MEMBER_PLAN.buttonHref} className={btnSecondary}>
              {MEMBER_PLAN.buttonText}
            </Link>
            <Link to="/pricing" className={btnSecondary}>
              See pricing
            </Link>
          </div>
        </section>
      </div>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        Share links made in this browser are listed below for everyone, with no code.
      </p>
    </div>
  );
}
