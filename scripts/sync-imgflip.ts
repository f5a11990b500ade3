/**
 * Operator CLI: `npm run templates:sync-imgflip -- [--url <get_memes URL>] [--rank-start 500] [--remote]` stores the
 * templates of an imgflip get_memes listing, with their images, in local D1 + R2 (PERSIST_DIR), or with `--remote`
 * in production's (the database and bucket `npm run deploy` set up). Never run by npm start.
 */
import { IMGFLIP_URL, readImgflip } from './importers/imgflip';
import { openLocalStore } from './importers/local-store';
import { openRemoteStore } from './importers/remote-store';
import { PERSIST_DIR } from './lib/run';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const url = arg('--url') ?? IMGFLIP_URL;
const { items, skipped } = await readImgflip(url, Number(arg('--rank-start') ?? 500));
const remote = process.argv.includes('--remote');
const store = remote ? await openRemoteStore() : await openLocalStore(PERSIST_DIR);
try {
  await store.save(items);
} finally {
  await store.close();
}
console.log(
  `synced ${items.length} template(s) from ${url} into ${remote ? 'the production D1 database and R2 bucket' : PERSIST_DIR}`,
);
for (const s of skipped) console.log(`skipped ${s.id}: ${s.reason}`);
