/**
 * Accounts with passkeys (ADR 0170): create one, sign in with a passkey or the recovery code, and read it. Every
 * sign-in opens a session on this device and moves what this browser's visitor owns into the account
 * (identity/account-merge.ts), and says what moved.
 */
import {
  ACCOUNT_MESSAGES,
  ceremonyRequestSchema,
  recoveryRequestSchema,
  type Account,
  type SignedIn,
} from '../../../../core/api/account';
import { MAX_JSON_BYTES } from '../../../../core/limits';
import {
  findAccount,
  findAccountByRecovery,
  insertAccount,
  listAccountSessions,
  listPasskeys,
  replaceRecoveryCode,
} from '../db/accounts';
import { HttpError } from '../errors';
import { json, readJson } from '../http';
import { admitAttempt } from '../identity/access-code-throttle';
import { moveVisitorInto } from '../identity/account-merge';
import { accountOf, closeAccountSession, openAccountSession } from '../identity/account-session';
import type { AccountSession, RequestContext } from '../identity/request-context';
import { closeSession } from '../identity/session';
import { randomId } from '../identity/signing';
import { clientAddress, visitorOf } from '../identity/visitor';
import { creationOptions, signInOptions, verifyCreation, verifySignIn } from '../identity/passkeys';
import { hashToken } from '../storage/share-store';
import { parseWith } from '../validate';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The account as its page shows it: premium, passkeys, and the devices signed in (this one marked). */
export async function describeAccount(
  env: Env,
  accountId: string,
  currentSessionId: string,
  now = Date.now(),
): Promise<Account> {
  const [account, passkeys, sessions] = await Promise.all([
    findAccount(env.DB, accountId),
    listPasskeys(env.DB, accountId),
    listAccountSessions(env.DB, accountId, now),
  ]);
  if (!account) throw signedOut();
  return {
    id: account.id,
    createdAt: iso(account.createdAt)!,
    premium: account.memberSince !== null,
    premiumSince: iso(account.memberSince),
    passkeys: passkeys.map((p) => ({
      id: p.id,
      label: p.label,
      createdAt: iso(p.createdAt)!,
      lastUsedAt: iso(p.lastUsedAt),
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      label: s.label,
      createdAt: iso(s.createdAt)!,
      current: s.id === currentSessionId,
    })),
  };
}

export const signedOut = () => new HttpError(401, 'unauthorized', ACCOUNT_MESSAGES.signedOut);

/** The signed-in account of the request, or 401. */
export async function requireAccount(request: Request, env: Env, context: RequestContext): Promise<AccountSession> {
  const account = await accountOf(request, env, context);
  if (!account) throw signedOut();
  return account;
}

/** A recovery code: five groups of four characters from 32 that cannot be mistaken for one another (100 bits). */
function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const chars = [...crypto.getRandomValues(new Uint8Array(20))].map((b) => alphabet[b % 32]);
  return [0, 4, 8, 12, 16].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/**
 * Signs this device into the account: its previous account session (if any) and premium cookie end, a new session
 * opens, and the visitor's things move in. Answers what the page shows.
 */
async function signIn(
  request: Request,
  env: Env,
  context: RequestContext,
  accountId: string,
  recoveryCode?: string,
): Promise<Response> {
  const [visitor, previous] = await Promise.all([visitorOf(request, env, context), accountOf(request, env, context)]);
  if (previous) await closeAccountSession(env, previous);
  const moved = await moveVisitorInto(env.DB, visitor.id, accountId);
  const session = await openAccountSession(request, env, accountId);
  for (const cookie of session.cookies) context.setCookie(cookie);
  context.setCookie(await closeSession(request, env));
  const body: SignedIn = {
    account: await describeAccount(env, accountId, session.id),
    moved,
    ...(recoveryCode ? { recoveryCode } : {}),
  };
  return json(body, { status: 200 });
}

/** Counts a sign-in attempt (ADR 0110's rule) around `verify`: a refusal is a failure, a success gives the count back. */
async function attempted<T>(request: Request, env: Env, context: RequestContext, verify: () => Promise<T>): Promise<T> {
  const visitor = await visitorOf(request, env, context);
  const attempt = await admitAttempt(env, visitor, clientAddress(request, env) !== null, Date.now(), 'sign-in');
  try {
    const result = await verify();
    await attempt.settle('accepted');
    return result;
  } catch (err) {
    if (err instanceof HttpError && err.status < 500) await attempt.settle('wrong_code');
    throw err;
  }
}

/** POST /api/account/options: the options for making a new account's passkey (its id is chosen now). */
export async function postAccountOptions(_request: Request, env: Env): Promise<Response> {
  return json({ options: await creationOptions(env, 'create', randomId(), []) });
}

/** POST /api/account { response }: verifies the new passkey, creates the account, signs in, shows the recovery code once. */
export async function postAccount(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const { response } = parseWith(ceremonyRequestSchema, await readJson(request, MAX_JSON_BYTES));
  const passkey = await verifyCreation(request, env, 'create', response);
  const recoveryCode = newRecoveryCode();
  const now = Date.now();
  await insertAccount(
    env.DB,
    { id: passkey.accountId, recoveryCodeHash: await hashToken(recoveryCode), createdAt: now },
    passkey,
  );
  const answer = await signIn(request, env, context, passkey.accountId, recoveryCode);
  return new Response(answer.body, { status: 201, headers: answer.headers });
}

/** POST /api/account/sign-in/options: the options for signing in with any passkey of this site. */
export async function postSignInOptions(_request: Request, env: Env): Promise<Response> {
  return json({ options: await signInOptions(env) });
}

/** POST /api/account/sign-in { response }: a passkey's signature; attempts that fail are counted (429 past the limit). */
export async function postSignIn(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const { response } = parseWith(ceremonyRequestSchema, await readJson(request, MAX_JSON_BYTES));
  const passkey = await attempted(request, env, context, () => verifySignIn(env, response));
  return signIn(request, env, context, passkey.accountId);
}

/**
 * POST /api/account/recover { recoveryCode }: signs in when every passkey is lost. The code works once: the answer
 * carries a new one, shown once, as at creation.
 */
export async function postRecover(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const { recoveryCode } = parseWith(recoveryRequestSchema, await readJson(request, MAX_JSON_BYTES));
  const { accountId, next } = await attempted(request, env, context, async () => {
    const oldHash = await hashToken(recoveryCode);
    const found = await findAccountByRecovery(env.DB, oldHash);
    const fresh = newRecoveryCode();
    if (!found || !(await replaceRecoveryCode(env.DB, found, oldHash, await hashToken(fresh)))) {
      throw new HttpError(401, 'unauthorized', ACCOUNT_MESSAGES.wrongRecoveryCode);
    }
    return { accountId: found, next: fresh };
  });
  return signIn(request, env, context, accountId, next);
}

/** GET /api/account: the signed-in account, or 401. */
export async function getAccount(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const account = await requireAccount(request, env, context);
  return json(await describeAccount(env, account.accountId, account.id));
}
