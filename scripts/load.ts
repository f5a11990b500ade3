/**
 * `npm run load`: 10,000 mixed requests at concurrency 50 (autocannon, loopback only) against a fresh local stack on
 * LOAD_PORT (default 8820): template list, usage, upload, a small compress and image fetch. Reports throughput and
 * p50/p95/p99 per route, then stops the stack and reads its local D1 and R2 (wrangler's getPlatformProxy on the same
 * persisted state: no debug route in the app) to check they hold exactly what the requests should have left.
 */
import autocannon from 'autocannon';
import { getPlatformProxy } from 'wrangler';
import { startStack } from './lib/stack';

const TOTAL = Number(process.env.LOAD_TOTAL ?? 10_000);
const CONNECTIONS = 50;
// A 1×1 PNG: small enough that the run measures the platform, not the codec.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = 'memeforgeload';
const multipart = (fields: Record<string, string>) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="load.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from('\r\n'),
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
const formHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

const stack = await startStack(Number(process.env.LOAD_PORT ?? 8820), { logFile: '.wrangler/load-server.log' });
let exitCode = 0;
try {
  // One image for the fetch route, uploaded before the run.
  const seeded = (await (
    await fetch(`${stack.baseUrl}/api/upload`, { method: 'POST', body: multipart({}), headers: formHeaders })
  ).json()) as { imageUrl: string };
  const templatesBefore = ((await (await fetch(`${stack.baseUrl}/api/templates`)).json()) as { templates: unknown[] })
    .templates.length;

  const routes = [
    { name: 'GET /api/templates', share: 0.2, opts: { path: '/api/templates' } },
    { name: 'GET /api/usage-limit', share: 0.3, opts: { path: '/api/usage-limit' } },
    {
      name: 'POST /api/upload',
      share: 0.2,
      opts: { path: '/api/upload', method: 'POST' as const, headers: formHeaders, body: multipart({}) },
    },
    {
      name: 'POST /api/optimize (compress)',
      share: 0.1,
      opts: {
        path: '/api/optimize',
        method: 'POST' as const,
        headers: formHeaders,
        body: multipart({ operation: 'compress', quality: '70' }),
      },
    },
    { name: 'GET /api/images/:id', share: 0.2, opts: { path: seeded.imageUrl } },
  ];
  // Every answer's status and latency, per route: exact p50/p95/p99 (autocannon's summary has no p95) and the 429s
  // (intended: the rate limiter) told apart from any other non-2xx.
  const samples = routes.map(() => ({ latencies: [] as number[], statuses: new Map<number, number>() }));
  const started = Date.now();
  const results = await Promise.all(
    routes.map((r, i) => {
      const run = autocannon({
        // autocannon takes the path as part of the URL.
        url: `${stack.baseUrl}${r.opts.path}`,
        connections: Math.round(CONNECTIONS * r.share),
        amount: Math.round(TOTAL * r.share),
        timeout: 60,
        method: 'method' in r.opts ? r.opts.method : 'GET',
        headers: 'headers' in r.opts ? r.opts.headers : undefined,
        body: 'body' in r.opts ? r.opts.body : undefined,
      });
      run.on('response', (_client, status, _bytes, ms) => {
        samples[i]!.latencies.push(ms);
        samples[i]!.statuses.set(status, (samples[i]!.statuses.get(status) ?? 0) + 1);
      });
      return run;
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const percentile = (sorted: number[], p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
  console.log(
    `\nload: ${TOTAL} requests, ${CONNECTIONS} connections, ${seconds.toFixed(1)} s, ${(TOTAL / seconds).toFixed(0)} req/s overall\n`,
  );
  console.log('| route | requests | 2xx | 429 | other non-2xx | errors/timeouts | req/s | p50 ms | p95 ms | p99 ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const ok: Record<string, number> = {};
  results.forEach((res, i) => {
    const r = routes[i]!;
    const { latencies, statuses } = samples[i]!;
    const sorted = [...latencies].sort((a, b) => a - b);
    const count = (pred: (status: number) => boolean) =>
      [...statuses].filter(([s]) => pred(s)).reduce((n, [, c]) => n + c, 0);
    const ok2xx = count((s) => s >= 200 && s < 300);
    const limited = count((s) => s === 429);
    const other = count((s) => (s < 200 || s >= 300) && s !== 429);
    ok[r.name] = ok2xx;
    const fmt = (v: number) => Math.round(v);
    console.log(
      `| ${r.name} | ${res.requests.sent} | ${ok2xx} | ${limited} | ${other} | ${res.errors + res.timeouts} | ${(res.requests.sent / seconds).toFixed(0)} | ${fmt(percentile(sorted, 50))} | ${fmt(percentile(sorted, 95))} | ${fmt(percentile(sorted, 99))} |`,
    );
    if (other > 0) console.log(`  ${r.name}: unexpected statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    if (res.errors + res.timeouts + other > 0) exitCode = 1;
  });
  const uploads = ok['POST /api/upload'] ?? 0;
  const compresses = ok['POST /api/optimize (compress)'] ?? 0;
  await stack.stop();

  // The stack's own persisted state, read through wrangler's local bindings.
  const proxy = await getPlatformProxy<{ DB: D1Database; BUCKET: R2Bucket }>({
    configPath: 'workers/api/wrangler.toml',
    persist: { path: `${stack.persistDir}/v3` },
  });
  try {
    let objects = 0;
    let cursor: string | undefined;
    do {
      const page = await proxy.env.BUCKET.list({ cursor, limit: 1000 });
      objects += page.objects.length;
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    const count = async (table: string) =>
      (await proxy.env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
    const expectedObjects = 1 + uploads + compresses;
    // Every upload and compress is counted by the rate limiter before anything else, on the Rate Limiting binding
    // (ADR 0112): no request writes a D1 row for it (before ADR 0112, one rate_limits row per request; migration 0006
    // dropped that table and usage_counters). The daily AI allowance lives in Durable Objects.
    const checks: [string, number, number, string][] = [
      ['R2 objects', objects, expectedObjects, `1 seeded + ${uploads} uploads + ${compresses} compress results`],
      ['D1 saved_memes rows', await count('saved_memes'), 0, 'no premium downloads in the mix'],
      ['D1 templates rows', await count('templates'), templatesBefore, 'the seeded catalog, unchanged'],
    ];
    console.log('');
    for (const [what, actual, expected, why] of checks) {
      console.log(`${actual === expected ? 'ok  ' : 'FAIL'} ${what}: ${actual} (expected ${expected}: ${why})`);
      if (actual !== expected) exitCode = 1;
    }
  } finally {
    await proxy.dispose();
  }
} finally {
  await stack.stop();
}
process.exit(exitCode);
