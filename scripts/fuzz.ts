/**
 * `npm run fuzz [-- --count N --minutes M]`: hostile variants of ../shared/corpus through upload and every tool
 * operation against a fresh local stack on FUZZ_PORT (default 8810). Bounded by count (default 2,000) and time
 * (default 20 minutes). Any 5xx, answer slower than the budget, or server crash is a finding: its bytes and request
 * are kept under fuzz-findings/ (git-ignored) and the run exits 1.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FUZZ_OPERATIONS, fuzzInputs } from './fuzz/mutate';
import { startStack } from './lib/stack';

const { values } = parseArgs({
  options: {
    count: { type: 'string' },
    minutes: { type: 'string' },
    seed: { type: 'string' },
    'max-seed-kb': { type: 'string' },
  },
});
const COUNT = Number(values.count ?? 2000);
const DEADLINE = Date.now() + Number(values.minutes ?? 20) * 60_000;
const SEED = Number(values.seed ?? 1);
const REQUEST_BUDGET_MS = 30_000;
const CONCURRENCY = 2;
/** Larger files only add decoding time, not new code paths; override with --max-seed-kb. */
const MAX_SEED_BYTES = Number(values['max-seed-kb'] ?? 96) * 1024;
const CORPUS = resolve('../shared/corpus');
const FINDINGS = 'fuzz-findings';

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)])),
  );
  return nested.flat().sort();
}

if (!existsSync(CORPUS)) {
  console.log(`SKIPPING fuzz: the corpus folder ${CORPUS} is absent`);
  process.exit(0);
}
const seeds = [];
for (const file of await walk(CORPUS)) {
  if (!/\.(png|jpe?g|gif|webp|bmp|tiff?|avif)$/i.test(file)) continue;
  const bytes = new Uint8Array(await readFile(file));
  // Keep the run bounded: huge photos only add decoding time, not new code paths.
  if (bytes.length <= MAX_SEED_BYTES) seeds.push({ name: relative(CORPUS, file), bytes });
}
console.log(`fuzz: ${seeds.length} seed files, ${COUNT} inputs, seed ${SEED}`);

// The server's log (what threw behind a 5xx) is kept next to the findings.
const stack = await startStack(Number(process.env.FUZZ_PORT ?? 8810), { logFile: join(FINDINGS, 'server.log') });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void stack.stop().then(() => process.exit(130)));
const findings: string[] = [];
let findingIds = 0;
const statuses = new Map<string, number>();
let sent = 0;

async function record(
  name: string,
  route: string,
  fields: Record<string, string>,
  bytes: Uint8Array,
  problem: string,
  body = '',
) {
  // Taken before the first await: two workers finding at once must not share an id.
  const id = `${++findingIds}`.padStart(4, '0');
  await mkdir(FINDINGS, { recursive: true });
  await writeFile(join(FINDINGS, `${id}.bin`), bytes);
  await writeFile(
    join(FINDINGS, `${id}.json`),
    JSON.stringify({ input: name, route, fields, problem, body, seed: SEED, at: new Date().toISOString() }, null, 2),
  );
  findings.push(`${id} ${name} → ${route} ${JSON.stringify(fields)}: ${problem}`);
  console.log(`FINDING ${findings.at(-1)}`);
}

async function send(name: string, route: string, fields: Record<string, string>, bytes: Uint8Array) {
  const form = new FormData();
  form.append('image', new File([bytes as Uint8Array<ArrayBuffer>], 'fuzz.bin', { type: 'application/octet-stream' }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const started = Date.now();
  try {
    const res = await fetch(`${stack.baseUrl}/api/${route}`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(REQUEST_BUDGET_MS),
    });
    const body = await res.text();
    const key = `${route} ${res.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    // The body says who answered (our JSON error, or wrangler's dev proxy); the server log says what threw.
    if (res.status >= 500) await record(name, route, fields, bytes, `HTTP ${res.status}`, body.slice(0, 500));
  } catch (err) {
    const problem =
      Date.now() - started >= REQUEST_BUDGET_MS
        ? `hang: no answer in ${REQUEST_BUDGET_MS} ms`
        : `request failed: ${String(err)}`;
    await record(name, route, fields, bytes, problem);
  }
  sent++;
}

const inputs = fuzzInputs(seeds, COUNT, SEED);
let index = 0;
let stoppedForTime = false;
async function worker() {
  for (;;) {
    if (Date.now() > DEADLINE) return void (stoppedForTime = true);
    if (stack.exited()) return;
    const next = inputs.next();
    if (next.done) return;
    const i = index++;
    const [route, fields] = FUZZ_OPERATIONS[i % FUZZ_OPERATIONS.length]!;
    await send(next.value.name, 'upload', {}, next.value.bytes);
    await send(next.value.name, route, fields, next.value.bytes);
    if (i % 100 === 99) console.log(`fuzz: ${i + 1} inputs, ${findings.length} findings`);
  }
}
const started = Date.now();
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
if (stack.exited()) findings.push('the local stack crashed during the run');
else if (
  !(await fetch(`${stack.baseUrl}/api/health`).then(
    (r) => r.ok,
    () => false,
  ))
)
  findings.push('the API stopped answering /api/health');
await stack.stop();

console.log(
  `\nfuzz: ${index} inputs, ${sent} requests in ${Math.round((Date.now() - started) / 1000)} s${stoppedForTime ? ' (stopped by the time limit)' : ''}`,
);
console.log(
  [...statuses]
    .sort()
    .map(([k, n]) => `  ${k}: ${n}`)
    .join('\n'),
);
console.log(`findings: ${findings.length}${findings.length ? ` (kept in ${FINDINGS}/)` : ''}`);
for (const f of findings) console.log(`  ${f}`);
process.exit(findings.length > 0 ? 1 : 0);
