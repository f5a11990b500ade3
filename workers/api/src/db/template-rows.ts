/**
 * The templates table as the seeder, the importers and the tests write it: the row shape (snake_case, JSON columns
 * as text) and one parameterised upsert, so all three write exactly the same way. Reads are in `templates.ts`.
 */

/** A templates table row as the seeders and importers write it. */
export interface TemplateRow {
  id: string;
  name: string;
  description: string | null;
  keywords: string;
  image_key: string;
  width: number;
  height: number;
  popularity_rank: number;
  feature: string | null;
  text_boxes: string;
  examples: string;
  license: string;
  author: string;
  source_url: string | null;
}

const COLUMNS: (keyof TemplateRow)[] = [
  'id', 'name', 'description', 'keywords', 'image_key', 'width', 'height', 'popularity_rank', 'feature',
  'text_boxes', 'examples', 'license', 'author', 'source_url',
];

/** Re-running a seed or an import updates the row in place (created_at is kept). */
export const UPSERT_TEMPLATE_SQL =
  `insert into templates (${COLUMNS.join(', ')}, updated_at) values (${COLUMNS.map(() => '?').join(', ')}, unixepoch() * 1000) ` +
  `on conflict(id) do update set ${COLUMNS.filter((c) => c !== 'id')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')}, updated_at = excluded.updated_at`;

export const upsertParams = (row: TemplateRow) => COLUMNS.map((c) => row[c]);

/**
 * Built-in templates removed from the catalog would otherwise linger with a missing image: delete every built-in
 * (`static:`) row whose id is not in the JSON array bound as the only parameter. Imported rows are never touched.
 */
export const DELETE_STALE_BUILT_IN_SQL = `delete from templates where image_key like 'static:%' and id not in (select value from json_each(?))`;

/** The seed's statements: one upsert per row, then the removal of built-in rows no longer in the catalog. */
export function seedStatements(db: D1Database, rows: TemplateRow[]): D1PreparedStatement[] {
  return [
    ...rows.map((row) => db.prepare(UPSERT_TEMPLATE_SQL).bind(...upsertParams(row))),
    db.prepare(DELETE_STALE_BUILT_IN_SQL).bind(JSON.stringify(rows.map((r) => r.id))),
  ];
}
