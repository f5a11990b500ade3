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
