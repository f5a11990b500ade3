import { type SessionInfo, sessionRequestSchema } from '../../../../core/api/memes';
import { MAX_JSON_BYTES } from '../../../../core/limits';
import { json, readJson } from '../http';
import { accountOf } from '../identity/account-session';
import { closeSession, openSession, readSession } from '../identity/session';
import type { RequestContext } from '../identity/request-context';
import { visitorOf } from '../identity/visitor';
import { parseWith } from '../validate';

const info = (session: { memberSince: number } | null): SessionInfo => ({
  premium: session !== null,
  since: session ? new Date(session.memberSince).toISOString() : null,
});

/**
 * POST /api/session { accessCode }: opens a premium session (401 wrong code, 429 too many wrong codes). A refused
 * attempt carries a first-time visitor's cookie too, so the next attempt counts on the same visitor (ADR 0110).
 */
export async function postSession(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const { accessCode } = parseWith(sessionRequestSchema, await readJson(request, MAX_JSON_BYTES));
  const [visitor, account] = await Promise.all([visitorOf(request, env, context), accountOf(request, env, context)]);
  const { cookie, session } = await openSession(request, env, visitor, accessCode, Date.now(), account);
  if (cookie) context.setCookie(cookie);
  return json(info(session));
}

/** GET /api/session: whether this browser has an open premium session. */
export async function getSession(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  return json(info(await readSession(request, env, context)));
}

/** DELETE /api/session: ends the session and deletes its cookie. */
export async function deleteSession(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  context.setCookie(await closeSession(request, env));
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
