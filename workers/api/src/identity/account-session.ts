/**
 * Signed-in accounts (ADR 0170). A sign-in opens a row in `account_sessions` and sets an HttpOnly cookie carrying only
 * the signed session id, as the premium session does (session.ts); the request context reads it once. An account's
 * premium is its `members` row: when it has one, the account session is also the request's premium session.
 */
import { deviceLabel, SIGNED_IN_HINT_COOKIE } from '../../../../core/api/account';
import { ACCOUNT_SESSION_TTL_SECONDS } from '../../../../core/limits';
import { deleteAccountSession, findAccountSession, insertAccountSession } from '../db/accounts';
import { cookieHeader, readCookie } from './cookies';
import type { AccountSession, RequestContext } from './request-context';
import { randomId, sign, signingSecret, verify } from './signing';

export const ACCOUNT_COOKIE = 'mf_account';

/** This request's signed-in account, read once per request (later callers share the answer). */
export function accountOf(
  request: Request,
  env: Env,
  context: Pick<RequestContext, 'account'>,
  now = Date.now(),
): Promise<AccountSession | null> {
  context.account ??= readAccountSession(request, env, now);
  return context.account;
}

/** The session id this browser's cookie names (signature checked), or null. */
export async function accountSessionId(request: Request, env: Env): Promise<string | null> {
  const token = readCookie(request, ACCOUNT_COOKIE);
  return token ? verify(signingSecret(env), 'account', token) : null;
}

async function readAccountSession(request: Request, env: Env, now: number): Promise<AccountSession | null> {
  const id = await accountSessionId(request, env);
  if (!id) return null;
  const row = await findAccountSession(env.DB, id, now);
  if (!row) return null;
  const premium =
    row.memberSince === null
      ? null
      : { id: `account:${row.id}`, memberId: row.accountId, memberSince: row.memberSince, expiresAt: row.expiresAt };
  return { id: row.id, accountId: row.accountId, premium };
}

/** Opens a session for the account on this device; answers its Set-Cookie values (the session and the page's hint). */
export async function openAccountSession(
  request: Request,
  env: Env,
  accountId: string,
  now = Date.now(),
): Promise<{ id: string; cookies: string[] }> {
  const id = randomId();
  await insertAccountSession(env.DB, {
    id,
    accountId,
    label: deviceLabel(request.headers.get('user-agent')),
    createdAt: now,
    expiresAt: now + ACCOUNT_SESSION_TTL_SECONDS * 1000,
  });
  const cookie = cookieHeader(
    request,
    ACCOUNT_COOKIE,
    await sign(signingSecret(env), 'account', id),
    ACCOUNT_SESSION_TTL_SECONDS,
  );
  return {
    id,
    cookies: [cookie, cookieHeader(request, SIGNED_IN_HINT_COOKIE, '1', ACCOUNT_SESSION_TTL_SECONDS, true)],
  };
}

/** Ends this device's session (if any). */
export async function closeAccountSession(env: Env, session: AccountSession | null): Promise<void> {
  if (session) await deleteAccountSession(env.DB, session.accountId, session.id);
}

/** The Set-Cookie values that sign this browser out: the session cookie and the page's hint deleted. */
export const signedOutCookies = (request: Request) => [
  cookieHeader(request, ACCOUNT_COOKIE, '', 0),
  cookieHeader(request, SIGNED_IN_HINT_COOKIE, '', 0, true),
];
