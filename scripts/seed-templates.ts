/**
 * Seeds the built-in catalog into local D1 (run by `npm start` after the migrations) through wrangler's platform
 * proxy, with bound parameters. Every statement is an upsert, so running it again updates rows in place; built-in
 * rows no longer in the catalog are removed. Images are static files written by `npm run build`
 * (public/templates), so nothing goes to R2 here.
 */
import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { seedStatements } from '../workers/api/src/db/template-rows';
import { PERSIST_DIR } from './lib/run';
import { catalogRows } from './templates/catalog-rows';

const rows = catalogRows();
// wrangler's --persist-to adds a v3 folder that the platform proxy expects to be given explicitly.
const proxy = await getPlatformProxy<Env>({ configPath: 'workers/api/wrangler.toml', persist: { path: join(PERSIST_DIR, 'v3') } });
try {
  await proxy.env.DB.batch(seedStatements(proxy.env.DB, rows));
} finally {
  await proxy.dispose();
}
console.log(`templates: ${rows.length} built-in templates seeded into local D1`);
