import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '../../core/limits';
import { freePort, percentEncodedTarget, startFrontDoor, WedgeWatch, withOneContentLength } from './front-door';

const HOST = '127.0.0.1';
let upstream: Server;
let door: Server;
let base = '';
/** Requests the front door was told of, and how many of them it said had ended. */
const told = { began: 0, ended: 0 };

/** What the stand-in for wrangler saw: the first body chunk's arrival, a request closed before its answer ended. */
const seen = { firstChunk: null as null | (() => void), closedEarly: null as null | (() => void), bodyBytes: 0 };
let release: () => void = () => undefined;

/** Stands in for wrangler: its own plain-text failures, the API's JSON, a page with two cookies, streams both ways. */
function handle(req: IncomingMessage, res: ServerResponse) {
  if (req.url === '/api/restarted') {
    res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '0' });
    res.end(
      'Your worker restarted mid-request. Please try sending the request again. Only GET or HEAD requests are retried automatically.',
    );
  } else if (req.url === '/api/busy') {
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: 'The image service is busy.', code: 'image_service_unavailable' }));
  } else if (req.url === '/api/echo') {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.writeHead(
        201,
        [
          ['content-type', 'text/plain'],
          ['set-cookie', 'a=1'],
          ['set-cookie', 'b=2'],
        ].flat(),
      );
      res.end(`${req.method} ${req.headers.host} ${body}`);
    });
  } else if (req.url === '/api/upload') {
    // Answers when the first chunk is here, before the client has sent the rest: nothing is gathered in between.
    req.once('data', () => seen.firstChunk?.());
    req.on('end', () => res.end('done'));
  } else if (req.url === '/api/too-large') {
    // The Worker's 413 from the declared length, before a byte of the body is read (ADR 0121).
    res.writeHead(413, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'too large', code: 'payload_too_large' }));
  } else if (req.url?.startsWith('/api/target')) {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(req.url);
  } else if (req.url === '/api/refuses-unread') {
    // As workerd does with a body it refused unread: the 413, then a reset once body bytes arrive, which can drop
    // the 413 on its way back. `seen.bodyBytes` counts what reached it.
    res.writeHead(413, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'The request is too large. The limit is 17 MB.', code: 'payload_too_large' }));
    req.on('data', (c: Buffer) => {
      seen.bodyBytes += c.length;
      req.socket.resetAndDestroy();
    });
  } else if (req.url === '/api/counts') {
    // Reads every byte it is given, then says how many: what the Worker would count before its streamed 413.
    let bytes = 0;
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      res.writeHead(413, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'too large', code: 'payload_too_large', bytes }));
    });
  } else if (req.url === '/api/events') {
    // An SSE job: the first event, then the rest only when the test says so.
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('event: phase\ndata: {"phase":"queued"}\n\n');
    release = () => res.end('event: result\ndata: {}\n\n');
    res.on('close', () => {
      if (!res.writableFinished) seen.closedEarly?.();
    });
  } else if (req.url === '/api/cut') {
    // The connection lost halfway through an answer (wrangler restarted).
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '100' });
    res.write('x'.repeat(10), () => setTimeout(() => res.socket?.destroy(), 20));
  } else {
    res.writeHead(500, { 'content-type': 'text/html' });
    res.end('<h1>page error</h1>');
  }
}

beforeAll(async () => {
  upstream = createServer(handle);
  await new Promise<void>((r) => upstream.listen(0, HOST, r));
  const port = await freePort(HOST);
  door = await startFrontDoor({
    host: HOST,
    port,
    upstreamPort: (upstream.address() as AddressInfo).port,
    onRequest: () => {
      told.began++;
      return () => told.ended++;
    },
  });
  base = `http://${HOST}:${port}`;
});
afterAll(async () => {
  door.closeAllConnections();
  upstream.closeAllConnections();
  await new Promise((r) => door.close(r));
  await new Promise((r) => upstream.close(r));
});

/** Writes `text` on a socket to the front door and gives back what came back until the socket closed. */
function raw(text: string, port = Number(new URL(base).port)): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answer = '';
    let firstByte = 0;
    const socket = connect(port, HOST, () => socket.write(text));
    socket.on('data', (c) => {
      firstByte ||= performance.now() - started;
      answer += c.toString('latin1');
      const end = answer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = /content-length: (\d+)/i.exec(answer.slice(0, end));
      if (length ? answer.length - end - 4 >= Number(length[1]) : answer.endsWith('\r\n0\r\n\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve({ answer, ms: firstByte }));
    socket.on('error', reject);
    setTimeout(() => socket.destroy(), 5000);
  });
}

describe('the local front door', () => {
  it('answers wrangler’s plain-text "worker restarted" 503 under /api/ as our JSON, status and Retry-After kept', async () => {
    const res = await fetch(`${base}/api/restarted`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('retry-after')).toBe('0');
    expect(await res.json()).toMatchObject({ code: 'api_unavailable', error: expect.stringContaining('try again') });
  });

  it('passes the API’s own JSON 503 and everything else through unchanged: method, Host, body, both cookies', async () => {
    const busy = await fetch(`${base}/api/busy`);
    expect([busy.status, await busy.json()]).toEqual([
      503,
      { error: 'The image service is busy.', code: 'image_service_unavailable' },
    ]);
    const echo = await fetch(`${base}/api/echo`, { method: 'PUT', body: 'picture bytes' });
    expect(echo.status).toBe(201);
    expect(echo.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await echo.text()).toBe(`PUT ${new URL(base).host} picture bytes`);
    const page = await fetch(`${base}/somewhere`);
    expect([page.status, await page.text()]).toEqual([500, '<h1>page error</h1>']);
  });

  it('streams an upload on as it arrives: wrangler has the first chunk while the client is still sending', async () => {
    const arrived = new Promise<void>((r) => (seen.firstChunk = r));
    let finish: () => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(64 * 1024));
        // The rest is sent only once the first chunk reached the other side: a front door that gathered the body
        // first would wait here for ever (and the test time out).
        await new Promise<void>((r) => (finish = r));
        controller.enqueue(new Uint8Array(64 * 1024));
        controller.close();
      },
    });
    const answer = fetch(`${base}/api/upload`, { method: 'POST', body, duplex: 'half' } as RequestInit);
    await arrived;
    finish();
    expect(await (await answer).text()).toBe('done');
  });

  it('streams an SSE answer: the first event reaches the client before the job has ended, and a client gone ends it upstream', async () => {
    const res = await fetch(`${base}/api/events`, { headers: { accept: 'text/event-stream' } });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"queued"');
    release();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toContain('event: result');

    const closed = new Promise<void>((r) => (seen.closedEarly = r));
    const cancel = new AbortController();
    const again = await fetch(`${base}/api/events`, { signal: cancel.signal });
    await again.body!.getReader().read();
    cancel.abort();
    await closed;
  });

  it('keeps the 413 wrangler gives before the body: answered at once while the declared 100 MB never comes', async () => {
    const { answer, ms } = await raw(
      `POST /api/too-large HTTP/1.1\r\nHost: x\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n--x\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('payload_too_large');
    expect(ms).toBeLessThan(1000);
  });

  it('answers a 40 MB body really sent with the Worker’s 413 five times out of five: the head goes on alone, the body is dropped here', {
    timeout: 60_000,
  }, async () => {
    const body = new Uint8Array(40 * 1024 * 1024);
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/api/refuses-unread`, { method: 'POST', body });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
    }
    expect(seen.bodyBytes).toBe(0);
  });

  it('ends a body with no declared length one byte past what any route takes, and drops the rest the client sends', {
    timeout: 60_000,
  }, async () => {
    const size = MAX_BODY_BYTES + 3 * 1024 * 1024;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let at = 0; at < size; at += 1 << 20) c.enqueue(new Uint8Array(Math.min(1 << 20, size - at)));
        c.close();
      },
    });
    const res = await fetch(`${base}/api/counts`, { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large', bytes: MAX_BODY_BYTES + 1 });
  });

  it('cuts the client’s answer off when wrangler’s is cut off, so it never looks complete', async () => {
    await expect(fetch(`${base}/api/cut`).then((r) => r.arrayBuffer())).rejects.toThrow();
  });

  it('hands a target with raw <, >, quotes or braces on percent-encoded, as Cloudflare’s edge does, so the Worker answers in its words', async () => {
    // Node's parser takes these raw (a space or a non-ASCII byte it refuses itself, in our JSON: see below).
    const { answer } = await raw('GET /api/target/<script>"x"{|}^`\\ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('\r\n/api/target/%3Cscript%3E%22x%22%7B%7C%7D%5E%60%5C\r\n');
    expect(percentEncodedTarget('/a é')).toBe('/a%20%E9');
    expect(percentEncodedTarget('/api/memes/drake/a%20b/c.png?width=300&x=[1]')).toBe(
      '/api/memes/drake/a%20b/c.png?width=300&x=[1]',
    );
  });

  it('hands a Content-Length sent twice with one value to wrangler as one; refuses disagreeing ones with our JSON 400', async () => {
    const same = await raw(
      `POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi`,
    );
    expect(same.answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(same.answer).toContain('POST x hi');
    const different = await raw(
      `POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nhi`,
    );
    expect(different.answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(different.answer.slice(different.answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      code: 'bad_request',
    });
    expect(
      withOneContentLength(
        Buffer.from('POST / HTTP/1.1\r\ncontent-length: 1\r\nContent-Length: 1\r\n\r\nx'),
      )?.toString(),
    ).toBe('POST / HTTP/1.1\r\ncontent-length: 1\r\n\r\nx');
  });

  it('tells of each request when it comes in and once when its answer ends, a streamed one only at its end', async () => {
    const before = { ...told };
    await (await fetch(`${base}/api/busy`)).text();
    expect([told.began - before.began, told.ended - before.ended]).toEqual([1, 1]);
    const events = await fetch(`${base}/api/events`);
    const reader = events.body!.getReader();
    await reader.read();
    expect([told.began - before.began, told.ended - before.ended]).toEqual([2, 1]);
    release();
    while (!(await reader.read()).done);
    await vi.waitFor(() => expect(told.ended - before.ended).toBe(2));
  });

  it('answers 503 JSON under /api/ (plain text elsewhere) while nothing listens behind it', async () => {
    const port = await freePort(HOST);
    const orphan = await startFrontDoor({ host: HOST, port, upstreamPort: await freePort(HOST) });
    try {
      const api = await fetch(`http://${HOST}:${port}/api/health`);
      expect(api.status).toBe(503);
      expect(await api.json()).toMatchObject({ code: 'api_unavailable' });
      const page = await fetch(`http://${HOST}:${port}/`);
      expect([page.status, await page.text()]).toEqual([503, expect.stringContaining('restarting')]);
    } finally {
      await new Promise((r) => orphan.close(r));
    }
  });
});

describe('the wedge watch', () => {
  afterEach(() => vi.useRealTimers());

  function watch(answers: () => boolean) {
    vi.useFakeTimers();
    const restarts: number[] = [];
    const wedge = new WedgeWatch({
      probeMs: 10_000,
      wedgedAfterMs: 90_000,
      probe: () => (answers() ? Promise.resolve(true) : new Promise<boolean>(() => undefined)),
      restart: async (silentMs) => void restarts.push(silentMs),
    });
    wedge.start();
    return { wedge, restarts };
  }

  it('restarts wrangler once when the Worker answered nothing for 90 s, and watches again only once it is ready', async () => {
    const { wedge, restarts } = watch(() => false);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(restarts).toEqual([]); // not ready yet: a wrangler still building is not wedged
    wedge.ready();
    await vi.advanceTimersByTimeAsync(80_000);
    expect(restarts).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(restarts).toEqual([90_000]);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(restarts).toHaveLength(1); // the new wrangler has not said it is ready
    wedge.stop();
  });

  it('never restarts a Worker that answers, however slowly the rest goes', async () => {
    const { wedge, restarts } = watch(() => true);
    wedge.ready();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(restarts).toEqual([]);
    wedge.stop();
  });
});
