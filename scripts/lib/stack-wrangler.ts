/**
 * `wrangler pages dev` for `npm start` (scripts/start.ts), on a private port behind the front door, in a process group
 * of its own. wrangler ending on its own ends the stack; when its Worker stops answering it is stopped and started
 * again (ADR 0122).
 */
import { WedgeWatch } from './front-door';
import { spawnGroup, stopGroups, type Watchdog } from './process-groups';
import { HOST, PERSIST_DIR, PORT, wranglerEnv } from './run';
import type { StackProcesses } from './stack-processes';

/** What wrangler is started with, each time. */
export interface WranglerRun {
  stack: StackProcesses;
  apiConfig: string;
  upstreamPort: number;
  watchdog: Watchdog;
}

export function startWrangler({ stack, apiConfig, upstreamPort, watchdog }: WranglerRun, wedge: WedgeWatch) {
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
  stack.server = child;
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
    if (!stack.restarting) void stack.shutdown(code ?? 1);
  });
}

export async function restartWrangler(run: WranglerRun, wedge: WedgeWatch, silentMs: number) {
  const { stack } = run;
  if (stack.stopping || !stack.server) return;
  console.error(
    `the API Worker has not answered /api/health for ${Math.round(silentMs / 1000)} s: restarting wrangler (ADR 0122)`,
  );
  stack.restarting = true;
  try {
    await stopGroups([stack.server]);
  } finally {
    stack.restarting = false;
  }
  if (!stack.stopping) startWrangler(run, wedge);
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
export function watchForWedge(upstreamPort: number, restart: (silentMs: number) => Promise<void>): WedgeWatch {
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
