/**
 * `npx tsx scripts/body-limit.ts [base URL] [--mb 12] [--route /api/upload]`: proves on a running stack that a
 * too-large body sent chunked (no Content-Length) is answered 413 soon after it crosses the route's limit. Node's
 * fetch with a ReadableStream body and `duplex: 'half'` sends `Transfer-Encoding: chunked`. Prints the time from
 * the moment more than the limit had been handed to the socket to the 413, and exits non-zero past one second.
 */
import { parseArgs } from 'node:util';
import { MAX_JSON_BYTES, MAX_REQUEST_BYTES } from '../core/limits';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { mb: { type: 'string', default: '12' }, route: { type: 'string', default: '/api/upload' } },
});
const base = positionals[0] ?? 'http://127.0.0.1:8788';
const route = values.route;
const total = Number(values.mb) * 1024 * 1024;
const path = new URL(route, base).pathname;
const json = path === '/api/session' || path.startsWith('/api/generate');
const limit = json ? MAX_JSON_BYTES : MAX_REQUEST_BYTES;
const CHUNK = 64 * 1024;

const boundary = '----memeforge-body-limit';
const head = new TextEncoder().encode(
  json ? '{"x":"' : `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
);

let sent = 0;
let crossedAt: number | null = null;
const started = performance.now();
const body = new ReadableStream<Uint8Array>({
  start(controller) {
    controller.enqueue(head);
    sent += head.byteLength;
  },
  // Pull-based: a chunk is produced only when the socket has taken the previous one, so `sent` is what left us.
  async pull(controller) {
    if (sent >= total) return controller.close();
    const chunk = new Uint8Array(Math.min(CHUNK, total - sent)).fill(0x41);
    controller.enqueue(chunk);
    sent += chunk.byteLength;
    if (crossedAt === null && sent > limit) crossedAt = performance.now();
  },
});

const controller = new AbortController();
const timeout = setTimeout(() => controller.abort(), 30_000);
try {
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    body,
    duplex: 'half',
    signal: controller.signal,
    headers: { 'content-type': json ? 'application/json' : `multipart/form-data; boundary=${boundary}` },
  } as RequestInit & { duplex: 'half' });
  const answeredAt = performance.now();
  const text = await res.text();
  const afterLimit = crossedAt === null ? null : answeredAt - crossedAt;
  console.log(
    `${route} chunked ${values.mb} MB → ${res.status} after ${Math.round(answeredAt - started)} ms; ` +
      `${(sent / 1048576).toFixed(1)} MB sent; ${afterLimit === null ? 'before the limit was crossed' : `${Math.round(afterLimit)} ms after crossing ${(limit / 1048576).toFixed(2)} MB`}`,
  );
  console.log(`  ${text.slice(0, 200)}`);
  process.exitCode = res.status === 413 && (afterLimit === null || afterLimit < 1000) ? 0 : 1;
} catch (err) {
  console.error(`${route}: no answer (${err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? "")}` : String(err)}) after ${Math.round(performance.now() - started)} ms, ${(sent / 1048576).toFixed(1)} MB sent`);
  process.exitCode = 1;
} finally {
  clearTimeout(timeout);
}
