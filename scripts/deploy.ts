/**
 * `npm run deploy`: publishes the API Worker and the Pages app to Cloudflare (needs `wrangler login` and the
 * resources of docs/deploy.md). `--dry-run` builds both bundles offline, checks the API bundle size, and deploys
 * nothing: `npm test` runs it.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { run, wranglerEnv } from './lib/run';

const API_GZIP_LIMIT_KIB = 3 * 1024;
const dryRun = process.argv.includes('--dry-run');

function wrangler(args: string[]): string {
  const out = spawnSync('npx', ['wrangler', ...args], { env: wranglerEnv(), encoding: 'utf8' });
  const text = `${out.stdout}\n${out.stderr}`;
  if (out.status !== 0) {
    console.error(text);
    throw new Error(`wrangler ${args.join(' ')} failed`);
  }
  return text;
}

async function main() {
  if (dryRun) {
    const api = wrangler(['deploy', '--dry-run', '--outdir', resolve('.tmp/deploy/api'), '-c', 'workers/api/wrangler.toml', '--env', 'production']);
    const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(api);
    if (!size) throw new Error('could not read the API bundle size from wrangler');
    const gzipKiB = Number(size[2]);
    console.log(`api worker: ${size[1]} KiB, ${gzipKiB} KiB gzipped (limit ${API_GZIP_LIMIT_KIB} KiB)`);
    if (gzipKiB > API_GZIP_LIMIT_KIB) throw new Error('the API bundle is over the size limit');
    wrangler(['pages', 'functions', 'build', './functions', '--outdir', '.tmp/deploy/pages']);
    console.log('pages functions: compiled');
    return;
  }
  await run('npm', ['run', 'build']);
  await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--remote', '-c', 'workers/api/wrangler.toml', '--env', 'production']);
  await run('npx', ['wrangler', 'deploy', '-c', 'workers/api/wrangler.toml', '--env', 'production']);
  await run('npx', ['wrangler', 'pages', 'deploy', './public', '--project-name', 'memeforge', '--branch', 'main']);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
