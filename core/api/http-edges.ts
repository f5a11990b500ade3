/**
 * Requests whose framing no route should see, refused in the same words by the Pages forwarder and by the API Worker
 * before anything else runs (workers/api/src/index.ts, app/lib/forward-to-api.server.ts). What workerd refuses itself
 * before either runs is listed in docs/api.md.
 */

/** What both halves need of a request: a Request, or the test's stand-in for one a client sent raw. */
export interface FramedRequest {
  method: string;
  headers: Pick<Headers, 'get'>;
  body: unknown;
}

export const FRAMING_MESSAGES = {
  bodyOnRead: 'A GET or HEAD request cannot carry a body. Send it without one.',
  contentLength: 'The Content-Length header must be one whole number, sent once.',
} as const;

/**
 * The sentence for a 400 `bad_request`, or null when the request is well framed. A Content-Length sent twice reaches
 * the Worker as one comma-joined value ("5, 5"), which `Number` reads as NaN and every size check would then let by.
 */
export function framingProblem(request: FramedRequest): string | null {
  const length = request.headers.get('content-length');
  if (length !== null && !/^\d+$/.test(length)) return FRAMING_MESSAGES.contentLength;
  // A declared empty body is no body (some clients send Content-Length: 0 on every request).
  if ((request.method === 'GET' || request.method === 'HEAD') && request.body !== null && length !== '0')
    return FRAMING_MESSAGES.bodyOnRead;
  return null;
}

/** The next chunk of a body, or 'stalled' when none comes within `idleMs` (workerd waits for a stalled body forever). */
export async function readWithin<T>(
  reader: ReadableStreamDefaultReader<T>,
  idleMs: number,
): Promise<ReadableStreamReadResult<T> | 'stalled'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'stalled'>((resolve) => {
    timer = setTimeout(() => resolve('stalled'), idleMs);
  });
  try {
    return await Promise.race([reader.read(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long an answer waits for the rest of a body it did not need, reading and dropping it, before cutting it off. */
export const UNREAD_BODY_GRACE_MS = 1000;

/**
 * A body the answer did not need (a refusal before reading, or a route that takes none). Unless the client declared
 * more than `maxBytes`, what is still arriving is read and dropped for up to UNREAD_BODY_GRACE_MS first: an upload in
 * flight then ends as sent and the client reads the answer, where a connection closed under it is reset (workerd
 * waits only 64 KB or a second for an unread body) and the answer can be lost. Then, or at once, the rest is
 * cancelled.
 */
export async function dropUnreadBody(
  body: ReadableStream<Uint8Array>,
  declaredLength: string | null,
  maxBytes: number,
): Promise<void> {
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = body.getReader();
  } catch {
    return; // a route still holds it
  }
  if (declaredLength === null || Number(declaredLength) <= maxBytes) {
    const until = Date.now() + UNREAD_BODY_GRACE_MS;
    let dropped = 0;
    try {
      for (let left = UNREAD_BODY_GRACE_MS; left > 0 && dropped <= maxBytes; left = until - Date.now()) {
        const next = await readWithin(reader, left);
        if (next === 'stalled') break;
        if (next.done) return;
        dropped += next.value.byteLength;
      }
    } catch {
      return; // the client went away
    }
  }
  await reader.cancel().catch(() => undefined);
}
