/**
 * Who is asking, without accounts. A visitor is known by two keys: a random id in a signed first-party cookie, and
 * a keyed hash of the client's network for the current UTC day (the raw address is never stored, and hashes of
 * different days cannot be linked). Limits apply to both, so clearing cookies does not reset them. The network is an
 * IPv4 address, or an IPv6 address's /64: every IPv6 customer holds a whole /64 and can hop between its addresses
 * (ADR 0109).
 */
import { cookieHeader, readCookie } from './cookies';
import type { RequestContext, Visitor } from './request-context';
import { hmac, randomId, sign, signingSecret, verify } from './signing';

export type { Visitor } from './request-context';

/** A visitor as identified from the request alone, with the Set-Cookie value to send when it had no valid cookie. */
export interface IdentifiedVisitor extends Visitor {
  setCookie?: string;
}

export const VISITOR_COOKIE = 'mf_vid';
const VISITOR_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;

export const utcDay = (now = Date.now()) => new Date(now).toISOString().slice(0, 10);

/**
 * The visitor of this request, identified once per request: later callers get the same id, and a first-time
 * visitor's new cookie goes on the answer, whatever it is (request-context.ts), exactly once.
 */
export function visitorOf(
  request: Request,
  env: Pick<Env, 'SESSION_SECRET' | 'CLIENT_ADDRESS'>,
  context: RequestContext,
  now = Date.now(),
): Promise<Visitor> {
  context.visitor ??= identifyVisitor(request, env, now).then(({ setCookie, ...visitor }) => {
    if (setCookie) context.setCookie(setCookie);
    return visitor;
  });
  return context.visitor;
}

/** Who sent this request, from its cookie and network alone (no cookie is sent: see `visitorOf`). */
export async function identifyVisitor(
  request: Request,
  env: Pick<Env, 'SESSION_SECRET' | 'CLIENT_ADDRESS'>,
  now = Date.now(),
): Promise<IdentifiedVisitor> {
  const secret = signingSecret(env);
  let id = await verify(secret, 'visitor', readCookie(request, VISITOR_COOKIE));
  let setCookie: string | undefined;
  if (!id) {
    id = randomId();
    setCookie = cookieHeader(request, VISITOR_COOKIE, await sign(secret, 'visitor', id), VISITOR_COOKIE_MAX_AGE);
  }
  const address = clientAddress(request, env);
  const network = networkOf(address) ?? address ?? 'local';
  const ipHash = (await hmac(secret, `ip|${utcDay(now)}|${network}`)).slice(0, 22);
  return { id, keys: [`vid:${id}`, `ip:${ipHash}`], setCookie };
}

/**
 * The client's address, or null when this environment cannot know it. Only Cloudflare's edge sets
 * CF-Connecting-IP (it overwrites whatever the client sent), so it is read only where `CLIENT_ADDRESS` says the
 * Worker runs behind the edge (the production environment of wrangler.toml). Locally every request reaches workerd
 * from wrangler's loopback proxy, and a header would be whatever the client chose: all local clients are one network.
 */
export function clientAddress(request: Request, env: Pick<Env, 'CLIENT_ADDRESS'>): string | null {
  if (env.CLIENT_ADDRESS !== 'cf-connecting-ip') return null;
  return request.headers.get('cf-connecting-ip');
}

/** The network an address counts as: an IPv4 address itself, an IPv6 address's /64 prefix; null if unparseable. */
export function networkOf(address: string | null): string | null {
  if (!address) return null;
  const ip = address.trim().toLowerCase();
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip)?.[1];
  if (mapped) return ipv4(mapped);
  if (!ip.includes(':')) return ipv4(ip);
  const groups = ipv6Groups(ip);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : null;
}

function ipv4(ip: string): string | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number).join('.');
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded and leading zeros dropped; null if malformed. */
function ipv6Groups(ip: string): string[] | null {
  const halves = ip.replace(/%.*$/, '').split('::');
  if (halves.length > 2) return null;
  const split = (s: string) => (s === '' ? [] : s.split(':'));
  const head = split(halves[0]!);
  const tail = halves.length === 2 ? split(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16).toString(16));
}
