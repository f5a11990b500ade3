/**
 * Seeds the built-in catalog into local D1 (run by `npm start` after the migrations) through wrangler's platform
 * proxy, with bound parameters; `--remote` seeds the production database instead, as one SQL file of the same
 * upserts run by `wrangler d1 execute --remote` (`npm run deploy` does this itself). Every statement is an upsert,
 * so running it again updates rows in place; built-in rows no longer in the catalog are removed. Images are static
 * files written by `npm run build` (public/templates) and deployed with the Pages app, so nothing goes to R2 here.
 */
import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { seedTemplates } from '../workers/api/src/db/template-rows';
import { executeRemoteSql } from './importers/remote-store';
import { templatesSql } from './importers/template-sql';
import { PERSIST_DIR } from './lib/run';
import { catalogRows } from './templates/catalog-rows';

const rows = catalogRows();
if (process.argv.includes('--remote')) {
  const database = await executeRemoteSql(templatesSql(rows, { removeStaleBuiltIns: true }), 'seed-templates.sql');
  console.log(`templates: ${rows.length} built-in templates seeded into the remote D1 database ${database}`);
} else {
  // wrangler's --persist-to adds a v3 folder that the platform proxy expects to be given explicitly.
  const proxy = await getPlatformProxy<Env>({
    configPath: 'workers/api/wrangler.toml',
    persist: { path: join(PERSIST_DIR, 'v3') },
  });
  try {
    await seedTemplates(proxy.env.DB, rows);
  } finally {
    await proxy.dispose();
  }
  console.log(`templates: ${rows.length} built-in templates seeded into local D1`);
}
