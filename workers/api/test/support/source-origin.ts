/**
 * Node side of test/routes/source-url.test.ts: the Worker's outbound fetch (miniflare's `outboundService`, wired in
 * vitest.config.ts as a Node HTTP handler) reaches this server. Requests to the test hosts below are answered here as
 * a picture host on the public internet would answer: real corpus files (with a Content-Type that lies, so only the
 * bytes can tell), redirects, slow, broken and oversized answers, errors, written to a real socket with its
 * backpressure. Every request is logged (GET /__log on a test host reads the log), so a test can prove what was never
 * asked for. Any other host passes through to the network as it did before, the Worker's redirect mode kept.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES } from '../../../../core/limits';

/** The hosts answered here. Public-looking names, so the Worker's address checks let them through. */
export const SOURCE_HOSTS = {
  pictures: 'pictures.example.com',
  other: 'cdn.example.org',
  down: 'down.example.net',
} as const;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHUNK = 64 * 1024;
/** A hard stop for the endless answers, so a Worker that never stops reading cannot fill this machine's memory. */
const ENDLESS_STOP = 8 * MAX_UPLOAD_BYTES;

const log: string[] = [];
/** What each oversized answer wrote before the Worker hung up (by the request's `id` query). */
const written = new Map<string, { bytes: number; closed: boolean }>();
/** Bytes a test hosts here (a picture marked for the fake AI provider, say), read back at /hosted. */
const hosted = new Map<string, Buffer>();

const wait = (ms: number, res: ServerResponse) =>
  new Promise<void>((done) => {
    const timer = setTimeout(done, ms);
    res.once('close', () => (clearTimeout(timer), done()));
  });

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Zeros after a PNG signature, `total` bytes (declared, when `declare`) or without end, at the socket's pace. */
async function writeLarge(res: ServerResponse, id: string, total: number | null, declare: boolean) {
  const count = { bytes: 0, closed: false };
  written.set(id, count);
  res.once('close', () => (count.closed = true));
  res.writeHead(200, {
    'content-type': 'image/png',
    ...(declare && total !== null ? { 'content-length': String(total) } : {}),
  });
  const limit = Math.min(total ?? Infinity, ENDLESS_STOP);
  while (count.bytes < limit && !count.closed) {
    const chunk = Buffer.alloc(Math.min(CHUNK, limit - count.bytes));
    if (count.bytes === 0) chunk.set(PNG_SIGNATURE);
    count.bytes += chunk.length;
    if (!res.write(chunk)) await new Promise((done) => (res.once('drain', done), res.once('close', done)));
  }
  res.end();
}

export function sourceOrigin(corpusRoot: string) {
  const root = resolve(corpusRoot);
  const corpusBytes = (path: string) => {
    const file = resolve(root, path);
    if (!file.startsWith(root + '/')) throw new Error('outside the corpus');
    return readFile(file);
  };
  const sendBytes = (res: ServerResponse, bytes: Buffer, type = 'text/plain') =>
    res.writeHead(200, { 'content-type': type, 'content-length': String(bytes.length) }).end(bytes);

  async function answer(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const q = url.searchParams;
    const id = q.get('id') ?? '';
    const path = q.get('path') ?? '';
    if (url.hostname === SOURCE_HOSTS.down) {
      // The connection breaks before any answer: what a refused or reset connection looks like to the Worker.
      req.socket.destroy();
      return;
    }
    switch (url.pathname) {
      case '/__log':
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(log.filter((u) => u.includes(q.get('match') ?? ''))));
        return;
      case '/__written':
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(written.get(id) ?? null));
        return;
      case '/__host':
        hosted.set(id, await readBody(req));
        res.writeHead(204).end();
        return;
      case '/hosted':
        if (hosted.has(id)) sendBytes(res, hosted.get(id)!, 'application/octet-stream');
        else res.writeHead(404).end('not hosted');
        return;
      case '/corpus':
        sendBytes(res, await corpusBytes(path), q.get('type') ?? 'text/plain');
        return;
      case '/chain': {
        // `n` more redirects, then the corpus file (relative Locations, as most servers send).
        const n = Number(q.get('n') ?? '0');
        if (n <= 0) {
          sendBytes(res, await corpusBytes(path));
          return;
        }
        const next = new URLSearchParams(q);
        next.set('n', String(n - 1));
        res.writeHead(Number(q.get('status') ?? '302'), { location: `/chain?${next}` }).end();
        return;
      }
      case '/redirect':
        // To any address the test names, absolute (a private one, say) or not.
        res.writeHead(302, q.has('to') ? { location: q.get('to')! } : {}).end();
        return;
      case '/status':
        res.writeHead(Number(q.get('code')), { 'content-type': 'text/html' }).end(`<h1>${q.get('code')}</h1>`);
        return;
      case '/page':
        res.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><title>Not a picture</title><p>Hello');
        return;
      case '/empty':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': '0' }).end();
        return;
      case '/slow-headers':
        await wait(Number(q.get('ms') ?? '1000'), res);
        if (!res.destroyed) sendBytes(res, await corpusBytes(path));
        return;
      case '/slow-body': {
        // The first bytes of the file at once, the rest after `ms`.
        const bytes = await corpusBytes(path);
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(bytes.subarray(0, 64));
        await wait(Number(q.get('ms') ?? '1000'), res);
        if (!res.destroyed) res.end(bytes.subarray(64));
        return;
      }
      case '/too-large-declared':
        return writeLarge(res, id, MAX_UPLOAD_BYTES + 1, true);
      case '/too-large-chunked':
        return writeLarge(res, id, null, false);
      default:
        res.writeHead(404).end('no such test resource');
    }
  }

  /** Anything not for a test host goes out as it would without this service. */
  async function passThrough(req: IncomingMessage, res: ServerResponse, url: URL) {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !k.startsWith('mf-')),
    ) as Record<string, string>;
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(await readBody(req));
    const out = await fetch(url, { method: req.method, headers, body, redirect: 'manual' });
    res.writeHead(out.status, Object.fromEntries(out.headers));
    if (out.body) Readable.fromWeb(out.body as never).pipe(res);
    else res.end();
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    // workerd sends the path and the Host header (the scheme does not reach this handler).
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'unknown'}`);
    const forTest = (Object.values(SOURCE_HOSTS) as string[]).includes(url.hostname);
    // The test's own questions to this service are not what the Worker asked for.
    if (!(forTest && url.pathname.startsWith('/__'))) log.push(url.href);
    if (!forTest) {
      // A host that cannot be reached stays unreachable: the Worker's fetch fails, rather than getting an answer.
      return passThrough(req, res, url).catch(() => req.socket.destroy());
    }
    return answer(req, res, url).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  };
  return { node: handler };
}
