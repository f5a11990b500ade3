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

/** D1's binding or one of its sessions (a read replica near the visitor, ADR 0112): reads take either. */
export type Reader = Pick<D1Database, 'prepare' | 'batch'>;

function listStatement(db: Reader, search: string): D1PreparedStatement {
  const q = search.trim().toLowerCase();
  return q
    ? db
        .prepare(
          `${RANKED} select ${COLUMNS} from ranked
           where instr(lower(name), ?1) > 0 or instr(lower(coalesce(description, '')), ?1) > 0 or instr(lower(keywords), ?1) > 0
           order by popular_position`,
        )
        .bind(q)
    : db.prepare(`${RANKED} select ${COLUMNS} from ranked order by popular_position`);
}

/**
 * The catalog page in one round trip: the templates matching `search`, and the template of the day, the one at
 * position `dayNumber % count` in popularity order (core/templates/template-of-the-day.ts, computed in SQL here
 * because the count is only known inside the batch).
 */
export async function readCatalog(db: Reader, search: string, dayNumber: number): Promise<{ templates: Template[]; templateOfTheDay: Template | null }> {
  const [list, day] = await db.batch<Row>([
    listStatement(db, search),
    db.prepare(`${RANKED} select ${COLUMNS} from ranked where popular_position = (?1 % (select count(*) from templates)) + 1`).bind(dayNumber),
  ]);
  const pick = day?.results[0];
  return { templates: (list?.results ?? []).map(toTemplate), templateOfTheDay: pick ? toTemplate(pick) : null };
}

export async function getTemplateRow(db: Reader, id: string): Promise<Row | null> {
  return db.prepare(`${RANKED} select ${COLUMNS} from ranked where id = ?`).bind(id).first<Row>();
}

export async function findTemplate(db: Reader, id: string): Promise<Template | null> {
  const row = await getTemplateRow(db, id);
  return row ? toTemplate(row) : null;
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
