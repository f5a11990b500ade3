/**
 * `npx tsx scripts/body-limit.ts [base URL] [--mode chunked|declared|stalled] [--mb 12] [--route /api/upload]
 * [--count 1]`: proves on a running stack (or the API Worker alone) that bodies the API will not read are answered
 * soon, with Node's own http client:
 * - `chunked` (the default): a too-large body sent chunked (no Content-Length) is answered 413 soon after it crosses
 *   the route's limit (time from crossing to the answer).
 * - `declared`: a body whose Content-Length is over the route's limit is answered 413 before it is read (time from
 *   the headers to the answer, and how much of the body had left by then); a client that keeps sending after the
 *   answer gets its connection closed.
 * - `stalled`: `--count` requests each declare a body under the limit, send a few bytes and stop; each is answered
 *   408 once nothing has arrived for the body read deadline (BODY_READ_IDLE_MS), and none is left open.
 * Exits non-zero when an answer is wrong or late (chunked and declared: one second; stalled: the deadline plus 5 s).
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { parseArgs } from 'node:util';
import { BODY_READ_IDLE_MS, MAX_JSON_BYTES, MAX_REQUEST_BYTES } from '../core/limits';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    mode: { type: 'string', default: 'chunked' },
    mb: { type: 'string', default: '12' },
    route: { type: 'string', default: '/api/upload' },
    count: { type: 'string', default: '1' },
  },
});
const base = new URL(positionals[0] ?? 'http://127.0.0.1:8788');
const route = values.route;
const total = Math.round(Number(values.mb) * 1024 * 1024);
const json = route === '/api/session' || route.startsWith('/api/generate');
const limit = json ? MAX_JSON_BYTES : MAX_REQUEST_BYTES;
const CHUNK = Buffer.alloc(64 * 1024, 0x41);
const boundary = '----memeforge-body-limit';
const head = Buffer.from(
  json
    ? '{"x":"'
    : `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
);
const contentType = json ? 'application/json' : `multipart/form-data; boundary=${boundary}`;
const mbOf = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

interface Outcome {
  status: number | null;
  body: string;
  connection: string | undefined;
  /** ms from sending the headers to the answer's headers, and to the socket's close. */
  answeredMs: number | null;
  closedMs: number;
  /** Body bytes written to the socket before the answer came. */
  sentBeforeAnswer: number;
  error: string | null;
}

/**
 * One POST with Node's http client. `send` writes the body (`write` honours back-pressure and stops once the answer
 * came, as browsers and curl stop an upload the server has refused).
 */
function post(
  headers: Record<string, string | number>,
  send: (write: (chunk: Buffer) => Promise<boolean>, req: ClientRequest) => Promise<void>,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const outcome: Outcome = {
      status: null,
      body: '',
      connection: undefined,
      answeredMs: null,
      closedMs: 0,
      sentBeforeAnswer: 0,
      error: null,
    };
    let sent = 0;
    const req = httpRequest({
      host: base.hostname,
      port: base.port,
      path: route,
      method: 'POST',
      headers: { 'content-type': contentType, ...headers },
    });
    req.on('response', (res: IncomingMessage) => {
      outcome.answeredMs = performance.now() - started;
      outcome.status = res.statusCode ?? null;
      outcome.connection = res.headers.connection;
      outcome.sentBeforeAnswer = sent;
      res.setEncoding('utf8');
      res.on('data', (d: string) => (outcome.body += d));
    });
    req.on('error', (err) => (outcome.error ??= err.message));
    req.on('close', () => {
      outcome.closedMs = performance.now() - started;
      resolve(outcome);
    });
    const write = (chunk: Buffer) =>
      new Promise<boolean>((ok) => {
        if (outcome.status !== null || req.destroyed) return ok(false);
        sent += chunk.byteLength;
        if (req.write(chunk)) ok(true);
        else req.once('drain', () => ok(true));
      });
    req.flushHeaders();
    void send(write, req);
  });
}

const describe = (o: Outcome) =>
  `${o.status ?? 'no answer'}${o.answeredMs === null ? '' : ` after ${Math.round(o.answeredMs)} ms`} (${mbOf(o.sentBeforeAnswer)} of the body sent by then), ` +
  `Connection: ${o.connection ?? '(none)'}, socket closed after ${Math.round(o.closedMs)} ms${o.error ? `, client error: ${o.error}` : ''}\n  ${o.body.slice(0, 160)}`;

async function chunked(): Promise<boolean> {
  let crossedAt: number | null = null;
  let sent = 0;
  const started = performance.now();
  const o = await post({ 'transfer-encoding': 'chunked' }, async (write, req) => {
    let open = await write(head);
    sent = head.byteLength;
    while (open && sent < total) {
      const chunk = CHUNK.subarray(0, Math.min(CHUNK.byteLength, total - sent));
      open = await write(chunk);
      sent += chunk.byteLength;
      if (crossedAt === null && sent > limit) crossedAt = performance.now();
    }
    if (open) req.end();
  });
  const afterLimit = crossedAt === null || o.answeredMs === null ? null : started + o.answeredMs - crossedAt;
  console.log(`${route} chunked ${values.mb} MB → ${describe(o)}`);
  console.log(
    `  ${afterLimit === null ? 'answered before the limit was crossed' : `${Math.round(afterLimit)} ms after crossing ${mbOf(limit)}`}`,
  );
  return o.status === 413 && (afterLimit === null || afterLimit < 1000);
}

async function declared(): Promise<boolean> {
  const o = await post({ 'content-length': total }, async (write, req) => {
    let sent = 0;
    while (sent < total && (await write(CHUNK.subarray(0, Math.min(CHUNK.byteLength, total - sent)))))
      sent += CHUNK.byteLength;
    if (sent >= total) req.end();
  });
  console.log(`${route} Content-Length ${values.mb} MB → ${describe(o)}`);
  return o.status === 413 && o.answeredMs !== null && o.answeredMs < 1000;
}

async function stalled(): Promise<boolean> {
  const count = Number(values.count);
  const started = performance.now();
  const open = new Set<number>();
  const at60: number[] = [];
  const check = setTimeout(() => at60.push(open.size), 60_000);
  const outcomes = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      open.add(i);
      return post({ 'content-length': total }, async (write) => {
        await write(head);
      }).finally(() => open.delete(i));
    }),
  );
  clearTimeout(check);
  const statuses = new Map<string, number>();
  for (const o of outcomes)
    statuses.set(String(o.status ?? o.error), (statuses.get(String(o.status ?? o.error)) ?? 0) + 1);
  const times = outcomes.map((o) => o.answeredMs ?? o.closedMs).sort((a, b) => a - b);
  console.log(
    `${route}: ${count} bodies declared ${values.mb} MB, ${head.byteLength} bytes sent → ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}; ` +
      `answered after ${Math.round(times[0]!)}–${Math.round(times.at(-1)!)} ms; all closed after ${Math.round(performance.now() - started)} ms` +
      `${at60.length ? `; ${at60[0]} still open at 60 s` : ''}`,
  );
  console.log(`  ${outcomes[0]!.body.slice(0, 160)}`);
  return outcomes.every((o) => o.status === 408) && times.at(-1)! < BODY_READ_IDLE_MS + 5000;
}

const modes: Record<string, () => Promise<boolean>> = { chunked, declared, stalled };
const run = modes[values.mode];
if (!run) throw new Error(`--mode must be one of ${Object.keys(modes).join(', ')}`);
process.exitCode = (await run()) ? 0 : 1;
