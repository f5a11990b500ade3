/**
 * The isolate's memory while the API stores the largest AI result (ADR 0114), measured by V8 itself:
 *   npx tsx bench/ai-result-memory.ts
 * Bundles bench/ai-result-memory/worker.ts, runs it in workerd (Miniflare, local R2) with the inspector open, and
 * samples `Runtime.getHeapUsage` (JavaScript heap + ArrayBuffer backing stores) every few milliseconds while one
 * 16 MP PNG result (61 MiB) is stored: as a stream (now) and read whole first (before). Each mode runs in a fresh
 * workerd started with --expose-gc; the Worker collects garbage every 1 MiB of result, so a sample is what is live. The Worker test `workers/api/test/isolate/ai-result-memory.test.ts` pins the same behaviour by counting bytes;
 * this prints what the isolate actually held.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';

const root = join(import.meta.dirname, '..');
// The Worker calls gc() as the result arrives, so the samples are live memory rather than uncollected garbage.
process.env.MINIFLARE_WORKERD_V8_FLAGS = '--expose-gc';
const MiB = (n: number) => (n / 1024 / 1024).toFixed(1);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const bundle = await build({
  entryPoints: [join(root, 'bench/ai-result-memory/worker.ts')],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  mainFields: ['module', 'main'],
  conditions: ['workerd', 'worker', 'browser'],
  write: false,
  logLevel: 'silent',
});
const script = bundle.outputFiles[0]!.text;

interface Usage {
  usedSize: number;
  backingStorageSize: number;
}

async function measure(mode: 'stream' | 'whole') {
  const inspectorPort = await freePort();
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      inspectorPort,
      name: 'bench',
      modules: true,
      script,
      compatibilityDate: '2026-11-01',
      r2Buckets: ['BUCKET'],
    }),
  );
  try {
    await mf.ready;
    const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as Array<{
      title: string;
      webSocketDebuggerUrl: string;
    }>;
    const target = targets.find((t) => t.title.includes('bench'));
    if (!target)
      throw new Error(`no inspector target for the bench Worker among ${targets.map((t) => t.title).join(', ')}`);
    const ws = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
    let id = 0;
    const waiting = new Map<number, (v: unknown) => void>();
    ws.addEventListener('message', (m) => {
      const d = JSON.parse(String(m.data)) as { id?: number; result?: unknown };
      if (d.id !== undefined) waiting.get(d.id)?.(d.result);
    });
    const send = <T>(method: string) =>
      new Promise<T>((resolve) => {
        const n = ++id;
        waiting.set(n, resolve as (v: unknown) => void);
        ws.send(JSON.stringify({ id: n, method }));
      });
    const usage = () => send<Usage>('Runtime.getHeapUsage');
    // Load the Worker's code, then read the resting figure (workerd's inspector does not answer HeapProfiler's
    // collectGarbage; the Worker collects its own, see worker.ts).
    await (await mf.dispatchFetch('http://bench/?mode=warm')).text();
    const rest = await usage();
    let peak = { total: 0, heap: 0, buffers: 0 };
    let samples = 0;
    let done = false;
    const sampling = (async () => {
      while (!done) {
        const u = await usage();
        samples++;
        const total = u.usedSize + u.backingStorageSize;
        if (total > peak.total) peak = { total, heap: u.usedSize, buffers: u.backingStorageSize };
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const answer = (await (await mf.dispatchFetch(`http://bench/?mode=${mode}`)).json()) as {
      size: number;
      ms: number;
    };
    done = true;
    await sampling;
    ws.close();
    return { mode, result: answer.size, ms: answer.ms, samples, rest: rest.usedSize + rest.backingStorageSize, peak };
  } finally {
    await mf.dispose();
  }
}

const rows = [await measure('stream'), await measure('whole')];
console.log('\nStoring a 16 MP PNG result (4000 × 4000 RGBA, uncompressed) from the Images binding to R2:\n');
console.log(
  '| how | result | isolate at rest | isolate peak (JS heap + ArrayBuffers) | of which ArrayBuffers | samples | time |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.mode === 'stream' ? 'streamed in 5 MiB parts (now)' : 'read whole, then put (before)'} | ${MiB(r.result)} MiB | ${MiB(r.rest)} MiB | ${MiB(r.peak.total)} MiB | ${MiB(r.peak.buffers)} MiB | ${r.samples} | ${r.ms} ms |`,
  );
}
