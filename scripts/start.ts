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
import { rm } from 'node:fs/promises';
import { freePort, startFrontDoor } from './lib/front-door';
import { Activity, recycleWorkersWhenIdle } from './lib/idle-recycle';
import { spawnGroup, startWatchdog, type Watchdog } from './lib/process-groups';
import { HOST, migrationsApplyArgs, PERSIST_DIR, PORT, run } from './lib/run';
import { apiWorkerConfig, ensureBackgroundRemoval, ensureDevVars, SERVICES } from './lib/stack-setup';
import { StackProcesses } from './lib/stack-processes';
import { restartWrangler, startWrangler, watchForWedge } from './lib/stack-wrangler';
import { staticAssets } from './lib/static-assets';
import { Supervisor } from './lib/supervisor';

const stack = new StackProcesses();
stack.stopOnSignals();

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
    stack.supervisors.push(supervisor);
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
  if (stack.stopping) return;
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
  const wranglerRun = { stack, apiConfig, upstreamPort, watchdog };
  const wedge = watchForWedge(upstreamPort, (silentMs) => restartWrangler(wranglerRun, wedge, silentMs));
  startWrangler(wranglerRun, wedge);
  stack.stopWithLaunchers();
  wedge.start();
  // The Workers' process keeps what it grew to; when the stack is idle it is reloaded to give it back (ADR 0157).
  recycleWorkersWhenIdle(activity, apiConfig);
}

await main();
