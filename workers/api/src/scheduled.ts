import { CONTACT_KEPT_DAYS } from '../../../core/api/contact';
import { deleteOldContactMessages } from './db/contact-messages';
import { deleteOldTimings } from './db/op-timings';
import { deleteExpiredAccountSessions, deleteExpiredChallenges } from './db/accounts';
import { finishAccountDeletions } from './identity/account-deletion';
import { deleteExpiredSessions } from './identity/session';
import { deleteExpired } from './storage/image-store';
import { expireShares } from './storage/share-store';

/**
 * The cron trigger, using the trigger's scheduled time as "now": deletes expired images by whole buckets, takes down
 * free share links whose days are up (ADR 0139), and the D1 rows nobody can use any more (expired sessions, AI
 * timings older than a week, signed-in sessions and passkey challenges past their time) or may keep no longer
 * (contact messages past CONTACT_KEPT_DAYS, ADR 0158), and finishes account deletions a request began but could not
 * finish (ADR 0170). Allowance and attempt counts clean themselves up (their Durable Objects' alarms, ADR 0112).
 */
export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const now = controller.scheduledTime;
  const { buckets, objects } = await deleteExpired(env.BUCKET, now);
  const [expiredShares, , , oldMessages, , , deletedAccounts] = await Promise.all([
    expireShares(env, now),
    deleteExpiredSessions(env.DB, now),
    deleteOldTimings(env.DB, now),
    deleteOldContactMessages(env.DB, now),
    deleteExpiredAccountSessions(env.DB, now),
    deleteExpiredChallenges(env.DB, now),
    finishAccountDeletions(env, now),
  ]);
  if (deletedAccounts > 0) console.log(`cleanup: finished deleting ${deletedAccounts} accounts`);
  if (expiredShares > 0) console.log(`cleanup: took down ${expiredShares} expired share links`);
  if (oldMessages > 0)
    console.log(`cleanup: deleted ${oldMessages} contact messages older than ${CONTACT_KEPT_DAYS} days`);
  if (objects > 0) console.log(`cleanup: deleted ${objects} expired images in ${buckets} buckets`);
}
