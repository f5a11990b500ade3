/**
 * Where shared memes live in R2 (ADR 0139): under `shares/`, apart from the hour-long `tmp/` images and the saved
 * memes, with one prefix per lifetime, so the bucket's lifecycle rule can reach the free ones and never a premium
 * member's: `shares/30d/` (free, deleted by the cron when their row expires, and by a lifecycle rule a day later as
 * the backstop) and `shares/kept/` (premium, until deleted). The D1 row names the object's key.
 */
import { shareCacheTag } from '../../../../core/api/edge-cache';
import { SHARE_FREE_DAYS } from '../../../../core/api/shares';
import { expiredShares, markShareDeleted, markSharesDeleted, type ShareRow } from '../db/shares';
import { purgeTagsEverywhere, type EdgePurgeConfig } from '../edge-purge';

export const SHARE_PREFIX = 'shares/';
export const SHARE_EXPIRING_PREFIX = `${SHARE_PREFIX}${SHARE_FREE_DAYS}d/`;
export const SHARE_KEPT_PREFIX = `${SHARE_PREFIX}kept/`;

export const shareObjectKey = (id: string, kept: boolean) => `${kept ? SHARE_KEPT_PREFIX : SHARE_EXPIRING_PREFIX}${id}`;

/** 12 characters of a-z0-9 from the platform's random source (rejection sampling keeps them uniform). */
export function newShareId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  while (id.length < 12) {
    for (const b of crypto.getRandomValues(new Uint8Array(16))) {
      // 252 = 7 * 36: bytes above it would favour the first letters.
      if (b < 252 && id.length < 12) id += alphabet[b % 36];
    }
  }
  return id;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A delete token: 32 random bytes, base64url. */
export const newDeleteToken = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** SHA-256 of a token, lower-case hex: what D1 keeps. */
export async function hashToken(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether two hex hashes are equal, in time that does not depend on where they differ. */
export function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Takes a share down: its object first (a retry after a failed row update still works), then its row becomes a
 * tombstone with the reason, then its picture is purged from the edge cache in every data centre when the purge is
 * configured (edge-purge.ts; a failed purge is logged, never undoes the delete). False when another request took it
 * down first. The creator's delete and the operator's take-down go this way; the cron's expiry needs no purge, since
 * a picture is never kept past its share's expiry (routes/shares.ts).
 */
export async function takeDown(
  env: Pick<Env, 'BUCKET' | 'DB'> & EdgePurgeConfig,
  row: Pick<ShareRow, 'id' | 'objectKey'>,
  reason: string,
  now = Date.now(),
): Promise<boolean> {
  await env.BUCKET.delete(row.objectKey);
  const marked = await markShareDeleted(env.DB, row.id, reason, now);
  await purgeTagsEverywhere(env, [shareCacheTag(row.id)]);
  return marked;
}

/** Shares the cron takes down per run: R2 deletes one key per call, and a run must end well inside its limits. */
export const EXPIRE_BATCH = 200;

/** The cron's part: free shares whose days are up lose their object and become tombstones ('expired'). */
export async function expireShares(env: Pick<Env, 'BUCKET' | 'DB'>, now: number): Promise<number> {
  const due = await expiredShares(env.DB, now, EXPIRE_BATCH);
  if (due.length === 0) return 0;
  await env.BUCKET.delete(due.map((s) => s.objectKey));
  return markSharesDeleted(
    env.DB,
    due.map((s) => s.id),
    'expired',
    now,
  );
}
