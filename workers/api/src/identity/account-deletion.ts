/**
 * Deleting an account (ADR 0170). First, in one batch, the account is marked `deleting_at` and every session and
 * passkey of it goes: every device is signed out at once and nobody can sign in again. Then what it owns goes, step
 * by step, each step safe to run again (objects before their rows, as everywhere, ADR 0139): saved memes, share links
 * (their pictures, then tombstones that answer 410 and name no owner), API keys and their usage, activity, premium,
 * and last the account row. A request that fails half-way leaves the mark, and the cron finishes the rest
 * (scheduled.ts, `finishAccountDeletions`).
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { shareCacheTag } from '../../../../core/api/edge-cache';
import {
  accounts,
  accountSessions,
  activity,
  apiKeys,
  apiKeyUsage,
  members,
  passkeys,
  premiumSessions,
  savedMemes,
  shares,
  webauthnChallenges,
} from '../db/schema';
import { markSharesDeleted } from '../db/shares';
import { purgeTagsEverywhere, type EdgePurgeConfig } from '../edge-purge';

/** R2 deletes at most 1,000 keys a call. */
const R2_DELETE_BATCH = 1000;
/** Accounts the cron finishes per run, so a run ends well inside its limits. */
const CRON_BATCH = 10;

type DeletionEnv = Pick<Env, 'BUCKET' | 'DB'> & EdgePurgeConfig;

/**
 * Signs the account out everywhere and stops every sign-in, in one batch; then deletes the rest. Answers the ids of the
 * share links it took down, whose pictures the site's edge cache must drop (ADR 0146).
 */
export async function deleteAccount(env: DeletionEnv, accountId: string, now = Date.now()): Promise<string[]> {
  const d = drizzle(env.DB);
  await d.batch([
    d
      .update(accounts)
      .set({ deletingAt: now })
      .where(and(eq(accounts.id, accountId), isNull(accounts.deletingAt))),
    d.delete(accountSessions).where(eq(accountSessions.accountId, accountId)),
    d.delete(passkeys).where(eq(passkeys.accountId, accountId)),
    d.delete(webauthnChallenges).where(eq(webauthnChallenges.accountId, accountId)),
  ]);
  return finishDeletion(env, accountId, now);
}

async function deleteObjects(bucket: R2Bucket, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += R2_DELETE_BATCH) await bucket.delete(keys.slice(i, i + R2_DELETE_BATCH));
}

/** Everything the account owns, each step repeatable; the account row goes last. The shares it took down. */
export async function finishDeletion(env: DeletionEnv, accountId: string, now = Date.now()): Promise<string[]> {
  const d = drizzle(env.DB);
  const memes = await d
    .select({ key: savedMemes.objectKey })
    .from(savedMemes)
    .where(eq(savedMemes.memberId, accountId));
  await deleteObjects(
    env.BUCKET,
    memes.map((m) => m.key),
  );
  await d.delete(savedMemes).where(eq(savedMemes.memberId, accountId));

  const live = await d
    .select({ id: shares.id, key: shares.objectKey })
    .from(shares)
    .where(and(eq(shares.memberId, accountId), isNull(shares.deletedAt)));
  await deleteObjects(
    env.BUCKET,
    live.map((s) => s.key),
  );
  await markSharesDeleted(
    env.DB,
    live.map((s) => s.id),
    'account deleted',
    now,
  );
  await purgeTagsEverywhere(
    env,
    live.map((s) => shareCacheTag(s.id)),
  );
  // The tombstones stay (their links answer 410, ADR 0139) but no longer say whose they were.
  await d.update(shares).set({ memberId: null, visitorId: null }).where(eq(shares.memberId, accountId));

  const keys = await d.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.memberId, accountId));
  const keyIds = keys.map((k) => k.id);
  await d.batch([
    d.delete(apiKeyUsage).where(inArray(apiKeyUsage.keyId, keyIds.length > 0 ? keyIds : [''])),
    d.delete(apiKeys).where(eq(apiKeys.memberId, accountId)),
    d.delete(activity).where(eq(activity.memberId, accountId)),
    d.delete(premiumSessions).where(eq(premiumSessions.memberId, accountId)),
    d.delete(members).where(eq(members.id, accountId)),
    d.delete(accounts).where(eq(accounts.id, accountId)),
  ]);
  return live.map((s) => s.id);
}

/** Whether the account's deletion has begun (its first batch ran): then the cron will finish it. */
export async function deletionBegun(db: D1Database, accountId: string): Promise<boolean> {
  const [row] = await drizzle(db)
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), isNotNull(accounts.deletingAt)))
    .limit(1);
  return row !== undefined;
}

/** The cron's part: deletions a request began and did not finish. How many it finished. */
export async function finishAccountDeletions(env: DeletionEnv, now: number): Promise<number> {
  const due = await drizzle(env.DB)
    .select({ id: accounts.id })
    .from(accounts)
    .where(isNotNull(accounts.deletingAt))
    .limit(CRON_BATCH);
  for (const { id } of due) await finishDeletion(env, id, now);
  return due.length;
}
