/**
 * `npx tsx bench/health-latency.ts [--api URL] [--seconds N] [--concurrency N] [--each] [--only name,name]`
 *
 * How long `/api/health` waits while the heaviest inputs the API accepts are being processed (ADR 0122): a Worker
 * isolate runs one JS thread, so a request that decodes or searches without giving the event loop a turn holds every
 * other request on that isolate. The bench polls `/api/health` every 100 ms (a new request each time, whether or not
 * the last one answered) in two phases of the same run, on the same stack:
 * - `quiet`: heavy inputs off; the peer every ratio is taken against;
 * - `heavy`: the heavy jobs below at `--concurrency` (default 3) for `--seconds` (default 60).
 * It prints worst, p99 and p50 health latency of each phase (goal: worst ≤ 1 s under load) with the heavy/quiet
 * ratios. `/api/health` also waits for its dependency checks (up to 2 s each, ADR 0117), so a second probe, a GET of
 * a path the router answers 404 without any I/O, shows the isolate's own wait apart from them. Then every job's
 * statuses and times, and counts the answers that are the dev server's rather than the API's: a 5xx that is not our
 * JSON, or the local front door's `api_unavailable` (its words for wrangler's plain-text "worker restarted", ADR
 * 0122). `--each` also runs every job alone first, so the worst wait can be pinned on one input.
 *
 * Without `--api` it starts a fresh local stack (scripts/lib/stack.ts) on HEALTH_BENCH_PORT (default 8840) and stops
 * it after. Loopback only; bounded by time. The inputs and jobs are health-latency-jobs.ts': made there (sharp, zlib)
 * or read from ../shared/corpus (its camera JPEGs; the corpus job is skipped, and says so, where the folder is absent).
 */
import { parseArgs } from 'node:util';
import { startStack, type Stack } from '../scripts/lib/stack';
import { type Answer, buildJobs, type Job, REQUEST_TIMEOUT_MS } from './health-latency-jobs';

const { values } = parseArgs({
  options: {
    api: { type: 'string' },
    seconds: { type: 'string' },
    concurrency: { type: 'string' },
    each: { type: 'boolean' },
    only: { type: 'string' },
    quiet: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds ?? 60);
const QUIET_SECONDS = Number(values.quiet ?? Math.min(20, SECONDS));
const CONCURRENCY = Number(values.concurrency ?? 3);
const POLL_MS = 100;
const GOAL_MS = 1000;
/** The API's origin: `--api`, or the stack started here. */
let base = '';

// --- health polling ----------------------------------------------------------------------------------------------

interface Poll {
  path: string;
  latencies: number[];
  failures: number;
  stop: () => Promise<void>;
}

/** A GET /api/health every POLL_MS, not waiting for the ones before: a wait shows as a latency, not as fewer samples. */
function pollHealth(path = '/api/health'): Poll {
  const poll: Poll = { path, latencies: [], failures: 0, stop: async () => {} };
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const started = performance.now();
    const p = fetch(`${base}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status >= 500 && res.status !== 503) poll.failures++;
        poll.latencies.push(performance.now() - started);
      })
      .catch(() => {
        poll.failures++;
        poll.latencies.push(performance.now() - started);
      })
      .finally(() => pending.delete(p));
    pending.add(p);
  }, POLL_MS);
  poll.stop = async () => {
    clearInterval(timer);
    await Promise.all(pending);
  };
  return poll;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

interface Summary {
  name: string;
  polls: number;
  failures: number;
  worst: number;
  p99: number;
  p50: number;
}

function summarise(name: string, poll: Poll): Summary {
  const sorted = [...poll.latencies].sort((a, b) => a - b);
  return {
    name,
    polls: sorted.length,
    failures: poll.failures,
    worst: sorted.at(-1) ?? NaN,
    p99: percentile(sorted, 99),
    p50: percentile(sorted, 50),
  };
}

/** Runs `jobs` round-robin on `workers` loops until `seconds` have passed (a job already started is finished). */
async function drive(jobs: Job[], workers: number, seconds: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  const until = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) answers.push(...(await jobs[next++ % jobs.length]!.run()));
    }),
  );
  return answers;
}

/** A path the router answers 404 from the isolate alone: no D1, R2 or service is asked. */
const ISOLATE_PROBE = '/api/isolate-probe';

async function phase(
  name: string,
  jobs: Job[],
  workers: number,
  seconds: number,
): Promise<{ summary: Summary; isolate: Summary; answers: Answer[] }> {
  const poll = pollHealth();
  const probe = pollHealth(ISOLATE_PROBE);
  const answers = jobs.length
    ? await drive(jobs, workers, seconds)
    : await new Promise<Answer[]>((r) => setTimeout(() => r([]), seconds * 1000));
  await Promise.all([poll.stop(), probe.stop()]);
  return { summary: summarise(name, poll), isolate: summarise(name, probe), answers };
}

const ms = (v: number) => `${Math.round(v)}`;

function printAnswers(answers: Answer[]) {
  const groups = new Map<string, Answer[]>();
  for (const a of answers) groups.set(`${a.job} ${a.route}`, [...(groups.get(`${a.job} ${a.route}`) ?? []), a]);
  console.log('| job → route | answers | statuses | p50 ms | worst ms |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [key, list] of groups) {
    const statuses = new Map<number, number>();
    for (const a of list) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const sorted = list.map((a) => a.ms).sort((x, y) => x - y);
    const shown = [...statuses].map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`| ${key} | ${list.length} | ${shown} | ${ms(percentile(sorted, 50))} | ${ms(sorted.at(-1)!)} |`);
  }
  for (const a of answers.filter((x) => x.status >= 500 || x.status === 0).slice(0, 10))
    console.log(`  ${a.job} ${a.route} ${a.status}: ${a.body}`);
}

// --- main ------------------------------------------------------------------------------------------------------

let stack: Stack | null = null;
if (values.api) base = values.api.replace(/\/$/, '');
else {
  stack = await startStack(Number(process.env.HEALTH_BENCH_PORT ?? 8840), {
    logFile: '.wrangler/health-bench-server.log',
  });
  base = stack.baseUrl;
}
let exitCode = 0;
try {
  const jobs = await buildJobs(base, values.only?.split(','));
  // Warm the isolate (codecs instantiated, health's dependency checks cached) before anything is timed.
  await drive(jobs, 1, 0.001);
  const rows: Summary[] = [];
  const isolateRows: Summary[] = [];
  const quiet = await phase('quiet (heavy inputs off)', [], 0, QUIET_SECONDS);
  rows.push(quiet.summary);
  isolateRows.push(quiet.isolate);
  const all: Answer[] = [];
  if (values.each) {
    for (const job of jobs) {
      const alone = await phase(`${job.name} alone`, [job], 1, Math.min(SECONDS, 15));
      rows.push(alone.summary);
      isolateRows.push(alone.isolate);
      all.push(...alone.answers);
    }
  }
  const heavy = await phase(`heavy, concurrency ${CONCURRENCY}`, jobs, CONCURRENCY, SECONDS);
  rows.push(heavy.summary);
  isolateRows.push(heavy.isolate);
  all.push(...heavy.answers);

  for (const [path, list, peer] of [
    ['/api/health', rows, quiet.summary],
    [`${ISOLATE_PROBE} (404, no I/O)`, isolateRows, quiet.isolate],
  ] as const) {
    console.log(`\n${path} every ${POLL_MS} ms (${base}); ratios against the quiet phase of this run\n`);
    console.log('| phase | polls | failed | worst ms | p99 ms | p50 ms | worst × quiet | p99 × quiet |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const r of list) {
      console.log(
        `| ${r.name} | ${r.polls} | ${r.failures} | ${ms(r.worst)} | ${ms(r.p99)} | ${ms(r.p50)} | ${(r.worst / peer.worst).toFixed(1)} | ${(r.p99 / peer.p99).toFixed(1)} |`,
      );
    }
  }
  console.log('');
  printAnswers(all);
  const foreign = all.filter((a) => a.foreign5xx).length;
  const serverErrors = all.filter((a) => a.status >= 500).length;
  const lost = all.filter((a) => a.status === 0).length;
  console.log(
    `\n5xx answers: ${serverErrors} (the dev server's, not the API's: ${foreign}); requests with no answer: ${lost}`,
  );
  const verdict = heavy.summary.worst <= GOAL_MS;
  console.log(
    `${verdict ? 'ok  ' : 'MISS'} worst health latency under load ${ms(heavy.summary.worst)} ms (goal ≤ ${GOAL_MS} ms)`,
  );
  if (foreign > 0 || lost > 0) exitCode = 1;
} finally {
  await stack?.stop();
}
process.exit(exitCode);
