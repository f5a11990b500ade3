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
  if ((request.method === 'GET' || request.method === 'HEAD') && request.body !== null && length !== '0') return FRAMING_MESSAGES.bodyOnRead;
  return null;
}

/** The next chunk of a body, or 'stalled' when none comes within `idleMs` (workerd waits for a stalled body forever). */
export async function readWithin<T>(reader: ReadableStreamDefaultReader<T>, idleMs: number): Promise<ReadableStreamReadResult<T> | 'stalled'> {
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
