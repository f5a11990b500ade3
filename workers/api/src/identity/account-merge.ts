/**
 * Signing in on a browser that already has things (ADR 0170): what its visitor owns moves into the account in one D1
 * batch (one transaction), so it moves whole or not at all, and a second sign-in finds nothing left to move. The
 * visitor's things are those whose member id is the visitor's id (a premium visitor's saved memes, keys, kept share
 * links, activity and premium itself) and the share links it made without premium (`shares.visitor_id`).
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import type { Moved } from '../../../../core/api/account';
import { activity, apiKeys, members, premiumSessions, savedMemes, shares } from '../db/schema';

export async function moveVisitorInto(db: D1Database, visitorId: string, accountId: string): Promise<Moved> {
  const d = drizzle(db);
  const [premium, , , memes, keys, moved] = await d.batch([
    // Premium moves with its first day (the earlier of the two when the account had it too).
    d
      .insert(members)
      .select(
        d
          .select({ id: sql<string>`${accountId}`.as('id'), createdAt: members.createdAt })
          .from(members)
          .where(eq(members.id, visitorId)),
      )
      .onConflictDoUpdate({
        target: members.id,
        set: { createdAt: sql`min(${members.createdAt}, excluded.created_at)` },
      })
      .returning({ id: members.id }),
    d.delete(members).where(eq(members.id, visitorId)),
    // The browser's premium cookie session ends: the account's session carries premium from now on.
    d.delete(premiumSessions).where(eq(premiumSessions.memberId, visitorId)),
    d
      .update(savedMemes)
      .set({ memberId: accountId })
      .where(eq(savedMemes.memberId, visitorId))
      .returning({ id: savedMemes.id }),
    d
      .update(apiKeys)
      .set({ memberId: accountId })
      .where(eq(apiKeys.memberId, visitorId))
      .returning({ id: apiKeys.id, revokedAt: apiKeys.revokedAt }),
    d
      .update(shares)
      .set({ memberId: accountId })
      .where(
        and(
          isNull(shares.deletedAt),
          or(eq(shares.memberId, visitorId), and(eq(shares.visitorId, visitorId), isNull(shares.memberId))),
        ),
      )
      .returning({ id: shares.id }),
    // Activity adds up day by day (both may have counted the same day).
    d
      .insert(activity)
      .select(
        d
          .select({
            memberId: sql<string>`${accountId}`.as('member_id'),
            kind: activity.kind,
            day: activity.day,
            count: activity.count,
          })
          .from(activity)
          .where(eq(activity.memberId, visitorId)),
      )
      .onConflictDoUpdate({
        target: [activity.memberId, activity.kind, activity.day],
        set: { count: sql`${activity.count} + excluded.count` },
      }),
    d.delete(activity).where(eq(activity.memberId, visitorId)),
  ]);
  return {
    premium: premium.length > 0,
    memes: memes.length,
    keys: keys.filter((k) => k.revokedAt === null).length,
    shares: moved.length,
  };
}
