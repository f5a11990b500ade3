/**
 * `npx tsx scripts/soak.ts [--api URL] [--minutes 10] [--concurrency 4]`: the shared corpus (../shared/corpus, every
 * picture up to 10 MB) sent through upload and then the tools at `--concurrency` for `--minutes`, the way people use
 * the site: upload, analyze, privacy, then one tool operation (compress at a quality and `quality=auto`, convert,
 * crop, resize, rotate, watermark, pixelate), in turn. `/api/health` is asked every second throughout.
 *
 * It passes when, at the end, the API still answers `/api/health` within 5 s, no answer was the dev server's 5xx
 * rather than the API's (one that is not our JSON {error, code}, like wrangler's plain-text "worker restarted" or a
 * stack trace; or the local front door's `api_unavailable`, its JSON for the same), and no request went unanswered
 * for its whole 120 s. Our own JSON 5xx (a busy image service, a job past its deadline) are counted and listed, not
 * failures: they are the answers in our words that ADR 0122 asks for. Without `--api` it starts a fresh local stack
 * (scripts/lib/stack.ts) on SOAK_PORT (default 8850), with its own local-ai, local-images and local-render on the
 * next three ports (unless LOCAL_AI_PORT, LOCAL_IMAGE_PORT, LOCAL_RENDER_PORT say otherwise), so that the services
 * measured are this stack's. Loopback only; bounded by time.
 *
 * Memory (ADR 0157): every part of the stack (scripts/lib/memory-watch.ts) is read at the start, every 5 s while
 * it works, and after `--idle-seconds` (default 120) with no request at all, and printed as a table with the ratio
 * of the idle figure to the start; the Workers' V8 heaps too, through workerd's inspector. The run also fails when
 * the Workers' process is not back within 25% of its start. With `--api`, the stack is the one listening on that
 * port here, if any.
 */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import { extname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_UPLOAD_BYTES } from '../core/limits';
import { findWorkerTargets, heapUsage } from './lib/isolate-heap';
import {
  memoryTable,
  readStack,
  summarise,
  workerBack,
  WORKER_BACK_WITHIN,
  type StackReading,
} from './lib/memory-watch';
import { listenerOf } from './lib/process-memory';
import { type Answer, post, REQUEST_TIMEOUT_MS } from './lib/soak-answer';
import { startStack, type Stack } from './lib/stack';

const { values } = parseArgs({
  options: {
    api: { type: 'string' },
    minutes: { type: 'string' },
    concurrency: { type: 'string' },
    'idle-seconds': { type: 'string' },
  },
});
const MINUTES = Number(values.minutes ?? 10);
const CONCURRENCY = Number(values.concurrency ?? 4);
const IDLE_SECONDS = Number(values['idle-seconds'] ?? 120);
const MEMORY_EVERY_MS = 5000;
const HEALTH_EVERY_MS = 1000;
const CORPUS = resolve('../shared/corpus');

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])),
  );
  return nested.flat().sort();
}

/** One tool operation per turn, in this order: every route and the heavy paths (auto, pixelate) come round often. */
const TOOLS: { route: string; fields: Record<string, string> }[] = [
  { route: 'optimize', fields: { operation: 'compress', quality: '70' } },
  { route: 'optimize', fields: { operation: 'compress', quality: 'auto', format: 'auto' } },
  { route: 'convert', fields: { format: 'webp', quality: '80' } },
  { route: 'modify', fields: { operation: 'crop', x: '0', y: '0', width: '16', height: '16' } },
  { route: 'modify', fields: { operation: 'resize', width: '320', height: '240', maintainAspectRatio: 'true' } },
  { route: 'modify', fields: { operation: 'rotate', angle: '90' } },
  { route: 'security', fields: { operation: 'watermark', text: 'Memeforge' } },
  {
    route: 'security',
    fields: {
      operation: 'blur',
      method: 'selective',
      regions: '[{"x":0,"y":0,"width":32,"height":32}]',
      pixelateLevel: '8',
    },
  },
];

if (!existsSync(CORPUS)) {
  console.log(`SKIPPING soak: the corpus folder ${CORPUS} is absent`);
  process.exit(0);
}
const files: { name: string; bytes: Uint8Array }[] = [];
for (const path of await walk(CORPUS)) {
  if (!/\.(png|jpe?g|gif|webp|bmp|tiff?|avif)$/i.test(extname(path))) continue;
  const bytes = new Uint8Array(await readFile(path));
  if (bytes.length <= MAX_UPLOAD_BYTES) files.push({ name: relative(CORPUS, path), bytes });
}

let base = '';
let stack: Stack | null = null;
let root: number | null = null;
if (values.api) {
  base = values.api.replace(/\/$/, '');
  const url = new URL(base);
  if (/^(127\.0\.0\.1|localhost)$/.test(url.hostname)) root = listenerOf(Number(url.port || 80));
} else {
  const port = Number(process.env.SOAK_PORT ?? 8850);
  // The stack's own services, read by scripts/start.ts: copies shared with another stack would not be this one's.
  process.env.LOCAL_AI_PORT ??= String(port + 1);
  process.env.LOCAL_IMAGE_PORT ??= String(port + 2);
  process.env.LOCAL_RENDER_PORT ??= String(port + 3);
  stack = await startStack(port, { logFile: '.wrangler/soak-server.log' });
  base = stack.baseUrl;
  root = stack.pid;
}
console.log(`soak: ${files.length} corpus files, concurrency ${CONCURRENCY}, ${MINUTES} minutes against ${base}`);

// Memory: the start, a reading every MEMORY_EVERY_MS, and the Workers' heaps at the start, after the work and idle.
const readings: StackReading[] = [];
const startReading = root ? readStack(root) : null;
if (root && !startReading?.size)
  console.log(`memory: no process of a stack found below pid ${root} (Linux /proc only)`);
const heaps: { when: string; figures: string }[] = [];
async function readHeaps(when: string) {
  // The Workers' process may have been replaced (recycled when idle, ADR 0157): its inspector is found afresh.
  const pid = root ? readStack(root).get('workerd Workers')?.pids[0] : undefined;
  if (!pid) return;
  const figures: string[] = [];
  for (const [name, url] of await findWorkerTargets(pid)) {
    const h = await heapUsage(url);
    if (h) figures.push(`${name} ${(h.usedSize / 1048576).toFixed(0)} of ${(h.totalSize / 1048576).toFixed(0)} MB`);
  }
  heaps.push({ when, figures: figures.join(', ') || 'not reachable' });
}
await readHeaps('start');
const memoryTimer = setInterval(() => {
  if (root) readings.push(readStack(root));
}, MEMORY_EVERY_MS);

const answers: Answer[] = [];
const health: number[] = [];
let healthFailures = 0;
const until = performance.now() + MINUTES * 60_000;
const healthTimer = setInterval(() => {
  const started = performance.now();
  fetch(`${base}/api/health`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    .then(async (res) => {
      await res.arrayBuffer();
      health.push(performance.now() - started);
    })
    .catch(() => {
      healthFailures++;
      health.push(performance.now() - started);
    });
}, HEALTH_EVERY_MS);

let next = 0;
let tool = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (performance.now() < until) {
      const file = files[next++ % files.length]!;
      const uploaded = await post(base, 'upload', file.name, file.bytes, {});
      answers.push(uploaded);
      // A file the upload refused is refused by every tool in the same words (ADR 0012): no need to send it on.
      if (uploaded.status !== 201) continue;
      answers.push(await post(base, 'analyze-metadata', file.name, file.bytes, {}));
      answers.push(
        await post(base, 'security', file.name, file.bytes, {
          operation: 'privacy',
          removeExif: 'true',
          removeLocation: 'true',
        }),
      );
      const t = TOOLS[tool++ % TOOLS.length]!;
      answers.push(await post(base, t.route, file.name, file.bytes, t.fields));
    }
  }),
);
clearInterval(healthTimer);

// The end: the API must still answer, quickly.
const finalStart = performance.now();
let finalOk = false;
try {
  finalOk = (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) })).status < 500;
} catch {
  finalOk = false;
}
const finalMs = performance.now() - finalStart;
await readHeaps('after the work');

// Idle: no request at all, the health poll included, then the last reading.
console.log(`idle for ${IDLE_SECONDS} s…`);
await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
clearInterval(memoryTimer);
const idleReading = root ? readStack(root) : null;
await readHeaps(`after ${IDLE_SECONDS} s idle`);

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const byRoute = new Map<string, Answer[]>();
for (const a of answers) byRoute.set(a.route, [...(byRoute.get(a.route) ?? []), a]);
console.log('\n| route | answers | statuses | p50 ms | p99 ms | worst ms |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [route, list] of [...byRoute].sort()) {
  const statuses = new Map<number, number>();
  for (const a of list) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
  const sorted = list.map((a) => a.ms).sort((x, y) => x - y);
  console.log(
    `| ${route} | ${list.length} | ${[...statuses]
      .sort()
      .map(([s, n]) => `${s}×${n}`)
      .join(
        ' ',
      )} | ${Math.round(percentile(sorted, 50))} | ${Math.round(percentile(sorted, 99))} | ${Math.round(sorted.at(-1)!)} |`,
  );
}
const sortedHealth = [...health].sort((a, b) => a - b);
const ours5xx = answers.filter((a) => a.status >= 500 && !a.foreign);
const foreign = answers.filter((a) => a.foreign);
const lost = answers.filter((a) => a.status === 0);
console.log(
  `\nrequests: ${answers.length}; /api/health: ${health.length} polls, worst ${Math.round(sortedHealth.at(-1) ?? NaN)} ms, p99 ${Math.round(percentile(sortedHealth, 99))} ms, p50 ${Math.round(percentile(sortedHealth, 50))} ms, ${healthFailures} failed`,
);
const codes = new Map<string, number>();
for (const a of ours5xx) codes.set(`${a.status} ${a.code}`, (codes.get(`${a.status} ${a.code}`) ?? 0) + 1);
console.log(
  `5xx in our JSON: ${ours5xx.length} (${[...codes].map(([c, n]) => `${c} ×${n}`).join(', ') || 'none'}); the dev server's 5xx: ${foreign.length}; no answer: ${lost.length}`,
);
for (const a of [...foreign, ...lost, ...ours5xx].slice(0, 12)) console.log(`  ${a.route} ${a.status}: ${a.body}`);
const served = finalOk && foreign.length === 0 && lost.length === 0;
console.log(
  `${served ? 'ok  ' : 'FAIL'} the API ${finalOk ? `answered /api/health in ${Math.round(finalMs)} ms` : 'did not answer /api/health within 5 s'} at the end; ${foreign.length} 5xx of the dev server; ${lost.length} unanswered`,
);

let memoryOk = true;
if (startReading?.size && idleReading) {
  const rows = summarise(startReading, readings, idleReading);
  console.log(
    `\nmemory (resident set of each part, ${readings.length} readings every ${MEMORY_EVERY_MS / 1000} s; ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  for (const line of memoryTable(rows, IDLE_SECONDS)) console.log(line);
  for (const h of heaps) console.log(`V8 heaps (used of reserved) ${h.when}: ${h.figures}`);
  const back = workerBack(rows);
  memoryOk = back.ok;
  console.log(
    `${back.ok ? 'ok  ' : 'FAIL'} the Workers' process after ${IDLE_SECONDS} s idle: ${back.row ? `${back.row.ratio.toFixed(2)}× its start` : 'not found'} (goal ≤ ${WORKER_BACK_WITHIN}×)` +
      (back.row?.replaced
        ? '; its process was replaced during the run (the stack’s idle recycle, ADR 0157, or a reload)'
        : ''),
  );
}
const pass = served && memoryOk;
await stack?.stop();
process.exit(pass ? 0 : 1);
