/**
 * `npm start`: everything a fresh clone needs to serve UI and API together on http://127.0.0.1:8788,
 * offline, with no account: local secrets, the build, local D1 migrations, the template catalog seed, the local AI
 * service (local-ai/, on 127.0.0.1:8790), the image service (local-images/, on :8792), the HTML renderer
 * (local-render/, on :8793), then `wrangler pages dev`.
 * Local data (D1, R2) lives in .wrangler/state and survives restarts.
 */
import './lib/require-node-22';
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { access, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
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

const API_CONFIG = 'workers/api/wrangler.toml';

/**
 * The API Worker's config for this stack. `API_MONTHLY_CALLS=5 tsx scripts/start.ts` (the e2e suite) gives this
 * stack a small per-key allowance without touching `npm start`: wrangler reads vars only from the config and the
 * `.dev.vars` beside it, so the stack gets its own copy of both under PERSIST_DIR, with the paths made absolute.
 */
async function apiWorkerConfig(): Promise<string> {
  const calls = process.env.API_MONTHLY_CALLS;
  if (!calls) return API_CONFIG;
  if (!/^[1-9]\d*$/.test(calls)) throw new Error(`API_MONTHLY_CALLS must be a positive whole number, not "${calls}"`);
  const dir = `${PERSIST_DIR}/api-worker`;
  await mkdir(dir, { recursive: true });
  const toml = (await readFile(API_CONFIG, 'utf8'))
    .replace(/^main = ".*"$/m, `main = ${JSON.stringify(resolve('workers/api/src/index.ts'))}`)
    .replaceAll(/^migrations_dir = ".*"$/gm, `migrations_dir = ${JSON.stringify(resolve('migrations'))}`)
    .replace(/^API_MONTHLY_CALLS = ".*"$/m, `API_MONTHLY_CALLS = "${calls}"`);
  if (!toml.includes(`API_MONTHLY_CALLS = "${calls}"`)) throw new Error(`${API_CONFIG} has no API_MONTHLY_CALLS var to override`);
  await writeFile(`${dir}/wrangler.toml`, toml);
  await copyFile('workers/api/.dev.vars', `${dir}/.dev.vars`);
  console.log(`API keys on this stack: ${calls} calls a month (API_MONTHLY_CALLS)`);
  return `${dir}/wrangler.toml`;
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

/**
 * Every long-running child (local AI, local images, wrangler) starts in its own process group (`detached: true`),
 * so stopping it reaches the whole tree: npx, wrangler, and the workerd processes wrangler spawns, which otherwise
 * outlive a SIGTERM to wrangler and keep the port.
 */
const groups = new Set<ChildProcess>();
/** Process groups are POSIX; on Windows the children are plain children, stopped one by one. */
const POSIX = process.platform !== 'win32';

function spawnGroup(cmd: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(cmd, args, { ...options, detached: POSIX });
  groups.add(child);
  return child;
}

/** True while any process of the group still exists. */
function groupAlive(child: ChildProcess): boolean {
  if (!POSIX) return child.exitCode === null && child.signalCode === null;
  try {
    process.kill(-child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!POSIX) return void child.kill(signal);
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is gone already
  }
}

/** SIGTERM to every group, SIGKILL to whatever is left after the grace period. */
async function stopGroups(graceMs = 5000) {
  const live = [...groups].filter((c) => c.pid && groupAlive(c));
  for (const c of live) signalGroup(c, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (live.some(groupAlive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  for (const c of live) if (groupAlive(c)) signalGroup(c, 'SIGKILL');
}

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  await stopGroups();
  process.exit(code);
}
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) process.on(signal, () => void shutdown(code));
// Last resort on any exit path (an uncaught error, process.exit): synchronous, so only SIGKILL.
process.on('exit', () => {
  for (const c of groups) if (c.pid && groupAlive(c)) signalGroup(c, 'SIGKILL');
});

/**
 * If this process is killed outright (SIGKILL: no handler runs), a small detached watchdog kills the groups it
 * leaves behind. It exits by itself once they are gone.
 */
function watchOver(children: ChildProcess[]) {
  const pgids = children.map((c) => c.pid).filter(Boolean).join(',');
  const script = `const [parent, list] = process.argv.slice(1); const pgids = list.split(',').map(Number);
const alive = (p) => { try { process.kill(p, 0); return true; } catch { return false; } };
setInterval(() => {
  const left = pgids.filter((g) => alive(-g));
  if (!left.length) process.exit(0);
  if (!alive(Number(parent))) { for (const g of left) { try { process.kill(-g, 'SIGKILL'); } catch {} } process.exit(0); }
}, 500);`;
  spawn(process.execPath, ['-e', script, String(process.pid), pgids], { detached: true, stdio: 'ignore' }).unref();
}

/** The parent of a live process, from /proc (Linux); null when it is gone (or a zombie) or /proc is not there. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state === 'Z' ? null : Number(parent);
  } catch {
    return null;
  }
}

/**
 * `kill <npm pid>` ends npm and its `sh -c`, but sh does not pass the signal on: tsx and this script would run on
 * with the server. So watch the launchers above us (tsx, sh, npm: up to three) and stop when one of them is gone.
 * (Only gone: a launcher merely re-parented, as in `(npm start &)`, is still running.) Linux only (/proc); elsewhere
 * stop with Ctrl+C or a signal to this process.
 */
function stopWithLaunchers() {
  const launchers: number[] = [];
  for (let pid = process.ppid; launchers.length < 3 && pid > 1; ) {
    const parent = parentOf(pid);
    if (parent === null) break;
    launchers.push(pid);
    pid = parent;
  }
  if (launchers.length === 0) return;
  setInterval(() => {
    if (launchers.some((pid) => parentOf(pid) === null)) void shutdown(143);
  }, 1000).unref();
}

/** The offline AI service; if its port is taken (another copy running), the Worker uses that one. */
function startLocalAi(): ChildProcess {
  const child = spawnGroup(process.execPath, ['--import', 'tsx', 'local-ai/main.ts'], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  child.on('exit', (code) => {
    if (code && !stopping) console.warn(`local-ai exited with ${code}; AI features answer 503 until it runs again`);
  });
  return child;
}

/**
 * The offline image service (local-images/, libvips on 127.0.0.1:8792): every tool's work on large pictures. If its
 * port is taken (another copy running), the Worker uses that one.
 */
function startLocalImages(): ChildProcess {
  const child = spawnGroup(process.execPath, ['--import', 'tsx', 'local-images/main.ts'], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  child.on('exit', (code) => {
    if (code && !stopping) console.warn(`local-images exited with ${code}; large pictures answer 503 until it runs again`);
  });
  return child;
}

/**
 * The offline HTML renderer (local-render/, Debian's Chromium on 127.0.0.1:8793): Convert's HTML to image. If its
 * port is taken (another copy running), the Worker uses that one.
 */
function startLocalRender(): ChildProcess {
  const child = spawnGroup(process.execPath, ['--import', 'tsx', 'local-render/main.ts'], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  child.on('exit', (code) => {
    if (code && !stopping) console.warn(`local-render exited with ${code}; HTML to image answers 503 until it runs again`);
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
  const apiConfig = await apiWorkerConfig();
  if (stopping) return;
  const localAi = startLocalAi();
  const localImages = startLocalImages();
  const localRender = startLocalRender();

  const server = spawnGroup(
    'npx',
    [
      'wrangler', 'pages', 'dev', './public',
      '-c', 'wrangler.toml', '-c', apiConfig,
      '--ip', HOST, '--port', String(PORT), '--persist-to', PERSIST_DIR,
      '--show-interactive-dev-session=false',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: wranglerEnv() },
  );
  if (POSIX) watchOver([localAi, localImages, localRender, server]);
  stopWithLaunchers();
  let announced = false;
  server.stdout!.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (!announced && chunk.toString().includes('Ready on')) {
      announced = true;
      console.log(`\n  Memeforge is running at http://${HOST}:${PORT}\n`);
    }
  });
  // wrangler ending on its own (a crash, a port in use) ends the whole stack with its code.
  server.on('exit', (code) => void shutdown(code ?? 1));
}

await main();
