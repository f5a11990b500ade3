/**
 * `npm start`: everything a fresh clone needs to serve UI and API together on http://127.0.0.1:8788,
 * offline, with no account: local secrets, the build, local D1 migrations, the
 * template catalog seed, then `wrangler pages dev`.
 * Local data (D1, R2) lives in .wrangler/state and survives restarts.
 */
import { spawn } from 'node:child_process';
import { access, copyFile, rm } from 'node:fs/promises';
import { PORT, HOST, PERSIST_DIR, run, wranglerEnv } from './lib/run';

async function ensureDevVars() {
  const target = 'workers/api/.dev.vars';
  try {
    await access(target);
  } catch {
    await copyFile('workers/api/.dev.vars.example', target);
    console.log(`created ${target} from .dev.vars.example (local access code and signing key)`);
  }
}

async function main() {
  await ensureDevVars();
  // --fresh starts from empty local D1 and R2 (the e2e suite uses it; npm start keeps your data).
  if (process.argv.includes('--fresh')) await rm(PERSIST_DIR, { recursive: true, force: true });
  if (!process.argv.includes('--no-build')) await run('npm', ['run', 'build']);
  await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '-c', 'workers/api/wrangler.toml', '--persist-to', PERSIST_DIR]);
  await run('npx', ['tsx', 'scripts/seed-templates.ts']);

  const server = spawn(
    'npx',
    [
      'wrangler', 'pages', 'dev', './public',
      '-c', 'wrangler.toml', '-c', 'workers/api/wrangler.toml',
      '--ip', HOST, '--port', String(PORT), '--persist-to', PERSIST_DIR,
      '--show-interactive-dev-session=false',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: wranglerEnv() },
  );
  let announced = false;
  server.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (!announced && chunk.toString().includes('Ready on')) {
      announced = true;
      console.log(`\n  Memeforge is running at http://${HOST}:${PORT}\n`);
    }
  });
  const stop = () => server.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code) => process.exit(code ?? 0));
}

await main();
