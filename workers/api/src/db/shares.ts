/** The shares table (ADR 0139): share links, their tombstones, and the expired ones the cron takes down. */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { shares, templates } from './schema';

export type ShareRow = typeof shares.$inferSelect;

export async function insertShare(db: D1Database, row: ShareRow): Promise<void> {
  await drizzle(db).insert(shares).values(row);
}

/** The share and its template's name (null when it has none, or the template is gone). */
export async function findShare(
  db: D1Database,
  id: string,
): Promise<(ShareRow & { templateName: string | null }) | null> {
  const [row] = await drizzle(db)
    .select({ share: shares, templateName: templates.name })
    .from(shares)
    .leftJoin(templates, eq(templates.id, shares.templateId))
    .where(eq(shares.id, id))
    .limit(1);
  return row ? { ...row.share, templateName: row.templateName } : null;
}

/** The name of the template of this id, or null when there is none (a share names only a real one). */
export async function templateName(db: D1Database, id: string): Promise<string | null> {
  const [row] = await drizzle(db).select({ name: templates.name }).from(templates).where(eq(templates.id, id)).limit(1);
  return row?.name ?? null;
}

/**
 * Marks a live share deleted (its object is the caller's to delete first); false when it was already deleted, so two
 * deletes at once answer one 204 and one 410.
 */
export async function markShareDeleted(db: D1Database, id: string, reason: string, now: number): Promise<boolean> {
  const done = await drizzle(db)
    .update(shares)
    .set({ deletedAt: now, deletedReason: reason })
    .where(and(eq(shares.id, id), isNull(shares.deletedAt)))
    .returning({ id: shares.id });
  return done.length > 0;
}

/** Live shares whose time is up, oldest first, at most `limit` (the cron works through them a batch at a time). */
export function expiredShares(
  db: D1Database,
  now: number,
  limit: number,
): Promise<{ id: string; objectKey: string }[]> {
  return drizzle(db)
    .select({ id: shares.id, objectKey: shares.objectKey })
    .from(shares)
    .where(and(isNull(shares.deletedAt), isNotNull(shares.expiresAt), lte(shares.expiresAt, now)))
    .orderBy(shares.expiresAt)
    .limit(limit);
}

/** Marks the live shares among `ids` deleted for one reason, in one statement; how many it marked. */
export async function markSharesDeleted(db: D1Database, ids: string[], reason: string, now: number): Promise<number> {
  if (ids.length === 0) return 0;
  const done = await drizzle(db)
    .update(shares)
    .set({ deletedAt: now, deletedReason: reason })
    .where(and(inArray(shares.id, ids), isNull(shares.deletedAt)))
    .returning({ id: shares.id });
  return done.length;
}

/**
 * The live shares someone owns, newest first (ADR 0170): a signed-in account's (its id as member), or a browser's (made
 * by its visitor, or kept by its premium member, whose id is the visitor's).
 */
export async function listOwnShares(db: D1Database, owner: { accountId: string } | { visitorId: string }, now: number) {
  const owned =
    'accountId' in owner
      ? eq(shares.memberId, owner.accountId)
      : or(eq(shares.memberId, owner.visitorId), eq(shares.visitorId, owner.visitorId));
  const rows = await drizzle(db)
    .select({ share: shares, templateName: templates.name })
    .from(shares)
    .leftJoin(templates, eq(templates.id, shares.templateId))
    .where(and(owned, isNull(shares.deletedAt), or(isNull(shares.expiresAt), gt(shares.expiresAt, now))))
    .orderBy(desc(shares.createdAt));
  return rows.map((row) => ({ ...row.share, templateName: row.templateName }));
}
