/**
 * The contact page's messages (ADR 0158): written by POST /api/contact, listed by `npm run contact:list`, deleted by
 * the cron CONTACT_KEPT_DAYS after they arrived.
 */
import { desc, lt } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { CONTACT_KEPT_MS, type ContactMessageInput } from '../../../../core/api/contact';
import { contactMessages } from './schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(
  db: D1Database,
  id: string,
  message: ContactMessageInput,
  now: number,
): Promise<void> {
  await drizzle(db)
    .insert(contactMessages)
    .values({ id, ...message, createdAt: now });
}

/** The newest first; `limit` of them. */
export const newestContactMessages = (db: D1Database, limit: number) =>
  drizzle(db)
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);

/** Deletes the messages older than the retention; answers how many went. */
export async function deleteOldContactMessages(db: D1Database, now: number): Promise<number> {
  const result = await drizzle(db)
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, now - CONTACT_KEPT_MS));
  return result.meta.changes ?? 0;
}
