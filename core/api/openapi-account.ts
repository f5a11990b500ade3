/**
 * The account routes as the public document describes them (ADR 0170): passkey ceremonies, the recovery code, the
 * account itself, its devices, export and deletion. Browser-only, as premium sessions and key management are: an API
 * key is refused on all of them. Joined to the rest in openapi-routes.ts.
 */
import {
  ACCESS_CODE_MAX_FAILURES_PER_HOUR,
  ACCESS_CODE_MAX_FAILURES_PER_MINUTE,
  ACCOUNT_SESSION_TTL_SECONDS,
  MAX_JSON_BYTES,
  WEBAUTHN_CHALLENGE_TTL_SECONDS,
} from '../limits';
import {
  ACCOUNT_MESSAGES,
  accountSchema,
  ceremonyOptionsSchema,
  ceremonyRequestSchema,
  recoveryRequestSchema,
  signedInSchema,
} from './account';
import { routeList, type RouteError } from './openapi';
import { INTERNAL, JSON_ERRORS } from './openapi-errors';

const SIGNED_OUT: RouteError = { status: 401, code: 'unauthorized', when: ACCOUNT_MESSAGES.signedOut };
const NO_DOMAIN: RouteError = {
  status: 503,
  code: 'not_configured',
  when: 'The site is configured on an IP address only; passkeys need a domain name.',
};
const CHALLENGE_GONE: RouteError = {
  status: 400,
  code: 'challenge_expired',
  when: `The challenge the answer signed was never given, is older than ${WEBAUTHN_CHALLENGE_TTL_SECONDS / 60} minutes, or was already used.`,
};
const SIGN_IN_LOCKED: RouteError = {
  status: 429,
  code: 'rate_limited',
  when: `This browser failed to sign in more than ${ACCESS_CODE_MAX_FAILURES_PER_MINUTE} times in a minute or ${ACCESS_CODE_MAX_FAILURES_PER_HOUR} in an hour (or many browsers did from one network); wait the Retry-After seconds.`,
};
/** The shape @simplewebauthn/browser's startRegistration/startAuthentication answer (values shortened). */
const CREDENTIAL_EXAMPLE = {
  response: {
    id: 'hWc1zV0sQ3mYb2kq8o4Tpg',
    rawId: 'hWc1zV0sQ3mYb2kq8o4Tpg',
    type: 'public-key',
    response: {
      clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoi4oCmIn0',
      authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
      signature: 'MEUCIQ…',
    },
    clientExtensionResults: {},
  },
};
const SIGNED_IN =
  'Signed in on this device (an HttpOnly cookie): what this browser already had (saved memes, share links, API keys, premium) moved into the account, and `moved` says how much.';
const ceremonyBody = {
  kind: 'json' as const,
  schema: ceremonyRequestSchema,
  maxBytes: MAX_JSON_BYTES,
  example: CREDENTIAL_EXAMPLE,
};
const optionsAnswer = (what: string) => ({
  status: 200,
  description: `The options to pass to ${what}; the challenge is kept on the server for ${WEBAUTHN_CHALLENGE_TTL_SECONDS / 60} minutes and works once.`,
  kind: 'json' as const,
  schema: ceremonyOptionsSchema,
  id: 'PasskeyOptions',
});

export const ACCOUNT_ROUTES = routeList([
  {
    method: 'post',
    path: '/api/account/options',
    operationId: 'postAccountOptions',
    tag: 'Account',
    auth: 'public',
    summary: 'Start creating an account',
    description:
      'Options for `navigator.credentials.create()`: a discoverable passkey (no user name is typed) for a new account.',
    answers: [optionsAnswer('`navigator.credentials.create()`')],
    errors: [NO_DOMAIN, INTERNAL],
  },
  {
    method: 'post',
    path: '/api/account',
    operationId: 'postAccount',
    tag: 'Account',
    auth: 'public',
    summary: 'Create an account with a passkey',
    description: `The browser's answer to the options: the passkey is verified (challenge, origin, relying party) and the account created. ${SIGNED_IN} \`recoveryCode\` is shown once and kept only as a hash: it signs in when every passkey is lost.`,
    body: ceremonyBody,
    answers: [
      { status: 201, description: 'The account, signed in.', kind: 'json', schema: signedInSchema, id: 'SignedIn' },
    ],
    errors: [
      ...JSON_ERRORS,
      CHALLENGE_GONE,
      {
        status: 400,
        code: 'passkey_refused',
        when: 'The passkey answer does not verify: another origin or relying party, a bad attestation.',
      },
      NO_DOMAIN,
      INTERNAL,
    ],
  },
  {
    method: 'get',
    path: '/api/account',
    operationId: 'getAccount',
    tag: 'Account',
    auth: 'public',
    summary: 'Your account',
    description:
      'The signed-in account: premium, its passkeys and the devices signed in to it (this one marked `current`).',
    answers: [{ status: 200, description: 'The account.', kind: 'json', schema: accountSchema, id: 'Account' }],
    errors: [SIGNED_OUT, INTERNAL],
  },
  {
    method: 'delete',
    path: '/api/account',
    operationId: 'deleteAccountRoute',
    tag: 'Account',
    auth: 'public',
    summary: 'Delete your account',
    description:
      'Signs every device out, then deletes everything the account owns: saved memes, share links (their pages then answer 410), API keys and their usage, premium. A step that fails is finished by the hourly cleanup; the answer is the same.',
    answers: [{ status: 204, description: 'Deleted; this device is signed out.', kind: 'empty' }],
    errors: [SIGNED_OUT, INTERNAL],
  },
  {
    method: 'get',
    path: '/api/account/export',
    operationId: 'getAccountExport',
    tag: 'Account',
    auth: 'public',
    summary: 'Export your data',
    description:
      'A ZIP: the saved memes (`memes/`), the live share links’ pictures (`shares/`), and `account.json` describing the account, its memes, shares and API keys (names and first characters, never a key).',
    answers: [{ status: 200, description: 'The ZIP, as an attachment.', kind: 'file', contentType: 'application/zip' }],
    errors: [SIGNED_OUT, INTERNAL],
  },
  {
    method: 'post',
    path: '/api/account/sign-in/options',
    operationId: 'postSignInOptions',
    tag: 'Account',
    auth: 'public',
    summary: 'Start signing in',
    description:
      'Options for `navigator.credentials.get()`: any passkey of this site, chosen by the person (no user name).',
    answers: [optionsAnswer('`navigator.credentials.get()`')],
    errors: [NO_DOMAIN, INTERNAL],
  },
  {
    method: 'post',
    path: '/api/account/sign-in',
    operationId: 'postSignIn',
    tag: 'Account',
    auth: 'public',
    summary: 'Sign in with a passkey',
    description: `The browser's signed answer: verified against the stored public key, the challenge, the origin, and a signature counter that must move on. ${SIGNED_IN} A session lasts ${ACCOUNT_SESSION_TTL_SECONDS / 86_400} days.`,
    body: ceremonyBody,
    answers: [{ status: 200, description: 'Signed in.', kind: 'json', schema: signedInSchema, id: 'SignedIn' }],
    errors: [
      ...JSON_ERRORS,
      CHALLENGE_GONE,
      {
        status: 401,
        code: 'unauthorized',
        when: `${ACCOUNT_MESSAGES.unknownPasskey} Or the signature, origin or counter does not verify.`,
      },
      SIGN_IN_LOCKED,
      NO_DOMAIN,
      INTERNAL,
    ],
  },
  {
    method: 'post',
    path: '/api/account/recover',
    operationId: 'postRecover',
    tag: 'Account',
    auth: 'public',
    summary: 'Sign in with the recovery code',
    description: `When every passkey is lost. The code works once: the answer's \`recoveryCode\` is the new one, shown once. ${SIGNED_IN}`,
    body: {
      kind: 'json',
      schema: recoveryRequestSchema,
      maxBytes: MAX_JSON_BYTES,
      example: { recoveryCode: 'ABCD-EFGH-JKLM-NPQR-STUV' },
    },
    answers: [
      {
        status: 200,
        description: 'Signed in, with a new recovery code.',
        kind: 'json',
        schema: signedInSchema,
        id: 'SignedIn',
      },
    ],
    errors: [
      ...JSON_ERRORS,
      { status: 401, code: 'unauthorized', when: ACCOUNT_MESSAGES.wrongRecoveryCode },
      SIGN_IN_LOCKED,
      INTERNAL,
    ],
  },
  {
    method: 'post',
    path: '/api/account/passkeys/options',
    operationId: 'postPasskeyOptions',
    tag: 'Account',
    auth: 'public',
    summary: 'Start adding a passkey',
    description:
      'Options for one more passkey on the signed-in account (another device or password manager); the account’s passkeys are excluded.',
    answers: [optionsAnswer('`navigator.credentials.create()`')],
    errors: [SIGNED_OUT, NO_DOMAIN, INTERNAL],
  },
  {
    method: 'post',
    path: '/api/account/passkeys',
    operationId: 'postPasskey',
    tag: 'Account',
    auth: 'public',
    summary: 'Add a passkey',
    description: 'The browser’s answer to the options: verified and kept. Answers the account as it now is.',
    body: ceremonyBody,
    answers: [{ status: 201, description: 'Added.', kind: 'json', schema: accountSchema, id: 'Account' }],
    errors: [
      ...JSON_ERRORS,
      CHALLENGE_GONE,
      { status: 400, code: 'passkey_refused', when: 'The passkey answer does not verify.' },
      SIGNED_OUT,
      { status: 409, code: 'conflict', when: 'This passkey is already on an account here.' },
      NO_DOMAIN,
      INTERNAL,
    ],
  },
  {
    method: 'delete',
    path: '/api/account/passkeys/{id}',
    operationId: 'deletePasskeyRoute',
    tag: 'Account',
    auth: 'public',
    summary: 'Remove a passkey',
    description:
      'It no longer signs in. The last one goes only with `?last=confirmed` (the recovery code still signs in).',
    pathParams: { id: { description: 'The passkey id from the account.', example: 'hWc1zV0sQ3mYb2kq8o4Tpg' } },
    answers: [{ status: 204, description: 'Removed.', kind: 'empty' }],
    errors: [
      SIGNED_OUT,
      { status: 404, code: 'not_found', when: 'No passkey of this account has this id.' },
      { status: 409, code: 'conflict', when: ACCOUNT_MESSAGES.lastPasskey },
      INTERNAL,
    ],
  },
  {
    method: 'delete',
    path: '/api/account/sessions',
    operationId: 'deleteSessionsRoute',
    tag: 'Account',
    auth: 'public',
    summary: 'Sign out everywhere',
    description: 'Ends every session of the account, this device’s included.',
    answers: [{ status: 204, description: 'Signed out everywhere.', kind: 'empty' }],
    errors: [SIGNED_OUT, INTERNAL],
  },
  {
    method: 'delete',
    path: '/api/account/sessions/{id}',
    operationId: 'deleteSessionRoute',
    tag: 'Account',
    auth: 'public',
    summary: 'Sign one device out',
    description: 'Ends one session of the account; this device’s own (`current`) is signing out here.',
    pathParams: {
      id: { description: 'The session id from the account.', example: '0123456789abcdef0123456789abcdef' },
    },
    answers: [{ status: 204, description: 'Signed out.', kind: 'empty' }],
    errors: [SIGNED_OUT, { status: 404, code: 'not_found', when: 'No session of this account has this id.' }, INTERNAL],
  },
]);
