import { deleteOldTimings } from './db/op-timings';
import { deleteExpiredSessions } from './identity/session';
import { deleteOldCounters } from './quota';
import { deleteOldWindows } from './rate-limit';
import { deleteExpired } from './storage/image-store';

/**
 * The cron trigger, using the trigger's scheduled time as "now": deletes expired images by whole buckets, and the
 * D1 rows nobody can use any more (yesterday's counters, old rate-limit windows, expired sessions, AI timings older than a week).
 */
export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const now = controller.scheduledTime;
  const { buckets, objects } = await deleteExpired(env.BUCKET, now);
  await Promise.all([
    deleteOldCounters(env.DB, now),
    deleteOldWindows(env.DB, now - 3600_000),
    deleteExpiredSessions(env.DB, now),
    deleteOldTimings(env.DB, now),
  ]);
  if (objects > 0) console.log(`cleanup: deleted ${objects} expired images in ${buckets} buckets`);
}
