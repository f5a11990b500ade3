/** The saved_memes table: a premium member's kept memes (their objects live in R2 under the same id). */
import { and, count, desc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { savedMemes } from './schema';

export type SavedMemeRow = typeof savedMemes.$inferSelect;

export async function insertSavedMeme(db: D1Database, row: SavedMemeRow): Promise<void> {
  await drizzle(db).insert(savedMemes).values(row);
}

/** The member's memes, newest first. */
export function listSavedMemes(db: D1Database, memberId: string): Promise<SavedMemeRow[]> {
  return drizzle(db)
    .select()
    .from(savedMemes)
    .where(eq(savedMemes.memberId, memberId))
    .orderBy(desc(savedMemes.createdAt));
}

/** Whether `id` is one of the member's memes (another member's id answers false, as a missing one does). */
export async function ownsSavedMeme(db: D1Database, memberId: string, id: string): Promise<boolean> {
  const [row] = await drizzle(db)
    .select({ id: savedMemes.id })
    .from(savedMemes)
    .where(and(eq(savedMemes.id, id), eq(savedMemes.memberId, memberId)))
    .limit(1);
  return row !== undefined;
}

/** Deletes the member's meme row; false when it was already gone. */
export async function deleteSavedMeme(db: D1Database, memberId: string, id: string): Promise<boolean> {
  const deleted = await drizzle(db)
    .delete(savedMemes)
    .where(and(eq(savedMemes.id, id), eq(savedMemes.memberId, memberId)))
    .returning({ id: savedMemes.id });
  return deleted.length > 0;
}

/** How many memes the member has kept. */
export async function countSavedMemes(db: D1Database, memberId: string): Promise<number> {
  const [row] = await drizzle(db).select({ n: count() }).from(savedMemes).where(eq(savedMemes.memberId, memberId));
  return row?.n ?? 0;
}
