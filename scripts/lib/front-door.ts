/**
 * The local stack's front door (ADR 0122): a small HTTP proxy on the stack's port in front of `wrangler pages dev`,
 * which listens on a private port behind it. Everything passes through as it is, streamed both ways, except what only
 * the local dev server says: wrangler's own proxy answers a POST whose connection to the Worker was lost with a
 * plain-text 503 "Your worker restarted mid-request", and miniflare a plain-text 500 "Network connection lost". The
 * API's answers are always JSON, so a 5xx under /api/ that is not JSON is wrangler's, and is answered here as our JSON
 * with the same status; so is a request that finds wrangler not listening (restarting). Production has neither
 * proxy, and the Pages forwarder does the same for what the API binding answers there (forward-to-api.server.ts).
 */
import {
  createServer,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import { pipeline } from 'node:stream';
import { MAX_BODY_BYTES } from '../../core/limits';

export const RESTARTED_MESSAGE =
  'The API could not answer this time (it was stopped or restarted while working). Please try again in a moment.';

const json = (res: ServerResponse, status: number, headers: Record<string, string> = {}) => {
  const body = JSON.stringify({ error: RESTARTED_MESSAGE, code: 'api_unavailable' });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
};

/** Whether the answer is the dev server's own 5xx rather than the API's: under /api/, a 5xx that is not JSON. */
export const isDevServerFailure = (path: string, status: number, contentType: string | undefined) =>
  path.startsWith('/api/') && status >= 500 && !(contentType ?? '').startsWith('application/json');

/**
 * The request target with every byte a URL may not hold raw (RFC 3986: space, `<`, `>`, `"`, `{`, `|`, non-ASCII…)
 * percent-encoded. Node's parser lets them by and workerd refuses them with a plain-text 400 "invalid URI" before our
 * code runs; Cloudflare's edge encodes them (URL normalization) and the Worker answers in its own JSON.
 */
export function percentEncodedTarget(target: string): string {
  return target.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/g, (ch) =>
    [...Buffer.from(ch, 'latin1')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

/** A declared body over what any API route takes (MAX_BODY_BYTES), which the Worker refuses before reading it. */
export const declaresOverLimit = (length: string | undefined) =>
  length !== undefined && /^\d+$/.test(length) && Number(length) > MAX_BODY_BYTES;

/**
 * The request's bytes with a Content-Length sent more than once kept once, when every copy says the same; null when
 * they disagree (or the head is not all there), which is refused.
 */
export function withOneContentLength(raw: Buffer): Buffer | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const lines = raw.subarray(0, end).toString('latin1').split('\r\n');
  const isLength = (line: string) => /^content-length\s*:/i.test(line);
  const values = new Set(lines.filter(isLength).map((line) => line.slice(line.indexOf(':') + 1).trim()));
  if (values.size !== 1) return null;
  const first = lines.findIndex(isLength);
  const head = lines.filter((line, i) => !isLength(line) || i === first).join('\r\n');
  return Buffer.concat([Buffer.from(head, 'latin1'), raw.subarray(end)]);
}

/** A port nothing listens on now, for wrangler to take behind the front door. */
export async function freePort(host: string): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The answer's headers without the hop-by-hop ones of wrangler's connection (RFC 9110 §7.6.1): its `Connection: close`
 * would close the client's connection while the client may still be sending a body it was refused, losing the answer.
 */
function endToEnd(rawHeaders: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!/^(connection|keep-alive)$/i.test(rawHeaders[i]!)) kept.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  return kept;
}

/**
 * Streams the body on as it arrives, ending it after `most` bytes. A body with no declared length that runs past
 * what any route takes is refused by the Worker once it has counted past the limit, and the rest would be unread
 * bytes that workerd answers with a reset (see above); cut at one byte over, the Worker has read it all and still
 * refuses it for its size, the same 413. What the client sends beyond that is read here and dropped.
 */
function forwardUpTo(req: IncomingMessage, upstream: ClientRequest, most: number): void {
  let sent = 0;
  let cut = false;
  req.on('data', (chunk: Buffer) => {
    if (cut) return;
    if (sent + chunk.length >= most) {
      cut = true;
      upstream.end(chunk.subarray(0, most - sent));
      return;
    }
    sent += chunk.length;
    if (!upstream.write(chunk)) req.pause();
  });
  upstream.on('drain', () => req.resume());
  req.on('end', () => {
    if (!cut) upstream.end();
  });
  req.on('error', () => upstream.destroy());
}

/**
 * `onRequest`: told of each request as it comes in; what it answers is called once its answer has ended or its client
 * has gone (the stack's idle recycle counts requests with it, scripts/lib/idle-recycle.ts).
 */
export function startFrontDoor(options: {
  host: string;
  port: number;
  upstreamPort: number;
  onRequest?: () => () => void;
  /** Answers what it can without wrangler (the static files, scripts/lib/static-assets.ts) and says whether it did. */
  serveStatic?: (req: IncomingMessage, res: ServerResponse) => boolean;
}): Promise<Server> {
  const { host, port, upstreamPort, onRequest, serveStatic } = options;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (onRequest) res.once('close', onRequest());
    if (serveStatic?.(req, res)) return;
    const path = percentEncodedTarget(req.url ?? '/');
    // The API refuses this body from its declared length alone (ADR 0121) and never reads it; workerd then resets a
    // connection that still holds unread bytes, and a reset can drop the 413 on its way back, which the client saw as
    // a 503 "restarted" or a closed connection. So the head goes on alone, on a connection of its own that is closed
    // after the answer (the server would take the next request for the promised body), the Worker's own 413 comes
    // back, and the client's body is read here and dropped so it can read that answer (in production the edge delivers
    // the Worker's answer; nothing like wrangler's reset stands between them).
    const headOnly = path.startsWith('/api/') && declaresOverLimit(req.headers['content-length']);
    const headers = headOnly ? { ...req.headers, connection: 'close' } : req.headers;
    const upstream = httpRequest(
      { host, port: upstreamPort, method: req.method, path, headers, agent: headOnly ? false : undefined },
      (answer) => {
        const status = answer.statusCode ?? 502;
        if (isDevServerFailure(path, status, answer.headers['content-type'])) {
          answer.resume();
          json(
            res,
            status,
            answer.headers['retry-after'] ? { 'retry-after': String(answer.headers['retry-after']) } : {},
          );
          return;
        }
        res.writeHead(status, answer.statusMessage, endToEnd(answer.rawHeaders));
        // Streamed as it comes (an SSE job's events, a download); an answer cut off upstream cuts the client's off too,
        // so it never looks complete, and a client gone stops the answer upstream.
        pipeline(answer, res, () => undefined);
      },
    );
    upstream.on('error', () => {
      // wrangler is not listening (starting, reloading or restarting) or dropped the connection.
      if (res.headersSent) {
        if (!res.writableEnded) res.destroy();
      } else if (path.startsWith('/api/')) json(res, 503, { 'retry-after': '2' });
      else {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '2' });
        res.end('The local server is restarting. Please reload in a moment.');
      }
    });
    if (headOnly) {
      upstream.end();
      req.resume();
    } else if (path.startsWith('/api/')) forwardUpTo(req, upstream, MAX_BODY_BYTES + 1);
    // The body is streamed as it arrives, never gathered here: the Worker's own limits (413 from a declared length
    // before a byte is read, 408 when the body stops coming; ADR 0121) see the client's pace.
    else req.pipe(upstream);
    // The client went away: stop the request to wrangler too, so the Worker sees the cancel (ADR 0105).
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
  });
  // Node's parser is stricter than workerd's: a Content-Length sent twice with the same value, which workerd reads as
  // one, is handed to wrangler as it came (with one of the two), byte for byte. Anything else Node cannot read is
  // refused in the API's words, never with a bare socket close.
  server.on('clientError', (err: Error & { code?: string; rawPacket?: Buffer }, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const mended =
      err.code === 'HPE_UNEXPECTED_CONTENT_LENGTH' && err.rawPacket ? withOneContentLength(err.rawPacket) : null;
    if (mended) {
      const upstream = connect(upstreamPort, host, () => {
        upstream.write(mended);
        socket.pipe(upstream).pipe(socket);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
      return;
    }
    const [status, reason, body] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [
            431,
            'Request Header Fields Too Large',
            { error: 'The request headers are too large to read.', code: 'bad_request' },
          ]
        : [400, 'Bad Request', { error: 'This request is malformed and cannot be read.', code: 'bad_request' }];
    const text = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
    );
  });
  // Long jobs stream progress for minutes: no idle timeout of our own.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  server.keepAliveTimeout = 5000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

export interface WedgeWatchOptions {
  /** Asks the Worker once; true when it answered at all (any status), false when it did not (in time). */
  probe: () => Promise<boolean>;
  /** Stops wrangler and starts it again; `ready()` is called again once the new one says it is ready. */
  restart: (silentMs: number) => Promise<void>;
  probeMs: number;
  wedgedAfterMs: number;
  now?: () => number;
}

/**
 * Restarts wrangler when its Worker has answered nothing for `wedgedAfterMs` (ADR 0122): an isolate held by a loop that
 * never ends answers nothing, for good, locally (workerd has no CPU limit there). Watched only between `ready()`
 * (wrangler said it is ready) and a restart: a wrangler still building is never counted as wedged.
 */
export class WedgeWatch {
  /** When the Worker last answered; 0 while wrangler is starting (not watched). */
  private lastAnswer = 0;
  private restarting = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly options: WedgeWatchOptions) {
    this.now = options.now ?? Date.now;
  }

  ready(): void {
    this.lastAnswer = this.now();
  }

  starting(): void {
    this.lastAnswer = 0;
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.probeMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One probe; and a restart when nothing has answered for too long. */
  async tick(): Promise<void> {
    if (this.restarting || this.lastAnswer === 0) return;
    // Not awaited: a wedged Worker holds the probe for its whole timeout, and the next tick must still run.
    void this.options.probe().then((answered) => {
      if (answered && this.lastAnswer !== 0) this.lastAnswer = this.now();
    });
    const silent = this.now() - this.lastAnswer;
    if (silent < this.options.wedgedAfterMs) return;
    this.restarting = true;
    this.lastAnswer = 0;
    try {
      await this.options.restart(silent);
    } finally {
      this.restarting = false;
    }
  }
}
