/**
 * `npm start`: everything a fresh clone needs to serve UI and API together on http://localhost:8788 (and 127.0.0.1),
 * offline, with no account: local secrets, the build, local D1 migrations, the template catalog seed, the local AI
 * service (local-ai/, on 127.0.0.1:8790), the image service (local-images/, on :8792), the HTML renderer
 * (local-render/, on :8793), then `wrangler pages dev`. The three services are restarted when they exit or are
 * killed (scripts/lib/supervisor.ts, ADR 0117); wrangler ending ends the stack. wrangler listens on a private port
 * behind a small front door on the stack's port, which answers the dev server's own plain-text failures as our JSON,
 * and wrangler is restarted when its Worker stops answering for WEDGED_AFTER_MS (ADR 0122); when no request has come
 * for a minute and the Workers' process has grown past 1.25× its start, wrangler reloads it (ADR 0157).
 * Local data (D1, R2) lives in .wrangler/state and survives restarts.
 */
import './lib/require-node-22';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { access, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { freePort, startFrontDoor, WedgeWatch } from './lib/front-door';
import { Activity, recycleWorkersWhenIdle } from './lib/idle-recycle';
import { groupAlive, signalGroup, spawnGroup, startWatchdog, stopGroups, type Watchdog } from './lib/process-groups';
import { DEFAULT_PORT, PORT, HOST, PERSIST_DIR, migrationsApplyArgs, run, wranglerEnv } from './lib/run';
import { staticAssets } from './lib/static-assets';
import { Supervisor } from './lib/supervisor';

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
 * The local services and their ports. Each port can be moved (LOCAL_AI_PORT, LOCAL_IMAGE_PORT, LOCAL_RENDER_PORT; the
 * services read the same variables), and this stack's Worker is then pointed at it: a stack of its own, e.g. to try
 * killing a service without touching the copies other stacks share on the default ports.
 */
const SERVICES = [
  {
    name: 'local-ai',
    entry: 'local-ai/main.ts',
    port: Number(process.env.LOCAL_AI_PORT ?? 8790),
    urlVar: 'LOCAL_AI_URL',
    defaultPort: 8790,
  },
  {
    name: 'local-images',
    entry: 'local-images/main.ts',
    port: Number(process.env.LOCAL_IMAGE_PORT ?? 8792),
    urlVar: 'LOCAL_IMAGE_URL',
    defaultPort: 8792,
  },
  {
    name: 'local-render',
    entry: 'local-render/main.ts',
    port: Number(process.env.LOCAL_RENDER_PORT ?? 8793),
    urlVar: 'LOCAL_RENDER_URL',
    defaultPort: 8793,
  },
] as const;

/**
 * The API Worker's config for this stack. `API_MONTHLY_CALLS=5 tsx scripts/start.ts` (the e2e suite) gives this
 * stack a small per-key allowance without touching `npm start`, a moved service port (above) its own URL, and a moved
 * PORT its own SITE_ORIGIN and SITE_ALIASES:
 * wrangler reads vars only from the config and the `.dev.vars` beside it, so the stack gets its own copy of both
 * under PERSIST_DIR, with the paths made absolute.
 */
async function apiWorkerConfig(): Promise<string> {
  const vars: Record<string, string> = {};
  const calls = process.env.API_MONTHLY_CALLS;
  if (calls) {
    if (!/^[1-9]\d*$/.test(calls)) throw new Error(`API_MONTHLY_CALLS must be a positive whole number, not "${calls}"`);
    vars.API_MONTHLY_CALLS = calls;
  }
  for (const s of SERVICES) {
    if (!Number.isInteger(s.port) || s.port < 1 || s.port > 65535)
      throw new Error(`${s.name}: the port must be a whole number from 1 to 65535`);
    if (s.port !== s.defaultPort) vars[s.urlVar] = `http://${HOST}:${s.port}`;
  }
  // The site's origin is this stack's address, and localhost on the same port its alias (the config's are the
  // default port's, ADR 0155).
  if (PORT !== DEFAULT_PORT)
    Object.assign(vars, { SITE_ORIGIN: `http://${HOST}:${PORT}`, SITE_ALIASES: `http://localhost:${PORT}` });
  if (Object.keys(vars).length === 0) return API_CONFIG;
  const dir = `${PERSIST_DIR}/api-worker`;
  await mkdir(dir, { recursive: true });
  let toml = (await readFile(API_CONFIG, 'utf8'))
    .replace(/^main = ".*"$/m, `main = ${JSON.stringify(resolve('workers/api/src/index.ts'))}`)
    .replaceAll(/^migrations_dir = ".*"$/gm, `migrations_dir = ${JSON.stringify(resolve('migrations'))}`);
  for (const [name, value] of Object.entries(vars)) {
    // The first occurrence is the default environment's [vars]; [env.production.vars] comes later.
    toml = toml.replace(new RegExp(`^${name} = ".*"$`, 'm'), `${name} = "${value}"`);
    if (!toml.includes(`${name} = "${value}"`)) throw new Error(`${API_CONFIG} has no ${name} var to override`);
  }
  await writeFile(`${dir}/wrangler.toml`, toml);
  await copyFile('workers/api/.dev.vars', `${dir}/.dev.vars`);
  if (calls) console.log(`API keys on this stack: ${calls} calls a month (API_MONTHLY_CALLS)`);
  return `${dir}/wrangler.toml`;
}

const BG_DIR = 'local-ai/background-removal';

/** Whether every dependency the program's package.json pins is installed at that version (not after a pull that adds one). */
function backgroundRemovalInstalled(): boolean {
  const { dependencies } = JSON.parse(readFileSync(`${BG_DIR}/package.json`, 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return Object.entries(dependencies).every(([name, version]) => {
    try {
      return (
        (JSON.parse(readFileSync(`${BG_DIR}/node_modules/${name}/package.json`, 'utf8')) as { version: string })
          .version === version
      );
    } catch {
      return false;
    }
  });
}

/**
 * Background removal offline is a separate AGPL program (ADR 0061) with its own dependencies, installed on first
 * start and again when its package.json pins something not installed. Failing to install it (no registry) is not
 * fatal: background removal then answers 503 offline.
 */
async function ensureBackgroundRemoval() {
  if (process.env.MEMEFORGE_NO_BG_REMOVAL === '1' || backgroundRemovalInstalled()) return;
  console.log(`installing offline background removal into ${BG_DIR} (AGPL-3.0, separate program; once)`);
  const env = { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip', npm_config_onnxruntime_node_install_cuda: 'skip' };
  await run('npm', ['ci', '--prefix', BG_DIR, '--no-audit', '--no-fund'], env).catch((err: unknown) => {
    console.warn(`could not install background removal (${String(err)}); it will answer 503 offline`);
  });
}

/** The supervised services (scripts/lib/supervisor.ts, ADR 0117), and wrangler, which is not restarted. */
const supervisors: Supervisor[] = [];
let server: ChildProcess | undefined;

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all([...supervisors.map((s) => s.stop()), server ? stopGroups([server]) : undefined]);
  process.exit(code);
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const)
  process.on(signal, () => void shutdown(code));
// Last resort on any exit path (an uncaught error, process.exit): synchronous, so only SIGKILL.
process.on('exit', () => {
  for (const c of [...supervisors.map((s) => s.child), server]) if (c && groupAlive(c)) signalGroup(c, 'SIGKILL');
});

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

/** Whether a copy of the service (ours or another stack's) answers its health check on the port. */
const answers = (port: number) => () =>
  fetch(`http://${HOST}:${port}/health`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );

/**
 * The offline AI service (:8790), the image service (local-images/, libvips on :8792: every tool's work on large
 * pictures) and the HTML renderer (local-render/, Debian's Chromium on :8793: Convert's HTML to image), each kept
 * running by a supervisor. If a port is taken (another stack's copy), the Worker uses that copy and the supervisor
 * watches it, starting ours when it goes away.
 */
function startServices(watchdog: Watchdog) {
  for (const s of SERVICES) {
    const supervisor = new Supervisor(
      {
        name: s.name,
        spawn: () =>
          spawnGroup(process.execPath, ['--import', 'tsx', s.entry], {
            stdio: ['ignore', 'inherit', 'inherit'],
            env: process.env,
          }),
        probe: answers(s.port),
      },
      { watchdog },
    );
    supervisors.push(supervisor);
    supervisor.start();
  }
}

async function main() {
  await ensureDevVars();
  // --fresh starts from empty local D1 and R2 (the e2e suite uses it; npm start keeps your data).
  if (process.argv.includes('--fresh')) await rm(PERSIST_DIR, { recursive: true, force: true });
  if (!process.argv.includes('--no-build')) await run('npm', ['run', 'build']);
  await run('npx', ['wrangler', ...migrationsApplyArgs(PERSIST_DIR)]);
  await run('npx', ['tsx', 'scripts/seed-templates.ts']);
  // The e2e suite (--fresh) needs no background removal: it does not install it, but uses it if present.
  if (!process.argv.includes('--fresh')) await ensureBackgroundRemoval();
  const apiConfig = await apiWorkerConfig();
  if (stopping) return;
  const watchdog = startWatchdog();
  startServices(watchdog);
  const upstreamPort = await freePort(HOST);
  // The stack's port is taken here, first: a second stack on the same port fails now, as it did with wrangler there.
  const activity = new Activity();
  // The static files Pages serves without the Function are answered by the front door itself (ADR 0200).
  await startFrontDoor({
    host: HOST,
    port: PORT,
    upstreamPort,
    onRequest: () => activity.begin(),
    serveStatic: staticAssets('public'),
  });
  const wedge = watchForWedge(upstreamPort, (silentMs) =>
    restartWrangler(silentMs, apiConfig, upstreamPort, watchdog, wedge),
  );
  startWrangler(apiConfig, upstreamPort, watchdog, wedge);
  stopWithLaunchers();
  wedge.start();
  // The Workers' process keeps what it grew to; when the stack is idle it is reloaded to give it back (ADR 0157).
  recycleWorkersWhenIdle(activity, apiConfig);
}

/** True while wrangler is being stopped by the wedge watch, to be started again: its exit does not end the stack. */
let restarting = false;

function startWrangler(apiConfig: string, upstreamPort: number, watchdog: Watchdog, wedge: WedgeWatch) {
  const child = spawnGroup(
    'npx',
    [
      'wrangler',
      'pages',
      'dev',
      './public',
      '-c',
      'wrangler.toml',
      '-c',
      apiConfig,
      '--ip',
      HOST,
      '--port',
      String(upstreamPort),
      '--persist-to',
      PERSIST_DIR,
      '--show-interactive-dev-session=false',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: wranglerEnv() },
  );
  server = child;
  wedge.starting();
  watchdog.watch(child);
  let announced = false;
  // The last few characters too: "Ready on" may be split between two chunks.
  let tail = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    const text = tail + chunk.toString();
    tail = text.slice(-16);
    if (!announced && text.includes('Ready on')) {
      announced = true;
      wedge.ready();
      // localhost first: passkeys need a domain name, and 127.0.0.1 is not one (ADR 0171); both serve the site.
      console.log(
        `\n  Memeforge is running at http://localhost:${PORT} (also http://${HOST}:${PORT}; sign-in with passkeys works on localhost)\n`,
      );
    }
  });
  // wrangler ending on its own (a crash, a port in use) ends the whole stack with its code; not one we restart.
  child.on('exit', (code) => {
    watchdog.forget(child);
    if (!restarting) void shutdown(code ?? 1);
  });
}

async function restartWrangler(
  silentMs: number,
  apiConfig: string,
  upstreamPort: number,
  watchdog: Watchdog,
  wedge: WedgeWatch,
) {
  if (stopping || !server) return;
  console.error(
    `the API Worker has not answered /api/health for ${Math.round(silentMs / 1000)} s: restarting wrangler (ADR 0122)`,
  );
  restarting = true;
  try {
    await stopGroups([server]);
  } finally {
    restarting = false;
  }
  if (!stopping) startWrangler(apiConfig, upstreamPort, watchdog, wedge);
}

/** How often the Worker is asked whether it answers, and how long without an answer means it is wedged. */
const WEDGE_PROBE_MS = 10_000;
const WEDGED_AFTER_MS = 90_000;

/**
 * A Worker whose isolate never returns to its event loop (a loop that does not end) answers nothing, for good: workerd
 * has no CPU limit locally. Every WEDGE_PROBE_MS the Worker's /api/health is asked on wrangler's own port; when nothing
 * has answered for WEDGED_AFTER_MS, wrangler is stopped and started again, with one log line. Requests meanwhile get
 * the front door's JSON 503.
 */
function watchForWedge(upstreamPort: number, restart: (silentMs: number) => Promise<void>): WedgeWatch {
  return new WedgeWatch({
    probeMs: WEDGE_PROBE_MS,
    wedgedAfterMs: WEDGED_AFTER_MS,
    probe: () =>
      fetch(`http://${HOST}:${upstreamPort}/api/health`, { signal: AbortSignal.timeout(WEDGE_PROBE_MS) }).then(
        async (res) => {
          await res.arrayBuffer().catch(() => undefined);
          return true;
        },
        () => false,
      ),
    restart,
  });
}

await main();
