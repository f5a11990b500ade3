/**
 * Operator CLI: `npm run templates:import -- <dir> [--rank-start 1000] [--remote]` imports memegen-format template
 * folders into local D1 + R2 (PERSIST_DIR, default .wrangler/state), or with `--remote` into production's (the
 * database and bucket `npm run deploy` set up). Re-running updates rows instead of duplicating.
 */
import { existsSync, statSync } from 'node:fs';
import { readMemegenFolder } from './importers/memegen';
import { openLocalStore } from './importers/local-store';
import { openRemoteStore } from './importers/remote-store';
import { PERSIST_DIR } from './lib/run';

const i = process.argv.indexOf('--rank-start');
const rankStart = i > 0 ? Number(process.argv[i + 1]) : 1000;
const remote = process.argv.includes('--remote');
const dir = process.argv
  .slice(2)
  .find((a: string, n: number, all: string[]) => !a.startsWith('--') && all[n - 1] !== '--rank-start');
if (!dir) {
  console.error('usage: npm run templates:import -- <folder of memegen templates> [--rank-start N] [--remote]');
  process.exit(2);
}
if (!existsSync(dir) || !statSync(dir).isDirectory()) {
  console.error(`${dir} is not a folder. Give the folder that holds one sub-folder per template.`);
  process.exit(2);
}
const { items, skipped } = await readMemegenFolder(dir, rankStart);
const store = remote ? await openRemoteStore() : await openLocalStore(PERSIST_DIR);
try {
  await store.save(items);
} finally {
  await store.close();
}
console.log(
  `imported ${items.length} template(s) into ${remote ? 'the production D1 database and R2 bucket' : PERSIST_DIR}`,
);
for (const s of skipped) console.log(`skipped ${s.id}: ${s.reason}`);
