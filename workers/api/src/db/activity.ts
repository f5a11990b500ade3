import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { utcDay } from '../identity/visitor';
import { activity } from './schema';

/** Kinds of member activity the dashboard counts. */
export type ActivityKind = 'ai' | 'download';

/**
 * Adds one to a member's count of `kind` for today (one atomic upsert). Best effort: the dashboard's statistics are
 * not worth failing an operation the member already has the result of.
 */
export async function recordActivity(
  db: D1Database,
  memberId: string,
  kind: ActivityKind,
  now = Date.now(),
): Promise<void> {
  try {
    await drizzle(db)
      .insert(activity)
      .values({ memberId, kind, day: utcDay(now), count: 1 })
      .onConflictDoUpdate({
        target: [activity.memberId, activity.kind, activity.day],
        set: { count: sql`${activity.count} + 1` },
      });
  } catch (err) {
    console.error('could not record activity', err instanceof Error ? err.message : String(err));
  }
}

/** A member's count of `kind` on one UTC day (YYYY-MM-DD); 0 when there is none. */
export async function activityOn(db: D1Database, memberId: string, kind: ActivityKind, day: string): Promise<number> {
  const [row] = await drizzle(db)
    .select({ count: activity.count })
    .from(activity)
    .where(and(eq(activity.memberId, memberId), eq(activity.kind, kind), eq(activity.day, day)))
    .limit(1);
  return row?.count ?? 0;
}

export interface ActivityTotal {
  kind: string;
  /** All time. */
  count: number;
  /** Since `monthStart`. */
  month: number;
}

export interface ActivityDay {
  kind: string;
  day: string;
  count: number;
}

/**
 * A member's activity for the dashboard, in one round trip: per-kind totals (all time and since `monthStart`) and
 * the per-day counts from `first` to `last` (UTC days, YYYY-MM-DD).
 */
export async function activitySummary(
  db: D1Database,
  memberId: string,
  window: { monthStart: string; first: string; last: string },
): Promise<{ totals: ActivityTotal[]; days: ActivityDay[] }> {
  const d = drizzle(db);
  const ofMember = eq(activity.memberId, memberId);
  const [totals, days] = await d.batch([
    d
      .select({
        kind: activity.kind,
        count: sql<number>`sum(${activity.count})`.mapWith(Number),
        month:
          sql<number>`sum(case when ${activity.day} >= ${window.monthStart} then ${activity.count} else 0 end)`.mapWith(
            Number,
          ),
      })
      .from(activity)
      .where(ofMember)
      .groupBy(activity.kind),
    d
      .select({ kind: activity.kind, day: activity.day, count: activity.count })
      .from(activity)
      .where(and(ofMember, gte(activity.day, window.first), lte(activity.day, window.last))),
  ]);
  return { totals, days };
}
