/**
 * Who is asking, without accounts. A visitor is known by two keys: a random id in a signed first-party cookie, and
 * a keyed hash of the client IP for the current UTC day (the raw address is never stored, and hashes of different
 * days cannot be linked). Limits apply to both, so clearing cookies does not reset them.
 */
import { cookieHeader, readCookie } from './cookies';
import { hmac, randomId, sign, signingSecret, verify } from './signing';

export const VISITOR_COOKIE = 'mf_vid';
const VISITOR_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;

export interface Visitor {
  /** The cookie's random id (also the premium member id of this browser). */
  id: string;
  /** `vid:{id}` and `ip:{hash}`: every quota and rate limit is counted on both. */
  keys: [string, string];
  /** A Set-Cookie value to send when the visitor had no valid cookie yet. */
  setCookie?: string;
}

export const utcDay = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/**
 * Visitors already identified for a request (by the rate limiter, before the handler). Their cookie, if new, is sent
 * by whoever identified them first, so later callers get the same id without a second Set-Cookie.
 */
const known = new WeakMap<Request, Visitor>();

export function rememberVisitor(request: Request, visitor: Visitor): void {
  known.set(request, { id: visitor.id, keys: visitor.keys });
}

export async function identifyVisitor(request: Request, env: Pick<Env, 'SESSION_SECRET'>, now = Date.now()): Promise<Visitor> {
  const remembered = known.get(request);
  if (remembered) return remembered;
  const secret = signingSecret(env);
  let id = await verify(secret, 'visitor', readCookie(request, VISITOR_COOKIE));
  let setCookie: string | undefined;
  if (!id) {
    id = randomId();
    setCookie = cookieHeader(request, VISITOR_COOKIE, await sign(secret, 'visitor', id), VISITOR_COOKIE_MAX_AGE);
  }
  // Cloudflare sets CF-Connecting-IP on every request; without it (local tools) all such visitors share one key.
  const ip = request.headers.get('cf-connecting-ip') ?? 'unknown';
  const ipHash = (await hmac(secret, `ip|${utcDay(now)}|${ip}`)).slice(0, 22);
  return { id, keys: [`vid:${id}`, `ip:${ipHash}`], setCookie };
}

/** Adds the visitor cookie to a response when one was minted. */
export function withVisitorCookie(response: Response, visitor: Visitor): Response {
  if (visitor.setCookie) response.headers.append('set-cookie', visitor.setCookie);
  return response;
}
