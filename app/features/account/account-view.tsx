import { useEffect, useState, type FormEvent } from 'react';
import type { Account, SignedIn } from '../../../core/api/account';
import { movedSentence } from '../../../core/api/account-messages';
import { SIGNED_IN_HINT_COOKIE } from '../../../core/api/account-hint';
import { SITE_NAME } from '../../../core/site';
import { signedInHint } from '~/components/layout/account-link';
import { Spinner } from '~/components/ui/spinner';
import { api, call } from '~/lib/api/client';
import { btnPrimary, btnSecondary, card, input, muted } from '~/features/tools/styles';
import { wordsOf } from './account-text';
import { accountChanged, createAccount, signIn, type Notice } from './ceremonies';
import { SignedInView } from './signed-in';

type State =
  | { kind: 'checking' }
  | { kind: 'signed-out' }
  | { kind: 'signed-in'; account: Account; notice: Notice | null };

/**
 * The account page (ADR 0170): signed out, create an account or sign in with a passkey (or the recovery code);
 * signed in, the account, its passkeys and devices, export and delete.
 */
export function AccountView() {
  const [state, setState] = useState<State>({ kind: 'checking' });

  useEffect(() => {
    // The hint is set and cleared with the session (ADR 0170): without it there is no session to ask about, and a
    // signed-out visit makes no request that would only answer 401.
    if (!signedInHint()) {
      setState({ kind: 'signed-out' });
      return;
    }
    call(api.GET('/api/account')).then(
      (account) => setState({ kind: 'signed-in', account, notice: null }),
      () => {
        // The header's hint may outlive a session ended elsewhere (signed out everywhere, account deleted).
        document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
        accountChanged();
        setState({ kind: 'signed-out' });
      },
    );
  }, []);

  const signedIn = (answer: SignedIn) => {
    accountChanged();
    setState({
      kind: 'signed-in',
      account: answer.account,
      notice: { recoveryCode: answer.recoveryCode, moved: movedSentence(answer.moved) },
    });
  };
  const signedOut = () => {
    accountChanged();
    setState({ kind: 'signed-out' });
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">Your Account</h1>
      {state.kind === 'checking' ? (
        <p role="status" className="flex items-center gap-2 py-8 text-slate-700 dark:text-slate-300">
          <Spinner /> Checking whether you are signed in...
        </p>
      ) : state.kind === 'signed-out' ? (
        <SignedOut onSignedIn={signedIn} />
      ) : (
        <SignedInView
          account={state.account}
          notice={state.notice}
          onChange={(account) => setState({ ...state, account })}
          onDismiss={() => setState({ ...state, notice: null })}
          onSignedOut={signedOut}
        />
      )}
    </div>
  );
}

function SignedOut({ onSignedIn }: { onSignedIn: (answer: SignedIn) => void }) {
  const [busy, setBusy] = useState<'create' | 'sign-in' | 'recover' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const run = async (which: 'create' | 'sign-in' | 'recover', ceremony: () => Promise<SignedIn | null>) => {
    setBusy(which);
    setError(null);
    try {
      const answer = await ceremony();
      if (answer) onSignedIn(answer);
    } catch (err) {
      setError(wordsOf(err));
    } finally {
      setBusy(null);
    }
  };
  const recover = (e: FormEvent) => {
    e.preventDefault();
    if (code) void run('recover', () => call(api.POST('/api/account/recover', { body: { recoveryCode: code } })));
  };

  return (
    <>
      <p className="mt-3 text-slate-700 dark:text-slate-300" data-testid="account-explained">
        Making memes and using the tools needs no account. An account keeps your share links, saved memes, API keys and
        premium on every device you sign in on. It uses a passkey (your fingerprint, face or device PIN, or a password
        manager): no password, no e-mail, no user name.
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <section className={card} aria-labelledby="new-account">
          <h2 id="new-account" className="text-lg font-semibold text-slate-900 dark:text-white">
            New here?
          </h2>
          <p className={`${muted} mt-1`}>What this browser already made on {SITE_NAME} moves into the new account.</p>
          <button
            type="button"
            className={`${btnPrimary} mt-4 w-full`}
            disabled={busy !== null}
            onClick={() => void run('create', createAccount)}
          >
            {busy === 'create' ? 'Waiting for your passkey...' : 'Create an account with a passkey'}
          </button>
        </section>
        <section className={card} aria-labelledby="have-account">
          <h2 id="have-account" className="text-lg font-semibold text-slate-900 dark:text-white">
            Have an account?
          </h2>
          <p className={`${muted} mt-1`}>Pick your passkey; your browser or phone shows the ones for this site.</p>
          <button
            type="button"
            className={`${btnPrimary} mt-4 w-full`}
            disabled={busy !== null}
            onClick={() => void run('sign-in', signIn)}
          >
            {busy === 'sign-in' ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
          </button>
        </section>
      </div>
      {error ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300" data-testid="account-error">
          {error}
        </p>
      ) : null}
      <details className="mt-6">
        <summary className="cursor-pointer text-sm font-medium text-slate-800 dark:text-slate-200">
          Lost every passkey? Use your recovery code
        </summary>
        <form onSubmit={recover} className="mt-3 flex flex-wrap items-end gap-2">
          <label className="grow text-sm font-medium text-slate-800 dark:text-slate-200">
            Recovery code
            <input
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              placeholder="ABCD-EFGH-JKLM-NPQR-STUV"
              className={input}
            />
          </label>
          <button type="submit" className={btnSecondary} disabled={!code || busy !== null}>
            {busy === 'recover' ? 'Checking...' : 'Sign in with the code'}
          </button>
        </form>
      </details>
    </>
  );
}
