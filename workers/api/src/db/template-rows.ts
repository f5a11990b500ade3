/**
 * The templates table as the seeder, the importers and the tests write it: the row type, derived from the drizzle
 * table (schema.ts), and the two writes, built by drizzle, so all of them write exactly the same way. Reads are in
 * `templates.ts`. The writes take any async SQLite drizzle database: D1 (the seed, the local importers, the tests)
 * or one that only writes SQL (scripts/importers/template-sql.ts, for the production database).
 */
import { and, getTableColumns, like, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { templates } from './schema';

/** A templates row as read: every column. */
export type TemplateRecord = typeof templates.$inferSelect;

/** A templates row as the seeders and importers write it: every column but the two times the database keeps. */
export type TemplateRow = Omit<TemplateRecord, 'createdAt' | 'updatedAt'>;

/** Any async SQLite drizzle database: D1's, or a proxy's. */
export type SqliteDatabase = BaseSQLiteDatabase<'async', unknown>;

const now = sql`(unixepoch() * 1000)`;

/** What a re-run changes in place: every column but the id and created_at, from the row it tried to insert. */
const onConflictSet: Record<string, SQL> = Object.fromEntries(
  Object.entries(getTableColumns(templates))
    .filter(([key]) => key !== 'id' && key !== 'createdAt')
    .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
);

/** Inserts the row, or updates it in place when its id exists (created_at is kept, updated_at moves). */
export const upsertTemplate = (db: SqliteDatabase, row: TemplateRow) =>
  db
    .insert(templates)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({ target: templates.id, set: onConflictSet });

/**
 * Built-in templates removed from the catalog would otherwise linger with a missing image: deletes every built-in
 * (`static:`) row whose id is not in `keptIds`. Imported rows are never touched. The ids travel as one JSON array
 * read by `json_each`, not one bound parameter each: D1 takes at most 100 parameters in a statement, and the catalog
 * (60 templates today) must be free to grow past that.
 */
export const deleteStaleBuiltIns = (db: SqliteDatabase, keptIds: readonly string[]) =>
  db
    .delete(templates)
    .where(
      and(
        like(templates.imageKey, 'static:%'),
        sql`${templates.id} not in (select value from json_each(${JSON.stringify(keptIds)}))`,
      ),
    );

/** Upserts the rows in one D1 batch: all of them or, if any fails, none. */
export async function upsertTemplates(db: D1Database, rows: readonly TemplateRow[]): Promise<void> {
  const d = drizzle(db);
  const [first, ...rest] = rows.map((row) => upsertTemplate(d, row));
  if (first) await d.batch([first, ...rest]);
}

/**
 * The seed of the built-in catalog in one D1 batch (all or nothing): one upsert per row, and the removal of built-in
 * rows no longer in it.
 */
export async function seedTemplates(db: D1Database, rows: readonly TemplateRow[]): Promise<void> {
  const d = drizzle(db);
  await d.batch([
    deleteStaleBuiltIns(
      d,
      rows.map((row) => row.id),
    ),
    ...rows.map((row) => upsertTemplate(d, row)),
  ]);
}
