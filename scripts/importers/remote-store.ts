/**
 * Where the operator importers and the seed write with `--remote`: the production D1 database and R2 bucket of
 * `npm run deploy` (workers/api/wrangler.toml [env.production]), through wrangler: pictures with
 * `wrangler r2 object put --remote`, rows as one SQL file of upserts with `wrangler d1 execute --remote --file`.
 * Pictures go first, then the rows, so a row never points at a missing picture. Needs `wrangler login` (or
 * CLOUDFLARE_API_TOKEN) and a database that `npm run deploy` has created.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GENERATED_API_CONFIG, generatedApiConfig } from '../deploy/generated-api-config';
import { ENVIRONMENT, readProduction } from '../deploy/production-config';
import { commandLine, readLookup, spawnExec, type Exec } from '../deploy/exec';
import type { ImportItem } from './local-store';
import { templatesSql } from './template-sql';

const WORK_DIR = '.tmp/remote-import';

export interface TemplateWriter {
  save(items: ImportItem[]): Promise<void>;
  close(): Promise<void>;
}

async function must(exec: Exec, command: string[], mode: 'inherit' | 'capture' = 'inherit') {
  const result = await exec(command, { mode });
  if (result.code !== 0)
    throw new Error(
      `${commandLine(command)} exited with ${result.code}${mode === 'capture' ? `:\n${result.stderr}` : ''}`,
    );
  return result;
}

/**
 * The production database's id, found by name, and the generated config that names it (never committed; a test
 * passes its own `config` path).
 */
export async function productionDatabase(
  exec: Exec = spawnExec,
  config = GENERATED_API_CONFIG,
): Promise<{ name: string; bucket: string; config: string }> {
  const { databaseName, bucketName } = readProduction();
  const lookup = { parse: 'd1-list-json', name: databaseName } as const;
  const found = readLookup(lookup, await exec(['npx', 'wrangler', 'd1', 'list', '--json'], { mode: 'capture' }));
  if (!found.exists || !found.id)
    throw new Error(`There is no D1 database ${databaseName} on this account yet: run npm run deploy first.`);
  mkdirSync(dirname(config), { recursive: true });
  writeFileSync(config, generatedApiConfig({ databaseId: found.id }, config));
  return { name: databaseName, bucket: bucketName, config };
}

/** Runs one SQL file against the production database. */
export async function executeRemoteSql(
  sql: string,
  fileName: string,
  exec: Exec = spawnExec,
  known?: Awaited<ReturnType<typeof productionDatabase>>,
): Promise<string> {
  const db = known ?? (await productionDatabase(exec));
  const file = join(WORK_DIR, fileName);
  mkdirSync(WORK_DIR, { recursive: true });
  writeFileSync(file, sql);
  await must(exec, [
    'npx',
    'wrangler',
    'd1',
    'execute',
    'DB',
    '--remote',
    '--file',
    file,
    '--yes',
    '-c',
    db.config,
    '--env',
    ENVIRONMENT,
  ]);
  return db.name;
}

export async function openRemoteStore(exec: Exec = spawnExec, config = GENERATED_API_CONFIG): Promise<TemplateWriter> {
  const db = await productionDatabase(exec, config);
  return {
    async save(items) {
      mkdirSync(WORK_DIR, { recursive: true });
      for (const { row, image } of items) {
        const file = join(WORK_DIR, 'picture');
        writeFileSync(file, image.bytes);
        await must(exec, [
          'npx',
          'wrangler',
          'r2',
          'object',
          'put',
          `${db.bucket}/${row.imageKey}`,
          '--file',
          file,
          '--content-type',
          image.contentType,
          '--remote',
        ]);
      }
      if (items.length > 0)
        await executeRemoteSql(
          templatesSql(
            items.map((i) => i.row),
            { removeStaleBuiltIns: false },
          ),
          'imported-templates.sql',
          exec,
          db,
        );
    },
    async close() {
      rmSync(WORK_DIR, { recursive: true, force: true });
    },
  };
}
