/**
 * The WebAuthn ceremonies (ADR 0170), through @simplewebauthn/server: options with a challenge kept on the server for
 * WEBAUTHN_CHALLENGE_TTL_SECONDS, and the browser's answer verified against that challenge (taken, so it is used once),
 * the relying party's origins and id, and for a sign-in the stored public key and signature counter.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { ACCOUNT_MESSAGES, deviceLabel, type CredentialResponse } from '../../../../core/api/account';
import { WEBAUTHN_CHALLENGE_TTL_SECONDS } from '../../../../core/limits';
import { SITE_NAME } from '../../../../core/site';
import {
  findPasskey,
  putChallenge,
  recordPasskeyUse,
  takeChallenge,
  type ChallengePurpose,
  type PasskeyRow,
} from '../db/accounts';
import { HttpError } from '../errors';
import { siteOrigins } from '../http';

const TTL_MS = WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000;
const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * The relying party: the first of the site's configured origins on a domain name (an IP address cannot be one, so
 * locally it is http://localhost:8788, the alias of http://127.0.0.1:8788, ADR 0155), and every configured origin on
 * that name, the only ones a passkey answer may come from.
 */
export function relyingParty(env: Pick<Env, 'SITE_ORIGIN' | 'SITE_ALIASES'>): { id: string; origins: string[] } {
  const named = siteOrigins(env).filter((origin) => !IP_HOST.test(new URL(origin).hostname));
  if (named.length === 0) throw new HttpError(503, 'not_configured', ACCOUNT_MESSAGES.noDomain);
  const id = new URL(named[0]!).hostname;
  return { id, origins: named.filter((origin) => new URL(origin).hostname === id) };
}

const challengeGone = () => new HttpError(400, 'challenge_expired', ACCOUNT_MESSAGES.challengeGone);
const notVerified = () => new HttpError(401, 'unauthorized', ACCOUNT_MESSAGES.notVerified);

/** The challenge the browser signed, read from its client data (the library checks it again, with everything else). */
function signedChallenge(response: CredentialResponse): string {
  try {
    const data = JSON.parse(isoUint8Array.toUTF8String(isoBase64URL.toBuffer(response.response.clientDataJSON))) as {
      challenge?: unknown;
    };
    if (typeof data.challenge === 'string' && data.challenge.length > 0) return data.challenge;
  } catch {
    // not base64url JSON: said below
  }
  throw new HttpError(
    400,
    'validation_failed',
    'The passkey answer is not one a browser makes (its client data cannot be read).',
  );
}

/** Options for making a passkey: a new account's first (`create`), or one more for a signed-in account (`add`). */
export async function creationOptions(
  env: Env,
  purpose: Exclude<ChallengePurpose, 'sign-in'>,
  accountId: string,
  existing: PasskeyRow[],
  now = Date.now(),
) {
  const rp = relyingParty(env);
  const options = await generateRegistrationOptions({
    rpName: SITE_NAME,
    rpID: rp.id,
    // Discoverable credentials need a user name; nobody types it, and the passkey list shows it.
    userName: `${SITE_NAME} account`,
    userDisplayName: `${SITE_NAME} account`,
    userID: isoUint8Array.fromUTF8String(accountId),
    timeout: TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as string[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await putChallenge(env.DB, options.challenge, purpose, accountId, now + TTL_MS);
  return options;
}

/** Verifies a new passkey against its taken challenge: the account it is for, and the row to keep. */
export async function verifyCreation(
  request: Request,
  env: Env,
  purpose: Exclude<ChallengePurpose, 'sign-in'>,
  response: CredentialResponse,
  now = Date.now(),
) {
  const rp = relyingParty(env);
  const challenge = signedChallenge(response);
  const taken = await takeChallenge(env.DB, challenge, purpose, now);
  if (!taken?.accountId) throw challengeGone();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (err) {
    console.log(JSON.stringify({ event: 'passkey_refused', ceremony: purpose, reason: String(err) }));
    throw new HttpError(400, 'passkey_refused', ACCOUNT_MESSAGES.notVerified);
  }
  if (!verified.verified) throw new HttpError(400, 'passkey_refused', ACCOUNT_MESSAGES.notVerified);
  const { credential } = verified.registrationInfo;
  const passkey: PasskeyRow = {
    id: credential.id,
    accountId: taken.accountId,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    label: deviceLabel(request.headers.get('user-agent')),
    createdAt: now,
    lastUsedAt: null,
  };
  return passkey;
}

/** Options for signing in with any of this site's passkeys (discoverable: no list of credentials, no user name). */
export async function signInOptions(env: Env, now = Date.now()) {
  const rp = relyingParty(env);
  const options = await generateAuthenticationOptions({ rpID: rp.id, timeout: TTL_MS, userVerification: 'preferred' });
  await putChallenge(env.DB, options.challenge, 'sign-in', null, now + TTL_MS);
  return options;
}

/**
 * Verifies a sign-in: its challenge taken, a passkey of a live account, the signature by its stored key, a counter
 * that moved on (a cloned authenticator's does not), recorded only if no other sign-in used the same counter first.
 */
export async function verifySignIn(env: Env, response: CredentialResponse, now = Date.now()): Promise<PasskeyRow> {
  const rp = relyingParty(env);
  const challenge = signedChallenge(response);
  if (!(await takeChallenge(env.DB, challenge, 'sign-in', now))) throw challengeGone();
  const passkey = await findPasskey(env.DB, response.id);
  if (!passkey) throw new HttpError(401, 'unauthorized', ACCOUNT_MESSAGES.unknownPasskey);
  const userHandle = (response.response as { userHandle?: unknown }).userHandle;
  if (typeof userHandle === 'string' && userHandle !== isoBase64URL.fromUTF8String(passkey.accountId))
    throw notVerified();
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: { id: passkey.id, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter },
      requireUserVerification: false,
    });
  } catch (err) {
    console.log(JSON.stringify({ event: 'passkey_refused', ceremony: 'sign-in', reason: String(err) }));
    throw notVerified();
  }
  if (!verified.verified) throw notVerified();
  if (!(await recordPasskeyUse(env.DB, passkey.id, passkey.counter, verified.authenticationInfo.newCounter, now)))
    throw notVerified();
  return passkey;
}
