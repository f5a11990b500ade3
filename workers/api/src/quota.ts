/**
 * The daily allowance of AI operations (UTC day). A unit is consumed on both of the visitor's keys (cookie id and
 * IP hash) in one atomic upsert that only counts while under the limit, and refunded when the operation fails.
 * Premium members have no cap; their operations are recorded as activity for the dashboard.
 */
import { AI_LIMIT_MESSAGE, type UsageLimit } from '../../../core/api/usage';
import { FREE_DAILY_AI_LIMIT } from '../../../core/limits';
import { recordActivity } from './db/activity';
import { HttpError } from './errors';
import { readSession } from './identity/session';
import { type Visitor, identifyVisitor, utcDay } from './identity/visitor';

export interface QuotaSubject {
  /** The visitor's keys; a unit is counted on every one of them. */
  keys: readonly string[];
  /** Set for premium members: no cap. */
  memberId: string | null;
}

/** A consumed unit, to be refunded if the operation it paid for fails. */
export interface Grant {
  day: string;
  keys: readonly string[];
}

/** FREE_DAILY_AI_LIMIT from the environment (one configuration value), else the constant every page renders. */
export function dailyLimit(env: Pick<Env, 'FREE_DAILY_AI_LIMIT'>): number {
  const limit = Number(env.FREE_DAILY_AI_LIMIT);
  return Number.isInteger(limit) && limit > 0 ? limit : FREE_DAILY_AI_LIMIT;
}

function secondsToNextUtcDay(now: number): number {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return Math.ceil((next.getTime() - now) / 1000);
}

/**
 * Consumes one unit for all keys at once, or throws 429 (nothing counted). One statement: new rows start at 1,
 * existing rows go up only while `used < limit`, and RETURNING says which rows moved.
 */
export async function consumeAiUnit(
  db: D1Database,
  keys: readonly string[],
  limit: number,
  now = Date.now(),
  alongside?: D1PreparedStatement,
): Promise<Grant & { alongside?: D1Result }> {
  const day = utcDay(now);
  const values = keys.map((_, i) => `(?${i + 3}, ?1, 1)`).join(', ');
  const consume = db
    .prepare(
      `INSERT INTO usage_counters (visitor_key, day, used) VALUES ${values}
       ON CONFLICT (visitor_key, day) DO UPDATE SET used = used + 1 WHERE used < ?2
       RETURNING visitor_key`,
    )
    .bind(day, limit, ...keys);
  // A read the caller needs anyway (an AI job's timing history) rides in the same round trip.
  const [counted, read] = alongside ? await db.batch([consume, alongside]) : [await consume.all()];
  const results = (counted?.results ?? []) as { visitor_key: string }[];
  if (results.length === keys.length) return { day, keys, alongside: read };
  // Some key was already at the limit: give back what this statement counted on the others.
  await refundAiUnit(db, { day, keys: results.map((r) => r.visitor_key) });
  throw new HttpError(429, 'quota_exceeded', AI_LIMIT_MESSAGE, { 'retry-after': String(secondsToNextUtcDay(now)) });
}

export async function refundAiUnit(db: D1Database, grant: Grant): Promise<void> {
  if (grant.keys.length === 0) return;
  const placeholders = grant.keys.map((_, i) => `?${i + 2}`).join(', ');
  await db
    .prepare(`UPDATE usage_counters SET used = used - 1 WHERE day = ?1 AND visitor_key IN (${placeholders}) AND used > 0`)
    .bind(grant.day, ...grant.keys)
    .run();
}

/** What GET /api/usage-limit answers: the highest count among the keys, so neither a new cookie nor a new IP resets it. */
export async function readUsage(db: D1Database, subject: QuotaSubject, limit: number, now = Date.now()): Promise<UsageLimit> {
  const day = utcDay(now);
  if (subject.memberId) {
    const row = await db
      .prepare(`SELECT count FROM activity WHERE member_id = ?1 AND kind = 'ai' AND day = ?2`)
      .bind(subject.memberId, day)
      .first<{ count: number }>();
    return { used: row?.count ?? 0, totalLimit: null, remaining: null, canGenerate: true, premium: true };
  }
  const placeholders = subject.keys.map((_, i) => `?${i + 2}`).join(', ');
  const row = await db
    .prepare(`SELECT max(used) AS used FROM usage_counters WHERE day = ?1 AND visitor_key IN (${placeholders})`)
    .bind(day, ...subject.keys)
    .first<{ used: number | null }>();
  const used = Math.min(row?.used ?? 0, limit);
  return { used, totalLimit: limit, remaining: limit - used, canGenerate: used < limit, premium: false };
}

/**
 * The wrapper every AI route uses: consume one unit (429 at the limit), run the operation, refund if it throws
 * (a cancelled job throws too) or if `free` says the result cost nothing (an offline preview card is not a generation).
 * Premium members skip the count; their successful operations are recorded as activity. `alongside` is a read
 * that travels in the allowance check's round trip; the operation receives its result.
 */
export async function withAiUnit<T>(
  env: Pick<Env, 'DB' | 'FREE_DAILY_AI_LIMIT'>,
  subject: QuotaSubject,
  operation: (alongside?: D1Result) => Promise<T>,
  free: (result: T) => boolean = () => false,
  alongside?: D1PreparedStatement,
): Promise<T> {
  if (subject.memberId) {
    const result = await operation(alongside ? await alongside.all() : undefined);
    if (!free(result)) await recordActivity(env.DB, subject.memberId, 'ai');
    return result;
  }
  const grant = await consumeAiUnit(env.DB, subject.keys, dailyLimit(env), Date.now(), alongside);
  let result: T;
  try {
    result = await operation(grant.alongside);
  } catch (err) {
    await refundAiUnit(env.DB, grant);
    throw err;
  }
  if (free(result)) await refundAiUnit(env.DB, grant);
  return result;
}

/** The quota subject of a visitor: its keys, and the member when a premium session is open. */
export const quotaSubject = (visitor: { keys: readonly string[] }, session: { memberId: string } | null): QuotaSubject => ({
  keys: visitor.keys,
  memberId: session?.memberId ?? null,
});

/**
 * Everything an AI route needs before `withAiUnit`: who pays, and the visitor (pass the response through
 * `withVisitorCookie(response, visitor)` so a first-time visitor keeps its id).
 */
export async function quotaSubjectOf(request: Request, env: Env): Promise<{ subject: QuotaSubject; visitor: Visitor }> {
  const [visitor, session] = await Promise.all([identifyVisitor(request, env), readSession(request, env)]);
  return { subject: quotaSubject(visitor, session), visitor };
}

export async function deleteOldCounters(db: D1Database, now: number): Promise<void> {
  await db.prepare('DELETE FROM usage_counters WHERE day < ?1').bind(utcDay(now - 24 * 3600_000)).run();
}
