import { utcDay } from '../identity/visitor';

/** Kinds of member activity the dashboard counts. */
export type ActivityKind = 'ai' | 'download';

/**
 * Adds one to a member's count of `kind` for today (one atomic upsert). Best effort: the dashboard's statistics are
 * not worth failing an operation the member already has the result of.
 */
export async function recordActivity(db: D1Database, memberId: string, kind: ActivityKind, now = Date.now()): Promise<void> {
  try {
    await db
      .prepare(
        `INSERT INTO activity (member_id, kind, day, count) VALUES (?1, ?2, ?3, 1)
         ON CONFLICT (member_id, kind, day) DO UPDATE SET count = count + 1`,
      )
      .bind(memberId, kind, utcDay(now))
      .run();
  } catch (err) {
    console.error('could not record activity', err instanceof Error ? err.message : String(err));
  }
}

/** A member's count of `kind` on one UTC day (YYYY-MM-DD); 0 when there is none. */
export async function activityOn(db: D1Database, memberId: string, kind: ActivityKind, day: string): Promise<number> {
  const row = await db
    .prepare(`SELECT count FROM activity WHERE member_id = ?1 AND kind = ?2 AND day = ?3`)
    .bind(memberId, kind, day)
    .first<{ count: number }>();
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
  const [totals, days] = await db.batch([
    db
      .prepare(
        `SELECT kind, SUM(count) AS count, SUM(CASE WHEN day >= ?2 THEN count ELSE 0 END) AS month
         FROM activity WHERE member_id = ?1 GROUP BY kind`,
      )
      .bind(memberId, window.monthStart),
    db.prepare(`SELECT kind, day, count FROM activity WHERE member_id = ?1 AND day >= ?2 AND day <= ?3`).bind(memberId, window.first, window.last),
  ]);
  return { totals: (totals?.results ?? []) as ActivityTotal[], days: (days?.results ?? []) as ActivityDay[] };
}
