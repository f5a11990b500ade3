/** The account tables (ADR 0170): accounts, their passkeys and signed-in sessions, and WebAuthn challenges. */
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { accounts, accountSessions, members, passkeys, webauthnChallenges } from './schema';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type AccountSessionRow = typeof accountSessions.$inferSelect;
export type ChallengePurpose = 'create' | 'add' | 'sign-in';

export async function putChallenge(
  db: D1Database,
  challenge: string,
  purpose: ChallengePurpose,
  accountId: string | null,
  expiresAt: number,
): Promise<void> {
  await drizzle(db).insert(webauthnChallenges).values({ challenge, purpose, accountId, expiresAt });
}

/**
 * Takes a challenge: deletes it and answers what it was for, or null when it was never given, has expired or was
 * already taken. One statement, so two answers racing with the same challenge cannot both have it.
 */
export async function takeChallenge(
  db: D1Database,
  challenge: string,
  purpose: ChallengePurpose,
  now: number,
): Promise<{ accountId: string | null } | null> {
  const [row] = await drizzle(db)
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ accountId: webauthnChallenges.accountId });
  return row ?? null;
}

export async function deleteExpiredChallenges(db: D1Database, now: number): Promise<void> {
  await drizzle(db).delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now));
}

/** A new account with its first passkey, in one batch (neither without the other). */
export async function insertAccount(
  db: D1Database,
  account: { id: string; recoveryCodeHash: string; createdAt: number },
  passkey: PasskeyRow,
): Promise<void> {
  const d = drizzle(db);
  await d.batch([d.insert(accounts).values(account), d.insert(passkeys).values(passkey)]);
}

export async function insertPasskey(db: D1Database, passkey: PasskeyRow): Promise<void> {
  await drizzle(db).insert(passkeys).values(passkey);
}

/** The passkey and its account, unless the account is being deleted. */
export async function findPasskey(db: D1Database, id: string): Promise<PasskeyRow | null> {
  const [row] = await drizzle(db)
    .select({ passkey: passkeys })
    .from(passkeys)
    .innerJoin(accounts, eq(accounts.id, passkeys.accountId))
    .where(and(eq(passkeys.id, id), isNull(accounts.deletingAt)))
    .limit(1);
  return row?.passkey ?? null;
}

/**
 * Records a verified use: the new counter, only if the stored one is still what was checked against, so two sign-ins
 * racing with one counter value cannot both pass. False when another use got there first.
 */
export async function recordPasskeyUse(
  db: D1Database,
  id: string,
  checkedCounter: number,
  counter: number,
  now: number,
): Promise<boolean> {
  const done = await drizzle(db)
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, checkedCounter)))
    .returning({ id: passkeys.id });
  return done.length > 0;
}

export function listPasskeys(db: D1Database, accountId: string): Promise<PasskeyRow[]> {
  return drizzle(db).select().from(passkeys).where(eq(passkeys.accountId, accountId)).orderBy(asc(passkeys.createdAt));
}

export async function deletePasskey(db: D1Database, accountId: string, id: string): Promise<boolean> {
  const done = await drizzle(db)
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.accountId, accountId)))
    .returning({ id: passkeys.id });
  return done.length > 0;
}

/** The account whose recovery code hashes to this, unless it is being deleted. */
export async function findAccountByRecovery(db: D1Database, recoveryCodeHash: string): Promise<string | null> {
  const [row] = await drizzle(db)
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.recoveryCodeHash, recoveryCodeHash), isNull(accounts.deletingAt)))
    .limit(1);
  return row?.id ?? null;
}

/** Replaces a recovery code by a new one, only if the old one is still the account's (it signs in once). */
export async function replaceRecoveryCode(
  db: D1Database,
  accountId: string,
  oldHash: string,
  newHash: string,
): Promise<boolean> {
  const done = await drizzle(db)
    .update(accounts)
    .set({ recoveryCodeHash: newHash })
    .where(and(eq(accounts.id, accountId), eq(accounts.recoveryCodeHash, oldHash)))
    .returning({ id: accounts.id });
  return done.length > 0;
}

export async function insertAccountSession(db: D1Database, row: AccountSessionRow): Promise<void> {
  await drizzle(db).insert(accountSessions).values(row);
}

/** A live session of an account not being deleted, with the account's premium (its `members` row), if any. */
export async function findAccountSession(db: D1Database, id: string, now: number) {
  const [row] = await drizzle(db)
    .select({
      id: accountSessions.id,
      accountId: accountSessions.accountId,
      expiresAt: accountSessions.expiresAt,
      accountSince: accounts.createdAt,
      memberSince: members.createdAt,
    })
    .from(accountSessions)
    .innerJoin(accounts, eq(accounts.id, accountSessions.accountId))
    .leftJoin(members, eq(members.id, accountSessions.accountId))
    .where(and(eq(accountSessions.id, id), gt(accountSessions.expiresAt, now), isNull(accounts.deletingAt)))
    .limit(1);
  return row ?? null;
}

export function listAccountSessions(db: D1Database, accountId: string, now: number): Promise<AccountSessionRow[]> {
  return drizzle(db)
    .select()
    .from(accountSessions)
    .where(and(eq(accountSessions.accountId, accountId), gt(accountSessions.expiresAt, now)))
    .orderBy(asc(accountSessions.createdAt));
}

export async function deleteAccountSession(db: D1Database, accountId: string, id: string): Promise<boolean> {
  const done = await drizzle(db)
    .delete(accountSessions)
    .where(and(eq(accountSessions.id, id), eq(accountSessions.accountId, accountId)))
    .returning({ id: accountSessions.id });
  return done.length > 0;
}

/** Signs the account out everywhere; how many sessions ended. */
export async function deleteAccountSessions(db: D1Database, accountId: string): Promise<number> {
  const done = await drizzle(db)
    .delete(accountSessions)
    .where(eq(accountSessions.accountId, accountId))
    .returning({ id: accountSessions.id });
  return done.length;
}

export async function deleteExpiredAccountSessions(db: D1Database, now: number): Promise<void> {
  await drizzle(db).delete(accountSessions).where(lte(accountSessions.expiresAt, now));
}

export async function findAccount(db: D1Database, id: string) {
  const [row] = await drizzle(db)
    .select({ id: accounts.id, createdAt: accounts.createdAt, memberSince: members.createdAt })
    .from(accounts)
    .leftJoin(members, eq(members.id, accounts.id))
    .where(and(eq(accounts.id, id), isNull(accounts.deletingAt)))
    .limit(1);
  return row ?? null;
}
