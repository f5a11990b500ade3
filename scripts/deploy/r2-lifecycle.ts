/**
 * The image bucket's whole lifecycle configuration, as `wrangler r2 bucket lifecycle set --file` takes it (the
 * rule shape of wrangler's r2 helpers, the body of the R2 lifecycle API). `set` replaces every rule, so running the
 * deploy again converges on exactly these rules whatever was there before.
 */
import { TMP_PREFIX } from '../../workers/api/src/storage/image-store';
import { SHARE_EXPIRING_PREFIX } from '../../workers/api/src/storage/share-store';
import { SHARE_FREE_DAYS } from '../../core/api/shares';

const DAY_SECONDS = 86_400;

export interface LifecycleRule {
  id: string;
  enabled: boolean;
  conditions: { prefix?: string };
  deleteObjectsTransition?: { condition: { type: 'Age'; maxAge: number } };
  abortMultipartUploadsTransition?: { condition: { type: 'Age'; maxAge: number } };
}

/** After this many days R2 deletes an expiring image itself: the backstop behind the cron (README, expiry). */
export const EXPIRE_TEMPORARY_DAYS = 1;
/**
 * Free share links (ADR 0139): the cron takes each down when its row expires; R2 deletes what is left a day after
 * the last one could still be live. A premium member's shares (shares/kept/) are under no rule.
 */
export const EXPIRE_FREE_SHARES_DAYS = SHARE_FREE_DAYS + 1;
/** What R2 gives a new bucket by default; `set` would drop it otherwise. */
const ABORT_MULTIPART_DAYS = 7;

export function imageBucketLifecycle(): { rules: LifecycleRule[] } {
  return {
    rules: [
      {
        // Only uploads, tool results and generated images (image-store.ts TMP_PREFIX); saved memes (saved/) and
        // imported template pictures (templates/) sit under other prefixes and are kept.
        id: 'expire-temporary-images',
        enabled: true,
        conditions: { prefix: TMP_PREFIX },
        deleteObjectsTransition: { condition: { type: 'Age', maxAge: EXPIRE_TEMPORARY_DAYS * DAY_SECONDS } },
      },
      {
        id: 'expire-free-shares',
        enabled: true,
        conditions: { prefix: SHARE_EXPIRING_PREFIX },
        deleteObjectsTransition: { condition: { type: 'Age', maxAge: EXPIRE_FREE_SHARES_DAYS * DAY_SECONDS } },
      },
      {
        id: 'abort-incomplete-multipart-uploads',
        enabled: true,
        conditions: {},
        abortMultipartUploadsTransition: { condition: { type: 'Age', maxAge: ABORT_MULTIPART_DAYS * DAY_SECONDS } },
      },
    ],
  };
}

/** Whether an object key is deleted by some rule of `config` (a rule with no prefix reaches every key). */
export const expiresUnder = (config: { rules: LifecycleRule[] }, key: string) =>
  config.rules.some((r) => r.enabled && r.deleteObjectsTransition && key.startsWith(r.conditions.prefix ?? ''));

/** One rule in words, for the plan's printout. */
export function describeRule(rule: LifecycleRule): string {
  const where = rule.conditions.prefix ? `under ${rule.conditions.prefix}` : 'anywhere';
  if (rule.deleteObjectsTransition)
    return `${rule.id}: objects ${where} deleted ${rule.deleteObjectsTransition.condition.maxAge / 86_400} day(s) after upload`;
  if (rule.abortMultipartUploadsTransition)
    return `${rule.id}: unfinished multipart uploads ${where} aborted after ${rule.abortMultipartUploadsTransition.condition.maxAge / 86_400} days`;
  return rule.id;
}
