/**
 * Seeds the built-in catalog into local D1 (run by `npm start` after the migrations). Every statement is an
 * upsert, so running it again updates rows in place; built-in rows no longer in the catalog are removed.
 * Images are static files written by `npm run build` (public/templates), so nothing goes to R2 here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { upsertSqlFile } from '../core/templates/rows';
import { PERSIST_DIR, run } from './lib/run';
import { catalogRows } from './templates/catalog-rows';

const rows = catalogRows();
const file = join('.tmp', 'templates-seed.sql');
mkdirSync('.tmp', { recursive: true });
writeFileSync(file, upsertSqlFile(rows, rows.map((r) => r.id)));
await run('npx', [
  'wrangler', 'd1', 'execute', 'DB', '--local', '-c', 'workers/api/wrangler.toml', '--persist-to', PERSIST_DIR,
  '--file', file, '--yes',
]);
console.log(`templates: ${rows.length} built-in templates seeded into local D1`);
