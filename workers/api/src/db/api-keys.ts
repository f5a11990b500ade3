/**
 * Queries for members' API keys and their monthly call counts (ADR 0107). Every write that must hold under
 * concurrency is one statement: creating a key checks the member's active count in the INSERT itself. Calls are
 * counted in each key's counting object and written here by its flush (ADR 0149).
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
    .select({
      id: apiKeys.id,
      memberId: apiKeys.memberId,
      memberSince: members.createdAt,
      callsThisMonth: sql<number>`coalesce(${apiKeyUsage.calls}, 0)`,
    })
    .from(apiKeys)
    .innerJoin(members, eq(members.id, apiKeys.memberId))
    .leftJoin(apiKeyUsage, and(eq(apiKeyUsage.keyId, apiKeys.id), eq(apiKeyUsage.month, month)))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** A key's count of calls in a month and its last call, as its counting object holds them (counters/key-meter.ts). */
export interface KeyUsage {
  keyId: string;
  month: string;
  calls: number;
  lastUsedAt: number;
}

/**
 * Writes the counts a key's counting object holds (ADR 0149), in one batch: the month's count as it is there (the
 * object is the meter; a refund can lower it), and the key's last use, never moved back.
 */
export async function writeKeyUsage(db: D1Database, rows: readonly KeyUsage[]): Promise<void> {
  const d = drizzle(db);
  const statements = rows.flatMap((r) => [
    d
      .insert(apiKeyUsage)
      .values({ keyId: r.keyId, month: r.month, calls: r.calls })
      .onConflictDoUpdate({ target: [apiKeyUsage.keyId, apiKeyUsage.month], set: { calls: r.calls } }),
    d
      .update(apiKeys)
      .set({ lastUsedAt: sql`max(coalesce(${apiKeys.lastUsedAt}, 0), ${r.lastUsedAt})` })
      .where(eq(apiKeys.id, r.keyId)),
  ]);
  const [first, ...rest] = statements;
  if (first) await d.batch([first, ...rest]);
}
