import {
  DEFAULT_TEMPLATE_DESCRIPTION,
  TEMPLATE_FEATURES,
  type Template,
  type TemplateFeature,
} from '../../../../core/api/templates';
import { CAROUSEL_POPULAR_COUNT } from '../../../../core/limits';
import { isAnimatedImageKey, templateImageUrl } from '../../../../core/templates/image-url';
import { searchGroups } from '../../../../core/templates/search-terms';
import { and, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { templates } from './schema';
import type { TemplateRecord } from './template-rows';

/**
 * Every row with its position in popularity order, so `isPopular` means "among the 16 best ranked" whatever
 * ranks importers chose. Ties on rank are broken by id so the order is total and stable. A window function has no
 * builder of its own in drizzle: it is the one `sql` column here.
 */
function ranked(db: D1Database) {
  const d = drizzle(db);
  const withPosition = d.$with('ranked').as(
    d
      .select({
        ...getTableColumns(templates),
        popularPosition: sql<number>`row_number() over (order by ${templates.popularityRank}, ${templates.id})`.as(
          'popular_position',
        ),
      })
      .from(templates),
  );
  return { d, ranked: withPosition, select: () => d.with(withPosition).select().from(withPosition) };
}

type Row = TemplateRecord & { popularPosition: number };

/**
 * The catalog page in one round trip: the templates matching `search` (in the name, description or keywords, case
 * aside: the search as typed, or every one of its words or a stand-in for it, core/templates/search-terms.ts), and the template of the day, the one at position `dayNumber % count` in popularity order
 * (core/templates/template-of-the-day.ts, computed in SQL here because the count is only known inside the batch).
 * `db` is D1's binding or one of its sessions (a read replica near the visitor, ADR 0112).
 */
export async function readCatalog(
  db: D1Database,
  search: string,
  dayNumber: number,
): Promise<{ templates: Template[]; templateOfTheDay: Template | null }> {
  const { d, ranked: r, select } = ranked(db);
  const q = search.trim().toLowerCase();
  const text = sql`lower(${r.name} || ' ' || coalesce(${r.description}, '') || ' ' || ${r.keywords})`;
  const contains = (term: string): SQL => sql`instr(${text}, ${term}) > 0`;
  const groups = searchGroups(q).map((terms) => or(...terms.map(contains)));
  const matching = q ? select().where(groups.length > 0 ? or(contains(q), and(...groups)) : contains(q)) : select();
  const [list, day] = await d.batch([
    matching.orderBy(sql`${r.popularPosition}`),
    select().where(eq(r.popularPosition, sql`(${dayNumber} % (select count(*) from ${templates})) + 1`)),
  ]);
  const pick = day[0];
  return { templates: list.map(toTemplate), templateOfTheDay: pick ? toTemplate(pick) : null };
}

export async function getTemplateRow(db: D1Database, id: string): Promise<Row | null> {
  const { ranked: r, select } = ranked(db);
  const [row] = await select().where(eq(r.id, id)).limit(1);
  return row ?? null;
}

export async function findTemplate(db: D1Database, id: string): Promise<Template | null> {
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
    imageUrl: templateImageUrl(row.id, row.imageKey),
    isPopular: row.popularPosition <= CAROUSEL_POPULAR_COUNT ? 1 : 0,
    feature,
    width: row.width,
    height: row.height,
    textBoxes: parseJson(row.textBoxes, []),
    examples: parseJson(row.examples, []),
    keywords: row.keywords.split(/\s+/).filter(Boolean),
    license: row.license,
    author: row.author,
    ...(isAnimatedImageKey(row.imageKey) ? { animated: true as const } : {}),
  };
}
