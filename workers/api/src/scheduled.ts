import { deleteExpired } from './storage/image-store';

/** The cron trigger: deletes expired images by whole buckets, using the trigger's time as "now". */
export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const { buckets, objects } = await deleteExpired(env.BUCKET, controller.scheduledTime);
  if (objects > 0) console.log(`cleanup: deleted ${objects} expired images in ${buckets} buckets`);
}
