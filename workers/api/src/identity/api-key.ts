/**
 * `Authorization: Bearer mf_…` on every API route (ADR 0107). The router runs `authenticateApiKey` before any route,
 * `meterKeyCall` before the route runs (a burst-limited route only once its burst limit admitted the call) and
 * `withKeyHeaders` after it, so no route handles keys itself. A call with a key is the key's member (premium, like a
 * dashboard session, through the request context's `keyedCall`), spends one unit of the key's monthly allowance, needs no cookie and is
 * never treated as anonymous: a malformed, unknown or revoked key is a 401.
 *
 * The key itself is never logged, stored or echoed: only its SHA-256 is looked up, and every message is a constant.
 */
import {
  API_KEY_DISPLAY_CHARS,
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_MONTHLY_CALLS,
  BROWSER_ONLY_PATHS,
  RATE_LIMIT_HEADERS,
} from '../../../../core/api/api-keys';
import { counterFor } from '../counters';
import { findActiveKey } from '../db/api-keys';
import { HttpError } from '../errors';
import type { KeyedCall, PremiumSession, RequestContext } from './request-context';
import { identifyVisitor } from './visitor';

/** API_MONTHLY_CALLS from the environment (tests and the e2e stack set a small one), else the plan's constant. */
export function monthlyCallLimit(env: Pick<Env, 'API_MONTHLY_CALLS'>): number {
  const limit = Number(env.API_MONTHLY_CALLS);
  return Number.isInteger(limit) && limit > 0 ? limit : API_MONTHLY_CALLS;
}

export const utcMonth = (now: number) => new Date(now).toISOString().slice(0, 7);

export function secondsToNextUtcMonth(now: number): number {
  const d = new Date(now);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now) / 1000));
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of the key: keys are 32 random bytes, so a fast hash cannot be brute-forced (ADR 0107). */
export async function hashApiKey(key: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
}

/** A new key, its display prefix and its hash. The key is shown to the member once and kept nowhere. */
export async function generateApiKey(): Promise<{ key: string; prefix: string; keyHash: string }> {
  const random = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  const key = `${API_KEY_PREFIX}${random}`;
  return { key, prefix: key.slice(0, API_KEY_DISPLAY_CHARS), keyHash: await hashApiKey(key) };
}

const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message, { 'www-authenticate': 'Bearer' });

const monthlyLimitReached = (call: KeyedCall) =>
  new HttpError(429, 'quota_exceeded', API_KEY_MESSAGES.monthlyLimit(call.limit), {
    'retry-after': String(call.resetSeconds),
  });

/**
 * The router's first step: nothing to do without an Authorization header; otherwise the key must be well formed,
 * known and active, or the request is answered 401/403 before any route runs; a key whose month is already spent is
 * answered 429 without a write.
 */
export async function authenticateApiKey(
  request: Request,
  env: Env,
  context: RequestContext,
  now = Date.now(),
): Promise<void> {
  const header = request.headers.get('authorization');
  if (header === null) return;
  if (BROWSER_ONLY_PATHS.test(new URL(request.url).pathname))
    throw new HttpError(403, 'forbidden', API_KEY_MESSAGES.browserOnly);
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  const key = match?.[1];
  if (!key || !API_KEY_PATTERN.test(key)) throw unauthorized(API_KEY_MESSAGES.malformed);
  const month = utcMonth(now);
  const found = await findActiveKey(env.DB, await hashApiKey(key), month);
  if (!found) throw unauthorized(API_KEY_MESSAGES.unknown);

  const limit = monthlyCallLimit(env);
  const resetSeconds = secondsToNextUtcMonth(now);
  const session: PremiumSession = {
    id: `key:${found.id}`,
    memberId: found.memberId,
    memberSince: found.memberSince,
    expiresAt: now + resetSeconds * 1000,
  };
  const call: KeyedCall = {
    keyId: found.id,
    session,
    month,
    limit,
    calls: Math.min(found.callsThisMonth, limit),
    resetSeconds,
    metered: false,
    counted: false,
    now,
  };
  context.keyedCall = call;
  if (call.calls >= limit) throw monthlyLimitReached(call);
  // Rate limits count on the key (and, in production, the client address), never on a cookie minted for the call.
  const network = (await identifyVisitor(request, env, now)).keys[1];
  context.visitor = Promise.resolve({ id: found.memberId, keys: [`key:${found.id}`, network] });
}

/** The counting object that meters a key (the one its rate limits and allowances count on too). */
const meterOf = (env: Env, call: KeyedCall) => counterFor(env, `key:${call.keyId}`);

/**
 * Spends one unit of the key's month on this call, once per request (nothing without a key); 429 when the month is
 * spent. The key's counting object counts it in one atomic step, so calls arriving together never pass the limit, and
 * writes the month's count to D1 later, off the call's way (counters/key-meter.ts, ADR 0149). The lookup's count
 * from D1 is where the object starts a month it has not counted.
 */
export async function meterKeyCall(
  _request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<void> {
  const call = context.keyedCall;
  if (!call || call.metered) return;
  call.metered = true;
  const counted = await meterOf(env, call).meterKeyCall(call.keyId, call.month, call.limit, call.calls, call.now);
  call.calls = counted ?? call.limit;
  call.counted = counted !== null;
  if (counted === null) throw monthlyLimitReached(call);
}

/**
 * The member's keys with each one's calls as its meter counts them now (D1 trails the meter by up to a flush, ADR
 * 0149), read from the keys' counting objects side by side, and how many calls that adds to D1's total. A revoked key
 * needs none: revoking writes its last calls (routes/api-keys.ts).
 */
export async function withMeteredCalls<T extends { id: string; callsThisMonth: number; lastUsedAt: number | null }>(
  env: Env,
  rows: readonly T[],
  month: string,
): Promise<{ rows: T[]; unwritten: number }> {
  const metered = await Promise.all(rows.map((r) => counterFor(env, `key:${r.id}`).keyUsage(r.id, month)));
  let unwritten = 0;
  const live = rows.map((r, i) => {
    const m = metered[i];
    if (!m) return r;
    unwritten += m.calls - Number(r.callsThisMonth);
    return { ...r, callsThisMonth: m.calls, lastUsedAt: Math.max(r.lastUsedAt ?? 0, m.lastUsedAt) };
  });
  return { rows: live, unwritten };
}

/**
 * The router's last step for calls made with a key: the RateLimit headers on every answer, errors and 429s
 * included; a failure on our side (5xx) gives its unit back.
 */
export async function withKeyHeaders(response: Response, env: Env, context: RequestContext): Promise<Response> {
  const call = context.keyedCall;
  if (!call) return response;
  if (call.counted && response.status >= 500) {
    await meterOf(env, call).refundKeyCall(call.keyId, call.month);
    call.calls -= 1;
  }
  let out = response;
  try {
    out.headers.set('cache-control', out.headers.get('cache-control') ?? 'no-store');
  } catch {
    // Responses passed through from elsewhere can have immutable headers.
    out = new Response(response.body, response);
  }
  const values = { limit: call.limit, remaining: Math.max(0, call.limit - call.calls), reset: call.resetSeconds };
  for (const [field, names] of Object.entries(RATE_LIMIT_HEADERS) as [keyof typeof values, readonly string[]][]) {
    for (const name of names) out.headers.set(name, String(values[field]));
  }
  return out;
}
