import {
  DEFAULT_TEMPLATE_DESCRIPTION,
  TEMPLATE_FEATURES,
  type Template,
  type TemplateFeature,
} from '../../../../core/api/templates';
import { CAROUSEL_POPULAR_COUNT } from '../../../../core/limits';
import { templateImageUrl } from '../../../../core/templates/image-url';
import type { TemplateRow } from './template-rows';

type Row = TemplateRow & { popular_position: number };

/**
 * Every row with its position in popularity order, so `isPopular` means "among the 16 best ranked" whatever
 * ranks importers chose. Ties on rank are broken by id so the order is total and stable.
 */
const RANKED = `with ranked as (
  select *, row_number() over (order by popularity_rank, id) as popular_position from templates
)`;

const COLUMNS = `id, name, description, keywords, image_key, width, height, popularity_rank, feature, text_boxes,
  examples, license, author, source_url, popular_position`;

/**
 * Templates whose name, description or keywords contain `search` (case-insensitive), in popularity order.
 * `instr` takes the search as a bound parameter and matches it literally: % and _ are plain characters here.
 */
export async function listTemplates(db: D1Database, search = ''): Promise<Template[]> {
  const q = search.trim().toLowerCase();
  const stmt = q
    ? db
        .prepare(
          `${RANKED} select ${COLUMNS} from ranked
           where instr(lower(name), ?1) > 0 or instr(lower(coalesce(description, '')), ?1) > 0 or instr(lower(keywords), ?1) > 0
           order by popular_position`,
        )
        .bind(q)
    : db.prepare(`${RANKED} select ${COLUMNS} from ranked order by popular_position`);
  const { results } = await stmt.all<Row>();
  return results.map(toTemplate);
}

export async function getTemplateRow(db: D1Database, id: string): Promise<Row | null> {
  return db.prepare(`${RANKED} select ${COLUMNS} from ranked where id = ?`).bind(id).first<Row>();
}

export async function findTemplate(db: D1Database, id: string): Promise<Template | null> {
  const row = await getTemplateRow(db, id);
  return row ? toTemplate(row) : null;
}

/** The template at `position` (0-based) in popularity order, and how many there are. */
export async function templateAtPosition(db: D1Database, position: number): Promise<Template | null> {
  const row = await db
    .prepare(`${RANKED} select ${COLUMNS} from ranked where popular_position = ?`)
    .bind(position + 1)
    .first<Row>();
  return row ? toTemplate(row) : null;
}

export async function countTemplates(db: D1Database): Promise<number> {
  const row = await db.prepare('select count(*) as n from templates').first<{ n: number }>();
  return row?.n ?? 0;
}

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

function toTemplate(row: Row): Template {
  const feature = (TEMPLATE_FEATURES as readonly string[]).includes(row.feature ?? '')
    ? (row.feature as TemplateFeature)
    : null;
  return {
    id: row.id,
    name: row.name,
    description: row.description?.trim() ? row.description : DEFAULT_TEMPLATE_DESCRIPTION,
    imageUrl: templateImageUrl(row.id, row.image_key),
    isPopular: row.popular_position <= CAROUSEL_POPULAR_COUNT ? 1 : 0,
    feature,
    width: row.width,
    height: row.height,
    textBoxes: parseJson(row.text_boxes, []),
    examples: parseJson(row.examples, []),
    keywords: row.keywords.split(/\s+/).filter(Boolean),
    license: row.license,
    author: row.author,
  };
}
