import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ApiKey, ApiKeyCreated, ApiKeyList } from '../../../core/api/api-keys';
import { API_KEY_NAME_MAX_CHARS } from '../../../core/limits';
import { ApiClientError } from '~/lib/api-client';
import { api, call } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { btnPrimary, fieldLabel, input } from '~/features/tools/styles';
import { ApiKeyRow } from './api-key-row';
import { nextMonthStart } from './format';
import { NewApiKey } from './new-api-key';

const count = new Intl.NumberFormat('en-US');
const messageOf = (err: unknown, fallback: string) => (err instanceof ApiClientError && err.serverMessage) || fallback;

/** 'API keys': create a named key (shown once), the active keys with this month's calls, and revoke. */
export function ApiKeysSection() {
  const [list, setList] = useState<ApiKeyList | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const load = useCallback(() => {
    call(api.GET('/api/keys')).then(
      (l) => {
        setList(l);
        setLoadFailed(false);
      },
      () => setLoadFailed(true),
    );
  }, []);
  useEffect(load, [load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreating(true);
    setFormError(null);
    try {
      const key = await call(api.POST('/api/keys', { body: { name } }));
      setCreated(key);
      setName('');
      load();
    } catch (err) {
      setFormError(messageOf(err, 'The key could not be created. Please try again.'));
    } finally {
      setCreating(false);
    }
  };

  const revoke = async (key: ApiKey) => {
    try {
      await call(api.DELETE('/api/keys/{id}', { params: { path: { id: key.id } } }));
      if (created?.id === key.id) setCreated(null);
      toast.success('Key revoked', `“${key.name}” no longer works.`);
      load();
    } catch (err) {
      toast.error('Revoke failed', messageOf(err, 'The key could not be revoked. Please try again.'));
    }
  };

  const atLimit = list !== null && list.keys.length >= list.maxActiveKeys;

  return (
    <section
      aria-labelledby="api-keys-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      data-testid="api-keys"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="api-keys-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          API keys
        </h2>
        <a href="/developers" className="text-sm font-semibold text-brand-700 underline dark:text-brand-400">
          How to use the API
        </a>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Call any API route from your own programs with{' '}
        <code className="text-slate-800 dark:text-slate-200">Authorization: Bearer mf_…</code>.
        {list
          ? ` Each key may make ${count.format(list.monthlyLimit)} calls a month; the count starts again on ${nextMonthStart(Date.now())} (UTC).`
          : ''}
      </p>

      <form onSubmit={create} className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <div className="flex-1">
          <label htmlFor="api-key-name" className={fieldLabel}>
            Key name
          </label>
          <input
            id="api-key-name"
            className={input}
            value={name}
            maxLength={API_KEY_NAME_MAX_CHARS}
            placeholder="e.g. Build server"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={formError ? true : undefined}
            aria-describedby={formError ? 'api-key-error' : undefined}
          />
        </div>
        <button type="submit" className={btnPrimary} disabled={creating || atLimit}>
          {creating ? 'Creating…' : 'Create key'}
        </button>
      </form>
      {formError ? (
        <p id="api-key-error" role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {formError}
        </p>
      ) : atLimit ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          You have {list.maxActiveKeys} active keys, the most allowed. Revoke one to create another.
        </p>
      ) : null}

      {created ? <NewApiKey created={created} onDone={() => setCreated(null)} /> : null}

      {loadFailed ? (
        <p role="alert" className="mt-4 text-red-700 dark:text-red-300">
          Your API keys could not be loaded. Please reload the page.
        </p>
      ) : list === null ? (
        <p role="status" className="mt-4 text-slate-600 dark:text-slate-400">
          Loading your keys...
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" data-testid="api-calls-total">
            This month: <strong className="text-slate-900 dark:text-white">{count.format(list.callsThisMonth)}</strong>{' '}
            {list.callsThisMonth === 1 ? 'call' : 'calls'} with your keys, revoked ones included.
          </p>
          {list.keys.length === 0 ? (
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              No active keys. Create one above to call the API from a program.
            </p>
          ) : (
            <ul className="mt-2 grid grid-cols-1 gap-3 md:grid-cols-2" aria-label="Your active API keys">
              {list.keys.map((k) => (
                <ApiKeyRow key={k.id} apiKey={k} limit={list.monthlyLimit} onRevoke={revoke} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
