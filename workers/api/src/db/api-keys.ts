/**
 * Queries for members' API keys and their monthly call counts (ADR 0107). Every write that must hold under
 * concurrency is one statement: creating a key checks the member's active count in the INSERT itself, and a call is
 * counted by an upsert that only moves while under the allowance.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { apiKeys, apiKeyUsage, members } from './schema';

export interface NewApiKey {
  id: string;
  memberId: string;
  name: string;
  prefix: string;
  keyHash: string;
  createdAt: number;
}

/** The key an `Authorization: Bearer` header names, while it is active. */
export interface ActiveKey {
  id: string;
  memberId: string;
  /** When the member first unlocked premium (ms). */
  memberSince: number;
  /** Calls counted in the month asked about. */
  callsThisMonth: number;
}

export interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
  callsThisMonth: number;
}

/**
 * Inserts the key unless the member already has `maxActive` active ones; false when refused. One INSERT … SELECT …
 * WHERE, so two creations at once cannot both pass the count: drizzle's insert builder takes a select only from a
 * table, and this one selects from none, so it is written with drizzle's `sql` template on the schema's table.
 */
export async function insertKeyWithin(db: D1Database, key: NewApiKey, maxActive: number): Promise<boolean> {
  const inserted = await drizzle(db).all<{ id: string }>(sql`
    INSERT INTO ${apiKeys} (id, member_id, name, prefix, key_hash, created_at)
    SELECT ${key.id}, ${key.memberId}, ${key.name}, ${key.prefix}, ${key.keyHash}, ${key.createdAt}
    WHERE (SELECT COUNT(*) FROM ${apiKeys} WHERE member_id = ${key.memberId} AND revoked_at IS NULL) < ${maxActive}
    RETURNING id`);
  return inserted.length === 1;
}

/** The member's active keys, newest first, each with its calls in `month`. */
export async function listActiveKeys(db: D1Database, memberId: string, month: string): Promise<KeyRow[]> {
  return drizzle(db)
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      callsThisMonth: sql<number>`coalesce(${apiKeyUsage.calls}, 0)`,
    })
    .from(apiKeys)
    .leftJoin(apiKeyUsage, and(eq(apiKeyUsage.keyId, apiKeys.id), eq(apiKeyUsage.month, month)))
    .where(and(eq(apiKeys.memberId, memberId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** All the member's calls in `month`, revoked keys included. */
export const memberCallsInMonth = (db: D1Database, memberId: string, month: string) =>
  drizzle(db)
    .select({ calls: sql<number>`coalesce(sum(${apiKeyUsage.calls}), 0)` })
    .from(apiKeyUsage)
    .innerJoin(apiKeys, eq(apiKeys.id, apiKeyUsage.keyId))
    .where(and(eq(apiKeys.memberId, memberId), eq(apiKeyUsage.month, month)));

/** Revokes one of the member's active keys; false when there is no such key (or it is someone else's). */
export async function revokeKey(db: D1Database, memberId: string, id: string, now: number): Promise<boolean> {
  const revoked = await drizzle(db)
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.memberId, memberId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length === 1;
}

/** The active key with this hash and its calls in `month`, in one read. */
export async function findActiveKey(db: D1Database, keyHash: string, month: string): Promise<ActiveKey | null> {
  const rows = await drizzle(db)
    .select({ id: apiKeys.id, memberId: apiKeys.memberId, memberSince: members.createdAt, callsThisMonth: sql<number>`coalesce(${apiKeyUsage.calls}, 0)` })
    .from(apiKeys)
    .innerJoin(members, eq(members.id, apiKeys.memberId))
    .leftJoin(apiKeyUsage, and(eq(apiKeyUsage.keyId, apiKeys.id), eq(apiKeyUsage.month, month)))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Counts one call of the key in `month` and marks it used, in one round trip. The count is one statement: a new
 * month starts at 1, an existing row goes up only while `calls < limit`. Returns the count after this call, or null
 * when the allowance was already spent (nothing counted).
 */
export async function countCall(db: D1Database, keyId: string, month: string, limit: number, now: number): Promise<number | null> {
  const d = drizzle(db);
  const [counted] = await d.batch([
    d
      .insert(apiKeyUsage)
      .values({ keyId, month, calls: 1 })
      .onConflictDoUpdate({
        target: [apiKeyUsage.keyId, apiKeyUsage.month],
        set: { calls: sql`${apiKeyUsage.calls} + 1` },
        setWhere: sql`${apiKeyUsage.calls} < ${limit}`,
      })
      .returning({ calls: apiKeyUsage.calls }),
    d.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, keyId)),
  ]);
  return counted[0]?.calls ?? null;
}

/** Gives back a call that failed on our side. */
export async function refundCall(db: D1Database, keyId: string, month: string): Promise<void> {
  await drizzle(db)
    .update(apiKeyUsage)
    .set({ calls: sql`${apiKeyUsage.calls} - 1` })
    .where(and(eq(apiKeyUsage.keyId, keyId), eq(apiKeyUsage.month, month), sql`${apiKeyUsage.calls} > 0`));
}
