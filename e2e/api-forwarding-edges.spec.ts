import net from 'node:net';
import { expect, test } from './fixtures';
import { BASE_URL } from '../playwright.config';
import { FRAMING_MESSAGES } from '../core/api/http-edges';
import { BODY_READ_IDLE_MS } from '../core/limits';

// Requests no browser API can send, written on a socket to the site origin: the Pages forwarder and the API Worker
// behind it must answer each in our JSON words (ADR 0121), never with the runtime's plain-text 500 and stack trace.

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** ms from sending to the first byte of the answer. */
  ms: number;
}

/** Sends `head` (and `body`) and reads the answer; the socket is left to the server to close. */
function raw(head: string, body = '', waitMs = 10_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(BASE_URL);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByte = 0;
    let text = '';
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(head.replaceAll('\n', '\r\n') + '\r\n' + body),
    );
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${waitMs} ms: ${JSON.stringify(text.slice(0, 200))}`));
    }, waitMs);
    socket.on('data', (chunk) => {
      firstByte ||= performance.now() - started;
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length'] ?? NaN);
      let payload = text.slice(end + 4);
      if (headers['transfer-encoding'] === 'chunked') {
        if (!payload.endsWith('0\r\n\r\n')) return;
        payload = payload
          .replace(/(^|\r\n)[0-9a-f]+\r\n/g, '$1')
          .replace(/\r\n\r\n$/, '')
          .replace(/\r\n/g, '');
      } else if (!Number.isNaN(length) && payload.length < length) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: payload, ms: firstByte });
    });
    socket.on('error', (err) => (text ? undefined : reject(err)));
  });
}

const jsonError = (answer: RawAnswer) => {
  expect(answer.headers['content-type']).toContain('application/json');
  return JSON.parse(answer.body) as { error: string; code: string };
};

test('a GET or HEAD with a body is a 400 in our words, not a stack trace', async () => {
  const get = await raw('GET /api/health HTTP/1.1\nHost: x\nContent-Length: 5\nConnection: close\n', 'hello');
  expect(get.status).toBe(400);
  expect(jsonError(get)).toEqual({ error: FRAMING_MESSAGES.bodyOnRead, code: 'bad_request' });
  const head = await raw('HEAD /api/templates HTTP/1.1\nHost: x\nContent-Length: 5\nConnection: close\n', 'hello');
  expect(head.status).toBe(400);
  expect(head.headers['content-type']).toContain('application/json');
});

test('a Content-Length sent twice is read as one when the values agree, and refused when they do not', async () => {
  // workerd merges equal values before our code runs, so the route answers as usual (in JSON) …
  const same = await raw(
    'POST /api/session HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 2\nContent-Length: 2\nConnection: close\n',
    '{}',
  );
  expect(same.status).toBe(400);
  expect(jsonError(same).code).toBe('validation_failed');
  // … and refuses different ones itself, in its plain-text 400 (docs/api.md): never a 500 or a stack trace.
  const different = await raw(
    'POST /api/session HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 2\nContent-Length: 3\nConnection: close\n',
    '{}',
  );
  expect(different.status).toBe(400);
  expect(different.body).not.toMatch(/at .*\.(ts|js):\d+/);
});

test('TRACE and other methods a route does not take are 405 with Allow; an absolute-form target reaches the route', async () => {
  const trace = await raw('TRACE /api/health HTTP/1.1\nHost: x\nConnection: close\n');
  expect(trace.status).toBe(405);
  expect(trace.headers.allow).toBe('GET, HEAD');
  expect(jsonError(trace).code).toBe('method_not_allowed');
  const put = await raw('PUT /api/upload HTTP/1.1\nHost: x\nContent-Length: 0\nConnection: close\n');
  expect(put.status).toBe(405);
  expect(put.headers.allow).toBe('POST');
  const absolute = await raw(`GET ${BASE_URL}/api/no-such-route HTTP/1.1\nHost: x\nConnection: close\n`);
  expect(absolute.status).toBe(404);
  expect(jsonError(absolute).code).toBe('not_found');
});

test('a path with an empty segment or a raw < is the API’s JSON, and a page’s 404 page, never an empty 404 or plain text', async () => {
  for (const path of ['/api//health', '/api/templates//x', '/api//']) {
    const answer = await raw(`GET ${path} HTTP/1.1\nHost: x\nConnection: close\n`);
    expect(answer.status, path).toBe(404);
    expect(jsonError(answer)).toMatchObject({ code: 'not_found' });
  }
  const angle = await raw('GET /api/he<alth HTTP/1.1\nHost: x\nConnection: close\n');
  expect(angle.status).toBe(404);
  expect(jsonError(angle).code).toBe('not_found');
  const page = await raw('GET //about HTTP/1.1\nHost: x\nConnection: close\n');
  expect(page.status).toBe(404);
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.body).toContain('<html');
});

test('a declared body over the limit is refused at once, even when it never comes', async () => {
  const answer = await raw(
    `POST /api/upload HTTP/1.1\nHost: x\nContent-Type: multipart/form-data; boundary=x\nContent-Length: ${100 * 1024 * 1024}\n`,
    '--x\r\n',
  );
  expect(answer.status).toBe(413);
  expect(jsonError(answer).code).toBe('payload_too_large');
  expect(answer.ms).toBeLessThan(1000);
});

test('a body that stops arriving is answered 408 once nothing came for the read deadline', async () => {
  test.setTimeout(BODY_READ_IDLE_MS + 30_000);
  const answer = await raw(
    'POST /api/session HTTP/1.1\nHost: x\nContent-Type: application/json\nContent-Length: 1000\n',
    '{"accessCode":"',
    BODY_READ_IDLE_MS + 20_000,
  );
  expect(answer.status).toBe(408);
  expect(jsonError(answer).code).toBe('request_timeout');
  expect(answer.ms).toBeGreaterThanOrEqual(BODY_READ_IDLE_MS - 1000);
});
