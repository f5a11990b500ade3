/**
 * `npm start`: everything a fresh clone needs to serve UI and API together on http://127.0.0.1:8788,
 * offline, with no account: local secrets, the build, local D1 migrations, the template catalog seed, the local AI
 * service (local-ai/, on 127.0.0.1:8790), then `wrangler pages dev`.
 * Local data (D1, R2) lives in .wrangler/state and survives restarts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
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

const BG_DIR = 'local-ai/background-removal';

/**
 * Background removal offline is a separate AGPL program (ADR 0061) with its own dependencies, installed on first
 * start. Failing to install it (no registry) is not fatal: background removal then answers 503 offline.
 */
async function ensureBackgroundRemoval() {
  if (process.env.MEMEFORGE_NO_BG_REMOVAL === '1' || existsSync(`${BG_DIR}/node_modules`)) return;
  console.log(`installing offline background removal into ${BG_DIR} (AGPL-3.0, separate program; once)`);
  const env = { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip', npm_config_onnxruntime_node_install_cuda: 'skip' };
  await run('npm', ['ci', '--prefix', BG_DIR, '--no-audit', '--no-fund'], env).catch((err: unknown) => {
    console.warn(`could not install background removal (${String(err)}); it will answer 503 offline`);
  });
}

/** The offline AI service; if its port is taken (another copy running), the Worker uses that one. */
function startLocalAi(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local-ai/main.ts'], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  child.on('exit', (code) => {
    if (code) console.warn(`local-ai exited with ${code}; AI features answer 503 until it runs again`);
  });
  return child;
}

async function main() {
  await ensureDevVars();
  // --fresh starts from empty local D1 and R2 (the e2e suite uses it; npm start keeps your data).
  if (process.argv.includes('--fresh')) await rm(PERSIST_DIR, { recursive: true, force: true });
  if (!process.argv.includes('--no-build')) await run('npm', ['run', 'build']);
  await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '-c', 'workers/api/wrangler.toml', '--persist-to', PERSIST_DIR]);
  await run('npx', ['tsx', 'scripts/seed-templates.ts']);
  // The e2e suite (--fresh) needs no background removal: it does not install it, but uses it if present.
  if (!process.argv.includes('--fresh')) await ensureBackgroundRemoval();
  const localAi = startLocalAi();

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
  const stop = () => {
    localAi.kill('SIGTERM');
    server.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code) => {
    localAi.kill('SIGTERM');
    process.exit(code ?? 0);
  });
}

await main();
