/**
 * The measured history behind the estimate an AI job shows (ADR 0105): each successful AI operation's duration by
 * operation and picture size, and the median of the most recent ones. The read travels in the same D1 batch as the
 * allowance check; the write happens after the answer (`waitUntil`), so neither adds a round trip to the job.
 */
import { and, desc, eq, lt } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { opTimings } from './schema';

/** How many recent runs the estimate looks at. */
export const ESTIMATE_SAMPLE = 15;
/** The history kept by the cron. */
export const TIMINGS_KEPT_MS = 7 * 24 * 3600_000;

export interface TimingKey {
  operation: string;
  sizeBucket: string;
}

/** Size classes in which AI work takes a similar time. */
export function sizeBucket(pixels: number): string {
  if (pixels <= 500_000) return 'small';
  if (pixels <= 2_000_000) return 'medium';
  if (pixels <= 8_000_000) return 'large';
  return 'huge';
}

/** The middle of the measured durations (the mean of the two middle ones for an even count); none: no estimate. */
export function medianMs(durations: readonly number[]): number | undefined {
  if (durations.length === 0) return undefined;
  const sorted = [...durations].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return Math.round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The durations of the most recent runs of this kind, newest first. */
export const recentTimings = (db: D1Database, key: TimingKey) =>
  drizzle(db)
    .select({ ms: opTimings.ms })
    .from(opTimings)
    .where(and(eq(opTimings.operation, key.operation), eq(opTimings.sizeBucket, key.sizeBucket)))
    .orderBy(desc(opTimings.createdAt), desc(opTimings.id))
    .limit(ESTIMATE_SAMPLE);

/** The estimate from a `recentTimings` result (none when the read failed). */
export const estimateFrom = (rows: readonly { ms: unknown }[] | undefined) =>
  medianMs((rows ?? []).map((row) => Number(row.ms)).filter((ms) => Number.isFinite(ms) && ms >= 0));

export async function recordTiming(db: D1Database, key: TimingKey, ms: number, now = Date.now()): Promise<void> {
  await drizzle(db)
    .insert(opTimings)
    .values({ operation: key.operation, sizeBucket: key.sizeBucket, ms: Math.max(0, Math.round(ms)), createdAt: now });
}

export async function deleteOldTimings(db: D1Database, now: number): Promise<void> {
  await drizzle(db)
    .delete(opTimings)
    .where(lt(opTimings.createdAt, now - TIMINGS_KEPT_MS));
}
