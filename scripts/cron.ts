/**
 * `npm run cron [-- --at 2030-01-01T00:00:00Z]`: runs the API Worker's scheduled handler (expired images and share
 * links, old counters, windows and sessions) against local D1 and R2 (PERSIST_DIR, default .wrangler/state), as the
 * cron trigger does in production. `wrangler pages dev` (npm start) cannot do it: its `/cdn-cgi/handler/scheduled`
 * reaches the Pages worker, which has no scheduled handler, and miniflare routes only workers that have routes.
 * So this starts the API Worker alone in workerd (`wrangler dev` on its own config, the same persisted storage, a
 * spare port), calls its scheduled handler with the trigger's time (`--at`, default now), and stops it. It may
 * run while `npm start` does.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { HOST, PERSIST_DIR, wranglerEnv } from './lib/run';

const { values } = parseArgs({ options: { at: { type: 'string' }, port: { type: 'string', default: '8795' } } });
const at = values.at ? Date.parse(values.at) : Date.now();
if (Number.isNaN(at)) throw new Error(`--at must be a date, not "${values.at}"`);
const base = `http://${HOST}:${values.port}`;

const wrangler = spawn(
  'npx',
  [
    'wrangler',
    'dev',
    '-c',
    'workers/api/wrangler.toml',
    '--persist-to',
    PERSIST_DIR,
    '--ip',
    HOST,
    '--port',
    values.port,
    '--test-scheduled',
    '--show-interactive-dev-session=false',
  ],
  { env: wranglerEnv(), stdio: ['ignore', 'pipe', 'inherit'], detached: process.platform !== 'win32' },
);
let log = '';
wrangler.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
const stop = () => {
  if (wrangler.exitCode !== null) return;
  if (process.platform === 'win32') wrangler.kill();
  else process.kill(-wrangler.pid!, 'SIGTERM');
};

try {
  const until = Date.now() + 60_000;
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (wrangler.exitCode !== null || Date.now() > until)
      throw new Error(`the API Worker did not start on ${base}:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const url = new URL(`${base}/cdn-cgi/handler/scheduled`);
  url.searchParams.set('cron', '*/15 * * * *');
  url.searchParams.set('time', String(at)); // milliseconds, as the trigger's scheduledTime
  const res = await fetch(url);
  // Let the handler's log line (e.g. "cleanup: deleted 3 expired images in 1 buckets") reach stdout.
  await new Promise((r) => setTimeout(r, 500));
  const said = log.split('\n').filter((l) => l.includes('cleanup:'));
  if (!res.ok) throw new Error(`the scheduled handler answered ${res.status}: ${await res.text()}`);
  console.log(
    `ran the API Worker's scheduled handler at ${new Date(at).toISOString()} on ${PERSIST_DIR}: ${said.join('; ') || 'nothing had expired'}`,
  );
} finally {
  stop();
}
