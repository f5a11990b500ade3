import { type SessionInfo, sessionRequestSchema } from '../../../../core/api/memes';
import { MAX_JSON_BYTES } from '../../../../core/limits';
import { HttpError } from '../errors';
import { json, readJson } from '../http';
import { closeSession, openSession, readSession } from '../identity/session';
import { identifyVisitor, withVisitorCookie } from '../identity/visitor';
import { parseWith } from '../validate';

const info = (session: { memberSince: number } | null): SessionInfo => ({
  premium: session !== null,
  since: session ? new Date(session.memberSince).toISOString() : null,
});

/**
 * POST /api/session { accessCode }: opens a premium session (401 wrong code, 429 too many wrong codes). A refused
 * attempt carries a first-time visitor's cookie too, so the next attempt counts on the same visitor (ADR 0110).
 */
export async function postSession(request: Request, env: Env): Promise<Response> {
  const { accessCode } = parseWith(sessionRequestSchema, await readJson(request, MAX_JSON_BYTES));
  const visitor = await identifyVisitor(request, env);
  let opened: Awaited<ReturnType<typeof openSession>>;
  try {
    opened = await openSession(request, env, visitor, accessCode);
  } catch (err) {
    if (err instanceof HttpError && visitor.setCookie) {
      throw new HttpError(err.status, err.code, err.message, { ...err.headers, 'set-cookie': visitor.setCookie });
    }
    throw err;
  }
  const { cookie, session } = opened;
  const response = json(info(session));
  response.headers.append('set-cookie', cookie);
  return withVisitorCookie(response, visitor);
}

/** GET /api/session: whether this browser has an open premium session. */
export async function getSession(request: Request, env: Env): Promise<Response> {
  return json(info(await readSession(request, env)));
}

/** DELETE /api/session: ends the session and deletes its cookie. */
export async function deleteSession(request: Request, env: Env): Promise<Response> {
  const cookie = await closeSession(request, env);
  return new Response(null, { status: 204, headers: { 'set-cookie': cookie, 'cache-control': 'no-store' } });
}
