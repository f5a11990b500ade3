import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TemplateRow } from '../../workers/api/src/db/template-rows';
import { copyMigratedState } from '../lib/migrated-state';
import { localBin, run } from '../lib/run';
import { catalogRows } from '../templates/catalog-rows';
import { openLocalStore } from './local-store';
import { inline, sqlLiteral, templatesSql } from './template-sql';

const temp: string[] = [];
afterAll(async () => Promise.all(temp.map((d) => rm(d, { recursive: true, force: true }))));

describe('sqlLiteral', () => {
  it('quotes text, doubling quotes, and writes numbers and null as SQL does', () => {
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral("'; drop table templates; --")).toBe("'''; drop table templates; --'");
    expect(sqlLiteral(12.5)).toBe('12.5');
    expect(sqlLiteral(null)).toBe('NULL');
  });

  it('refuses what an SQL file cannot carry', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow('cannot be written');
    expect(() => sqlLiteral('a\0b')).toThrow('NUL');
    expect(() => inline('values (?, ?)', ['one'])).toThrow('1 values for 2 placeholders');
  });
});

/**
 * The same SQL file wrangler runs remotely, run by wrangler against a throwaway local D1: `npx wrangler d1 execute`,
 * less npx's own start (scripts/lib/run.ts).
 */
async function execute(persist: string, sql: string) {
  const file = join(persist, `seed-${Date.now()}.sql`);
  await writeFile(file, sql);
  await run(
    ...localBin('wrangler', [
      'd1',
      'execute',
      'DB',
      '--local',
      '--file',
      file,
      '-c',
      'workers/api/wrangler.toml',
      '--persist-to',
      persist,
      '--yes',
    ]),
  );
}

/** The rows as the importers' store reads them; `persist` is migrated already, so wrangler is not asked again. */
async function rowsIn(persist: string): Promise<TemplateRow[]> {
  const store = await openLocalStore(persist, { migrated: true });
  try {
    return await store.rows();
  } finally {
    await store.close();
  }
}

const columns = ({
  id,
  name,
  description,
  keywords,
  imageKey,
  width,
  height,
  popularityRank,
  feature,
  textBoxes,
  examples,
  license,
  author,
  sourceUrl,
}: TemplateRow) => ({
  id,
  name,
  description,
  keywords,
  imageKey,
  width,
  height,
  popularityRank,
  feature,
  textBoxes,
  examples,
  license,
  author,
  sourceUrl,
});

describe('templatesSql through wrangler d1 execute --file', () => {
  it('writes every built-in row exactly as the local seed binds it, re-runs as an update, and drops only stale built-ins', async () => {
    const persist = await mkdtemp(join(tmpdir(), 'template-sql-'));
    temp.push(persist);
    await copyMigratedState(persist);

    const builtIn = catalogRows();
    const imported: TemplateRow = {
      ...builtIn[0]!,
      id: 'imported-quote',
      name: 'It’s "quoted" — and \'single\'; semicolons; ünïcode 🐸',
      description: null,
      imageKey: 'templates/imported-quote.png',
      popularityRank: 1000,
      sourceUrl: 'https://example.com/?a=1&b=2',
    };
    await execute(persist, templatesSql([imported], { removeStaleBuiltIns: false }));
    await execute(persist, templatesSql(builtIn, { removeStaleBuiltIns: true }));
    await execute(persist, templatesSql(builtIn, { removeStaleBuiltIns: true }));

    const rows = await rowsIn(persist);
    expect(rows).toHaveLength(builtIn.length + 1);
    const byId = new Map(rows.map((r) => [r.id, columns(r)]));
    for (const row of [...builtIn, imported]) expect(byId.get(row.id)).toEqual(columns(row));

    // A built-in template dropped from the catalogue goes; the imported one stays.
    await execute(persist, templatesSql(builtIn.slice(1), { removeStaleBuiltIns: true }));
    const after = (await rowsIn(persist)).map((r) => r.id);
    expect(after).not.toContain(builtIn[0]!.id);
    expect(after).toContain('imported-quote');
    expect(after).toHaveLength(builtIn.length);
  }, 120_000);
});
