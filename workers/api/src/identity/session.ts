/**
 * Premium sessions. The access code is checked on the server in constant time; a correct one opens a row in
 * `premium_sessions` and sets an HttpOnly cookie carrying only the signed session id. An `x-premium-user` header
 * (the first client design sent one) is never read (docs/product.md §10).
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { INVALID_ACCESS_CODE_MESSAGE, PREMIUM_REQUIRED_MESSAGE } from '../../../../core/api/memes';
import { PREMIUM_SESSION_TTL_SECONDS } from '../../../../core/limits';
import { members, premiumSessions } from '../db/schema';
import { HttpError } from '../errors';
import { admitAttempt } from './access-code-throttle';
import { cookieHeader, readCookie } from './cookies';
import { accountOf } from './account-session';
import type { AccountSession, PremiumSession, RequestContext } from './request-context';
import { randomId, sign, signingSecret, timingSafeEqualStrings, verify } from './signing';
import { clientAddress, type Visitor } from './visitor';

export const SESSION_COOKIE = 'mf_session';

export type { PremiumSession } from './request-context';

/**
 * The premium session of a request, or null when there is no cookie, a forged one, or an expired session. A call
 * made with an API key (already checked by the router) is its member's session, whatever cookies it carries. A
 * signed-in account is premium when the account unlocked it (ADR 0170); a browser's own premium cookie is not read
 * then (signing in moved it into the account).
 */
export async function readSession(
  request: Request,
  env: Env,
  context: Pick<RequestContext, 'keyedCall' | 'account'>,
  now = Date.now(),
): Promise<PremiumSession | null> {
  const keyed = context.keyedCall?.session;
  if (keyed) return keyed;
  const account = await accountOf(request, env, context, now);
  if (account) return account.premium;
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const id = await verify(signingSecret(env), 'session', token);
  return id ? findSession(env, id, now) : null;
}

async function findSession(env: Env, id: string, now: number): Promise<PremiumSession | null> {
  const rows = await drizzle(env.DB)
    .select({
      id: premiumSessions.id,
      memberId: premiumSessions.memberId,
      expiresAt: premiumSessions.expiresAt,
      memberSince: members.createdAt,
    })
    .from(premiumSessions)
    .innerJoin(members, eq(members.id, premiumSessions.memberId))
    .where(and(eq(premiumSessions.id, id), gt(premiumSessions.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

/** Like readSession, but a visitor without a valid session is answered 401. */
export async function requireSession(
  request: Request,
  env: Env,
  context: Pick<RequestContext, 'keyedCall' | 'account'>,
): Promise<PremiumSession> {
  const session = await readSession(request, env, context);
  if (!session) throw new HttpError(401, 'unauthorized', PREMIUM_REQUIRED_MESSAGE);
  return session;
}

/**
 * Checks an access code and opens a session: 429 when this visitor (or, clearly attacking, its whole network) has
 * had too many wrong codes (ADR 0110), 401 for a wrong code, and for a right one the Set-Cookie value. The member is
 * this browser's visitor id, so saved memes come back when the same browser unlocks again; for a signed-in account it
 * is the account, unlocked once for every device, and no cookie is needed (ADR 0170).
 */
export async function openSession(
  request: Request,
  env: Env,
  visitor: Visitor,
  accessCode: string,
  now = Date.now(),
  account: AccountSession | null = null,
) {
  const expected = env.DASHBOARD_ACCESS_CODE;
  if (!expected) throw new HttpError(503, 'not_configured', 'Premium access is not configured on this server.');
  const attempt = await admitAttempt(env, visitor, clientAddress(request, env) !== null, now);
  if (!(await timingSafeEqualStrings(accessCode, expected))) {
    await attempt.settle('wrong_code');
    throw new HttpError(401, 'unauthorized', INVALID_ACCESS_CODE_MESSAGE);
  }
  await attempt.settle('accepted');
  if (account) {
    await drizzle(env.DB).insert(members).values({ id: account.accountId, createdAt: now }).onConflictDoNothing();
    const [member] = await drizzle(env.DB)
      .select({ createdAt: members.createdAt })
      .from(members)
      .where(eq(members.id, account.accountId));
    const session: PremiumSession = {
      id: `account:${account.id}`,
      memberId: account.accountId,
      memberSince: member!.createdAt,
      expiresAt: now + PREMIUM_SESSION_TTL_SECONDS * 1000,
    };
    return { cookie: null, session };
  }
  const id = randomId();
  const expiresAt = now + PREMIUM_SESSION_TTL_SECONDS * 1000;
  const db = drizzle(env.DB);
  await db.batch([
    db.insert(members).values({ id: visitor.id, createdAt: now }).onConflictDoNothing(),
    db.insert(premiumSessions).values({ id, memberId: visitor.id, createdAt: now, expiresAt }),
  ]);
  const cookie = cookieHeader(
    request,
    SESSION_COOKIE,
    await sign(signingSecret(env), 'session', id),
    PREMIUM_SESSION_TTL_SECONDS,
  );
  return { cookie, session: (await findSession(env, id, now))! };
}

/** Ends the request's session (if any) and answers the cookie that deletes it. */
export async function closeSession(request: Request, env: Env): Promise<string> {
  const id = await verify(signingSecret(env), 'session', readCookie(request, SESSION_COOKIE));
  if (id) await drizzle(env.DB).delete(premiumSessions).where(eq(premiumSessions.id, id));
  return cookieHeader(request, SESSION_COOKIE, '', 0);
}

export async function deleteExpiredSessions(db: D1Database, now: number): Promise<void> {
  await drizzle(db).delete(premiumSessions).where(lte(premiumSessions.expiresAt, now));
}
