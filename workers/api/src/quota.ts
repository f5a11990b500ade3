/**
 * The daily allowance of AI operations (UTC day). A unit is taken on both of the visitor's keys (cookie id and
 * network hash), each counted by its own Durable Object (ADR 0112), and refunded when the operation fails.
 * Premium members have no cap; their operations are recorded as activity for the dashboard, after the answer.
 */
import { AI_LIMIT_MESSAGE, type UsageLimit } from '../../../core/api/usage';
import { FREE_DAILY_AI_LIMIT } from '../../../core/limits';
import { counterFor, type Counters } from './counters';
import { activityOn, recordActivity } from './db/activity';
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

const allowanceName = (day: string) => `ai:${day}`;

/** When a day's count stops mattering: the end of that UTC day (plus a minute, for clocks a little behind). */
const endOfDay = (now: number) => {
  const next = new Date(now);
  next.setUTCHours(24, 1, 0, 0);
  return next.getTime();
};

/**
 * Takes one unit on every key, or throws 429 with nothing counted. The keys are taken one after another, each by
 * its own object in one atomic step that only counts while under the limit; the first key that is at its limit
 * stops the rest and the keys already taken get their unit back. Taking them in turn (not side by side) is what
 * keeps concurrent requests exact: only requests that got the first key compete for the second, so exactly
 * `limit` of any number of simultaneous requests on the same keys get through.
 */
export async function consumeAiUnit(env: Counters, keys: readonly string[], limit: number, now = Date.now()): Promise<Grant> {
  const day = utcDay(now);
  const taken: string[] = [];
  for (const key of keys) {
    const { granted } = await counterFor(env, key).take(allowanceName(day), limit, endOfDay(now));
    if (!granted) {
      await refundAiUnit(env, { day, keys: taken });
      throw new HttpError(429, 'quota_exceeded', AI_LIMIT_MESSAGE, { 'retry-after': String(secondsToNextUtcDay(now)) });
    }
    taken.push(key);
  }
  return { day, keys };
}

export async function refundAiUnit(env: Counters, grant: Grant): Promise<void> {
  await Promise.all(grant.keys.map((key) => counterFor(env, key).uncount([allowanceName(grant.day)])));
}

/** What GET /api/usage-limit answers: the highest count among the keys, so neither a new cookie nor a new IP resets it. */
export async function readUsage(env: Counters & Pick<Env, 'DB'>, subject: QuotaSubject, limit: number, now = Date.now()): Promise<UsageLimit> {
  const day = utcDay(now);
  if (subject.memberId) {
    const used = await activityOn(env.DB, subject.memberId, 'ai', day);
    return { used, totalLimit: null, remaining: null, canGenerate: true, premium: true };
  }
  const counts = await Promise.all(subject.keys.map((key) => counterFor(env, key).read(allowanceName(day))));
  const used = Math.min(Math.max(0, ...counts), limit);
  return { used, totalLimit: limit, remaining: limit - used, canGenerate: used < limit, premium: false };
}

/**
 * The wrapper every AI route uses: take one unit (429 at the limit), run the operation, refund if it throws
 * (a cancelled job throws too) or if `free` says the result cost nothing (an offline preview card is not a generation).
 * Premium members skip the count; their successful operations are recorded as activity once the answer has gone
 * (`ctx.waitUntil`), so the dashboard's rollup never delays an operation.
 */
export async function withAiUnit<T>(
  env: Counters & Pick<Env, 'DB' | 'FREE_DAILY_AI_LIMIT'>,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  subject: QuotaSubject,
  operation: () => Promise<T>,
  free: (result: T) => boolean = () => false,
): Promise<T> {
  if (subject.memberId) {
    const result = await operation();
    if (!free(result)) ctx.waitUntil(recordActivity(env.DB, subject.memberId, 'ai'));
    return result;
  }
  const grant = await consumeAiUnit(env, subject.keys, dailyLimit(env));
  let result: T;
  try {
    result = await operation();
  } catch (err) {
    await refundAiUnit(env, grant);
    throw err;
  }
  if (free(result)) await refundAiUnit(env, grant);
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
