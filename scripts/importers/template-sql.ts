/**
 * The templates table's writes as one SQL file, for `wrangler d1 execute --remote --file` (the production database
 * has no platform proxy): the same drizzle statements the local seed and importers run (db/template-rows.ts), built
 * on a database that only writes SQL, with the values written as SQL literals. Running a file again updates the rows
 * in place.
 */
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { deleteStaleBuiltIns, upsertTemplate, type TemplateRow } from '../../workers/api/src/db/template-rows';

type SqlValue = string | number | null;

/** A value as an SQLite literal: strings quoted with '' for ', numbers as written, null as NULL. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${value} cannot be written to SQL`);
    return String(value);
  }
  if (value.includes('\0')) throw new Error('a text value holds a NUL character, which an SQL file cannot carry');
  return `'${value.replaceAll("'", "''")}'`;
}

/** A statement with each `?` replaced by the next value (the statements here have no `?` inside their text). */
export function inline(sql: string, values: SqlValue[]): string {
  const parts = sql.split('?');
  if (parts.length - 1 !== values.length)
    throw new Error(`${values.length} values for ${parts.length - 1} placeholders`);
  return parts.reduce((out, part, i) => out + sqlLiteral(values[i - 1]!) + part);
}

/** A drizzle database that builds statements and never runs one: this file's statements run in wrangler. */
const sqlOnly = drizzle(() => Promise.reject(new Error('template-sql.ts only writes SQL; wrangler runs it')));

/** A drizzle statement as one line of SQL, its values inlined. */
function written(statement: { toSQL(): { sql: string; params: unknown[] } }): string {
  const { sql, params } = statement.toSQL();
  return inline(
    sql,
    params.map((value) => {
      if (value === null || typeof value === 'string' || typeof value === 'number') return value;
      throw new Error(`a ${typeof value} cannot be written to SQL`);
    }),
  );
}

/**
 * One upsert per row; with `removeStaleBuiltIns` (the built-in seed) then the removal of built-in rows that are no
 * longer in `rows`. Imported rows are never removed.
 */
export function templatesSql(rows: TemplateRow[], options: { removeStaleBuiltIns: boolean }): string {
  const statements = rows.map((row) => written(upsertTemplate(sqlOnly, row)));
  if (options.removeStaleBuiltIns)
    statements.push(
      written(
        deleteStaleBuiltIns(
          sqlOnly,
          rows.map((r) => r.id),
        ),
      ),
    );
  return `${statements.map((s) => `${s};`).join('\n')}\n`;
}
