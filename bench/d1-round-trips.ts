/**
 * Sequential D1 round trips per API route, with every D1 call delayed as for a visitor far from the database's
 * primary (ADR 0112):
 *   npx tsx bench/d1-round-trips.ts [--delay 150]
 * Runs workers/api/test/http/d1-round-trips.test.ts in the Worker test pool (real local D1, R2 and bindings, the fake AI
 * provider) with D1_DELAY_MS set, and prints its table. The same file pins the counts in `npm test`; a count that
 * moves fails there, so the table printed here and the pinned numbers cannot drift apart silently.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const flag = process.argv.indexOf('--delay');
const delayMs = flag > 0 ? Number(process.argv[flag + 1]) : 150;
if (!Number.isInteger(delayMs) || delayMs < 1) throw new Error('--delay takes a whole number of milliseconds');

const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'workers', 'workers/api/test/http/d1-round-trips.test.ts'],
  {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      D1_DELAY_MS: String(delayMs),
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    },
    maxBuffer: 64 * 1024 * 1024,
  },
);
const output = `${run.stdout}\n${run.stderr}`;
const line = output.split('\n').find((l) => l.includes('D1-ROUND-TRIPS '));
if (!line) {
  console.error(output.slice(-4000));
  throw new Error('The round-trip test printed no table (see its output above).');
}

interface Row {
  route: string;
  sequential: number;
  calls: number;
  writes: number;
  replica: number;
  background: number;
  status: number;
  ms: number;
}
const { delayMs: used, rows } = JSON.parse(line.slice(line.indexOf('D1-ROUND-TRIPS ') + 'D1-ROUND-TRIPS '.length)) as {
  delayMs: number;
  rows: Row[];
};

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const padL = (s: string | number, n: number) => String(s).padStart(n);
console.log(
  `Every D1 call delayed ${used} ms (a visitor far from the primary). Sequential = round trips one after another before the answer; on replica = calls a read replica near the visitor may answer.`,
);
console.log(
  `${pad('route', 34)}${padL('sequential', 11)}${padL('calls', 7)}${padL('writes', 8)}${padL('on replica', 12)}${padL('after answer', 14)}${padL('status', 8)}${padL('ms', 8)}`,
);
for (const r of rows) {
  console.log(
    `${pad(r.route, 34)}${padL(r.sequential, 11)}${padL(r.calls, 7)}${padL(r.writes, 8)}${padL(r.replica, 12)}${padL(r.background, 14)}${padL(r.status, 8)}${padL(r.ms, 8)}`,
  );
}
if (run.status !== 0) {
  console.log(
    '\nThe pinned counts in workers/api/test/http/d1-round-trips.test.ts no longer match (vitest failed): update them or the route.',
  );
  process.exitCode = 1;
}
