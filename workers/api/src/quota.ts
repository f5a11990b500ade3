/**
 * The daily allowance of AI operations (UTC day). A unit is taken on both of the visitor's keys (cookie id and
 * network hash), each counted by its own Durable Object (ADR 0112), and refunded when the operation fails.
 * Premium members have no cap; their operations are recorded as activity for the dashboard, after the answer.
 */
import { AI_LIMIT_MESSAGE, type UsageLimit } from '../../../core/api/usage';
import { FREE_DAILY_AI_LIMIT, FREE_DAILY_SEARCH_CALLS } from '../../../core/limits';
import { aiUnitsSpent, searchCallsSpent } from '../../../core/messages';
import { counterFor, type Counters } from './counters';
import { activityOn, recordActivity } from './db/activity';
import { cancelled } from './cancel';
import { HttpError } from './errors';
import { readSession } from './identity/session';
import type { RequestContext } from './identity/request-context';
import { clientAddress, utcDay, visitorOf } from './identity/visitor';
import type { Allowance, SearchCalls } from './imaging/engine';

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
  /** A streamed tool job's id: its ticket lives with the first key, and refunds and settling go through it (once). */
  job?: string;
}

/** FREE_DAILY_AI_LIMIT from the environment (one configuration value), else the constant every page renders. */
export function dailyLimit(env: Pick<Env, 'FREE_DAILY_AI_LIMIT'>): number {
  const limit = Number(env.FREE_DAILY_AI_LIMIT);
  return Number.isInteger(limit) && limit > 0 ? limit : FREE_DAILY_AI_LIMIT;
}

/** The next midnight UTC, when the day's allowance starts again. */
export function nextUtcMidnight(now: number): Date {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return next;
}

function secondsToNextUtcDay(now: number): number {
  return Math.ceil((nextUtcMidnight(now).getTime() - now) / 1000);
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
export async function consumeAiUnit(
  env: Counters,
  keys: readonly string[],
  limit: number,
  now = Date.now(),
  job?: string,
): Promise<Grant> {
  const day = utcDay(now);
  const taken: string[] = [];
  for (const key of keys) {
    // A job's ticket is opened with the first key's unit, in the same atomic step (counter-object.ts, ADR 0125).
    const ticket = job && taken.length === 0 ? { id: job, keys: [...keys] } : undefined;
    const { granted, cancelled: gone } = await counterFor(env, key).take(
      allowanceName(day),
      limit,
      endOfDay(now),
      ticket,
    );
    if (gone) throw cancelled();
    if (!granted) {
      // Only the keys already taken are given back (the ticket lists them all), and the ticket is closed with them.
      if (job && taken[0]) await counterFor(env, taken[0]).release(job, endOfDay(now));
      await refundAiUnit(env, { day, keys: job ? taken.slice(1) : taken }, now);
      throw new HttpError(429, 'quota_exceeded', AI_LIMIT_MESSAGE, { 'retry-after': String(secondsToNextUtcDay(now)) });
    }
    taken.push(key);
  }
  // A cancel that came while the other keys were being taken gave back only the first key's unit: the rest go back
  // here, and the job stops before it starts.
  if (job && taken[0] && !(await counterFor(env, taken[0]).open(job))) {
    await refundAiUnit(env, { day, keys: taken.slice(1) }, now);
    throw cancelled();
  }
  return { day, keys, job };
}

/** Gives the unit back on every key; a job's unit only once, whether the job or a cancel request asks first. */
export async function refundAiUnit(env: Counters, grant: Grant, now = Date.now()): Promise<void> {
  if (grant.job && grant.keys[0]) {
    await releaseJob(env, grant.keys[0], grant.job, now);
    return;
  }
  await Promise.all(grant.keys.map((key) => counterFor(env, key).uncount([allowanceName(grant.day)])));
}

/**
 * A job's unit back by its ticket (held by `holder`, the first key it was counted on), on every key that counted it:
 * `refunded` when this call gave it back, `counted` when the job had already finished and keeps it. A job that has
 * not taken its unit yet is marked so that it never does.
 */
export async function releaseJob(
  env: Counters,
  holder: string,
  job: string,
  now = Date.now(),
): Promise<{ refunded: boolean; counted: boolean }> {
  const { unit, counted } = await counterFor(env, holder).release(job, endOfDay(now));
  if (unit)
    await Promise.all(
      unit.keys.filter((key) => key !== holder).map((key) => counterFor(env, key).uncount([unit.name])),
    );
  return { refunded: unit !== null, counted };
}

/** The job's result is about to go out: false when a cancel refunded its unit first (then it must not go out). */
export async function settleJob(env: Counters, grant: Grant): Promise<boolean> {
  return !grant.job || !grant.keys[0] || counterFor(env, grant.keys[0]).settle(grant.job);
}

/** What GET /api/usage-limit answers: the highest count among the keys, so neither a new cookie nor a new IP resets it. */
export async function readUsage(
  env: Counters & Pick<Env, 'DB'>,
  subject: QuotaSubject,
  limit: number,
  now = Date.now(),
): Promise<UsageLimit> {
  const day = utcDay(now);
  const resetsAt = nextUtcMidnight(now).toISOString();
  if (subject.memberId) {
    const used = await activityOn(env.DB, subject.memberId, 'ai', day);
    return { used, totalLimit: null, remaining: null, canGenerate: true, premium: true, resetsAt };
  }
  const counts = await Promise.all(subject.keys.map((key) => counterFor(env, key).read(allowanceName(day))));
  const used = Math.min(Math.max(0, ...counts), limit);
  return { used, totalLimit: limit, remaining: limit - used, canGenerate: used < limit, premium: false, resetsAt };
}

/**
 * The wrapper every AI route uses: take one unit (429 at the limit), run the operation, refund if it throws
 * (a cancelled job throws too) or if `free` says the result cost nothing (an offline preview card is not a generation).
 * A streamed tool job passes its `job` id: its unit then has a ticket, so a cancel request can refund it at once
 * and exactly once (ADR 0125).
 * Premium members skip the count; their successful operations are recorded as activity once the answer has gone
 * (`ctx.waitUntil`), so the dashboard's rollup never delays an operation.
 */
export async function withAiUnit<T>(
  env: Counters & Pick<Env, 'DB' | 'FREE_DAILY_AI_LIMIT'>,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  subject: QuotaSubject,
  operation: () => Promise<T>,
  free: (result: T) => boolean = () => false,
  job?: string,
): Promise<T> {
  if (subject.memberId) {
    const result = await operation();
    if (!free(result)) ctx.waitUntil(recordActivity(env.DB, subject.memberId, 'ai'));
    return result;
  }
  const grant = await consumeAiUnit(env, subject.keys, dailyLimit(env), Date.now(), job);
  let result: T;
  try {
    result = await operation();
  } catch (err) {
    await refundAiUnit(env, grant);
    throw err;
  }
  if (free(result)) await refundAiUnit(env, grant);
  // A job cancelled by DELETE /api/jobs/{id} while it ran was refunded there: its result must not go out.
  else if (!(await settleJob(env, grant))) throw cancelled();
  return result;
}

/** The quota subject of a visitor: its keys, and the member when a premium session is open. */
export const quotaSubject = (
  visitor: { keys: readonly string[] },
  session: { memberId: string } | null,
): QuotaSubject => ({
  keys: visitor.keys,
  memberId: session?.memberId ?? null,
});

/**
 * Who pays for an AI route's unit (`withAiUnit`): this request's visitor, and the member when a session is open.
 * Where the Worker cannot know the client's address (locally, ADR 0109) every client is one network, so only the
 * cookie counts, as for the burst limits: with smart crops spending units too (ADR 0148), every browser on a laptop and
 * the whole end-to-end suite would otherwise share one allowance of 10 a day.
 */
export async function quotaSubjectOf(request: Request, env: Env, context: RequestContext): Promise<QuotaSubject> {
  const [visitor, session] = await Promise.all([visitorOf(request, env, context), readSession(request, env, context)]);
  const keys = clientAddress(request, env) !== null ? visitor.keys : visitor.keys.slice(0, 1);
  return quotaSubject({ keys }, session);
}

const searchName = (day: string) => `search:${day}`;

/**
 * Takes up to `wanted` search calls (ADR 0148) on every key, in turn as `consumeAiUnit` does: each key grants at most
 * what the one before it granted, and a key that granted more gives the difference back. How many were taken.
 */
export async function takeSearchCalls(
  env: Counters,
  keys: readonly string[],
  wanted: number,
  limit: number,
  now = Date.now(),
): Promise<number> {
  const name = searchName(utcDay(now));
  let granted = wanted;
  const taken: [string, number][] = [];
  for (const key of keys) {
    if (granted === 0) break;
    const got = await counterFor(env, key).takeUpTo(name, granted, limit, endOfDay(now));
    taken.push([key, got]);
    granted = Math.min(granted, got);
  }
  await Promise.all(
    taken.filter(([, got]) => got > granted).map(([key, got]) => counterFor(env, key).giveBack(name, got - granted)),
  );
  return granted;
}

/** Gives back `count` search calls on every key (a reservation's unused part). */
export async function giveBackSearchCalls(
  env: Counters,
  keys: readonly string[],
  count: number,
  now = Date.now(),
): Promise<void> {
  if (count > 0) await Promise.all(keys.map((key) => counterFor(env, key).giveBack(searchName(utcDay(now)), count)));
}

/** The search calls a visitor has used today: the highest count among its keys, like the AI allowance. */
export async function searchCallsUsed(env: Counters, keys: readonly string[], now = Date.now()): Promise<number> {
  const counts = await Promise.all(keys.map((key) => counterFor(env, key).read(searchName(utcDay(now)))));
  return Math.max(0, ...counts);
}

/**
 * The engine's view of who pays (imaging/types.ts `Allowance`) for a tool request: the visitor is settled only when
 * the engine first spends (a resize that crops nothing, a compress in the isolate, never ask), so a tool call that
 * spends nothing costs no session lookup. Premium members and API keys have no cap on either; a member's face
 * detections are recorded as AI activity like every AI operation's, so the dashboard's figures show them.
 */
export function allowanceFor(
  env: Env,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  payer: () => Promise<QuotaSubject>,
): Allowance {
  let subject: Promise<QuotaSubject> | undefined;
  const who = () => (subject ??= payer());
  return {
    async aiUnit(work, free) {
      try {
        return { done: await withAiUnit(env, ctx, await who(), work, free) };
      } catch (err) {
        // Only the take refuses with quota_exceeded: the work it guards is the engine's own, which never does.
        if (err instanceof HttpError && err.code === 'quota_exceeded')
          return { refused: aiUnitsSpent(dailyLimit(env)) };
        throw err;
      }
    },
    async searchCalls(wanted): Promise<SearchCalls> {
      const { keys, memberId } = await who();
      if (memberId) return { granted: wanted, settle: async () => undefined };
      const now = Date.now();
      const granted = await takeSearchCalls(env, keys, wanted, FREE_DAILY_SEARCH_CALLS, now);
      return {
        granted,
        ...(granted < wanted ? { refused: searchCallsSpent(FREE_DAILY_SEARCH_CALLS) } : {}),
        settle: (used) => giveBackSearchCalls(env, keys, granted - Math.min(used, granted), now),
      };
    },
  };
}
