/**
 * The passkey ceremonies in the browser (ADR 0170): options from the API, the browser's own passkey dialog through
 * @simplewebauthn/browser, the answer back to the API. A person who closes the dialog gets null, not an error.
 */
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { Account, CredentialResponse, SignedIn } from '../../../core/api/account';
import { api, call } from '~/lib/api/client';

/** What a sign-in just said, shown once above the account: the new recovery code, what moved in. */
export interface Notice {
  recoveryCode?: string;
  moved: string | null;
}

type Options = Parameters<typeof startRegistration>[0]['optionsJSON'];
type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** The library's JSON answer as the API's schema reads it (its interfaces carry no index signature). */
const sent = (response: object) => ({ response: response as CredentialResponse });

/** Closed, cancelled or timed out by the person: nothing to report. */
const cancelled = (err: unknown) =>
  (err instanceof WebAuthnError && err.code === 'ERROR_CEREMONY_ABORTED') ||
  (err instanceof Error && err.name === 'NotAllowedError');

async function attempt<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (cancelled(err)) return null;
    throw err;
  }
}

export const createAccount = () =>
  attempt(async (): Promise<SignedIn> => {
    const { options } = await call(api.POST('/api/account/options'));
    const response = await startRegistration({ optionsJSON: options as unknown as Options });
    return call(api.POST('/api/account', { body: sent(response) }));
  });

export const signIn = () =>
  attempt(async (): Promise<SignedIn> => {
    const { options } = await call(api.POST('/api/account/sign-in/options'));
    const response = await startAuthentication({ optionsJSON: options as unknown as RequestOptions });
    return call(api.POST('/api/account/sign-in', { body: sent(response) }));
  });

export const addPasskey = () =>
  attempt(async (): Promise<Account> => {
    const { options } = await call(api.POST('/api/account/passkeys/options'));
    const response = await startRegistration({ optionsJSON: options as unknown as Options });
    return call(api.POST('/api/account/passkeys', { body: sent(response) }));
  });

/** Tells the header its "Sign in" control may have changed (account-link.tsx). */
export const accountChanged = () => window.dispatchEvent(new Event('memeforge:account'));
