import { useState, type FormEvent } from 'react';
import { INVALID_ACCESS_CODE_MESSAGE } from '../../../core/api/memes';
import { ApiClientError } from '~/lib/api-client';
import { api, call } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { btnPrimary, input } from '~/features/tools/styles';

/** The access-code form; the server checks the code and opens a session cookie. */
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
      const message = err instanceof ApiClientError && err.status !== 401 && err.serverMessage ? err.serverMessage : INVALID_ACCESS_CODE_MESSAGE;
      setError(message);
      toast.error('Access Denied', message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <form onSubmit={submit} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Premium Dashboard Access</h1>
        <label htmlFor="access-code" className="mt-6 block text-sm font-medium text-slate-800 dark:text-slate-200">
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
        <p className="mt-4 text-center text-sm text-slate-600 dark:text-slate-400">Premium members only. Need access? Contact support.</p>
      </form>
    </div>
  );
}
