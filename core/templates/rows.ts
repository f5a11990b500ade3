import type { TextBox } from '../api/templates';

/** A templates table row as the seeders and importers write it (snake_case, JSON columns as text). */
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

/**
 * One parameterised upsert: re-running a seed or an import updates the row in place (created_at is kept).
 * Shared by the seed file, the importers and the tests so that all write exactly the same way.
 */
export const UPSERT_TEMPLATE_SQL =
  `insert into templates (${COLUMNS.join(', ')}, updated_at) values (${COLUMNS.map(() => '?').join(', ')}, unixepoch() * 1000) ` +
  `on conflict(id) do update set ${COLUMNS.filter((c) => c !== 'id')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')}, updated_at = excluded.updated_at`;

export const upsertParams = (row: TemplateRow) => COLUMNS.map((c) => row[c]);

const literal = (v: string | number | null) =>
  v === null ? 'null' : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`;

/** The same upserts as a SQL file for `wrangler d1 execute --file` (values quoted as SQL literals). */
export function upsertSqlFile(rows: TemplateRow[], removeStaleStaticExcept?: string[]): string {
  const lines = rows.map((row) => {
    let i = 0;
    const params = upsertParams(row);
    return `${UPSERT_TEMPLATE_SQL.replace(/\?/g, () => literal(params[i++] ?? null))};`;
  });
  if (removeStaleStaticExcept) {
    // Built-in templates removed from the catalog would otherwise linger with a missing image.
    lines.push(
      `delete from templates where image_key like 'static:%' and id not in (${removeStaleStaticExcept.map(literal).join(', ')});`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export const encodeBoxes = (boxes: TextBox[]) => JSON.stringify(boxes);
