/**
 * Fetches the picture a request names by `url` instead of sending it (ADR 0131). Every hop is checked before it is
 * asked (sources/address.ts), redirects are followed here rather than by fetch so that each one is, the body is
 * counted as it arrives against the upload's byte limit, and one deadline covers the whole fetch. The bytes go on to
 * the same intake as an uploaded file, which reads their format from the bytes themselves.
 */
import { UPLOAD_TOO_LARGE_MESSAGE } from '../../../../core/api/images';
import { MAX_UPLOAD_BYTES, SOURCE_DEADLINE_MS, SOURCE_MAX_REDIRECTS } from '../../../../core/limits';
import { HttpError } from '../errors';
import { parseSourceUrl, sourceRefusal } from './address';
import { concatBytes } from '../../../../core/bytes';

export interface SourceOptions {
  deadlineMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export interface FetchedSource {
  bytes: Uint8Array;
  /** The last part of the path the bytes came from (after redirects), for a name. */
  filename: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Reason phrases for the statuses a picture address most often answers (HTTP/2 sends none of its own). */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  410: 'Gone',
  429: 'Too Many Requests',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const statusWords = (res: Response) => {
  const reason = REASONS[res.status] ?? res.statusText;
  return reason ? `${res.status} ${reason}` : String(res.status);
};

export const invalidSourceUrl = (message: string) => new HttpError(400, 'invalid_source_url', message);
const sourceFailed = (message: string) => new HttpError(422, 'source_failed', message);
const tooLarge = () => new HttpError(413, 'payload_too_large', UPLOAD_TOO_LARGE_MESSAGE);
const timedOut = (ms: number) =>
  new HttpError(
    504,
    'source_timeout',
    `The picture's address did not send it within ${ms / 1000} seconds. Try again later, or upload the file.`,
  );

class Deadline {
  readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly passed: Promise<'passed'>;
  hit = false;

  constructor(readonly ms: number) {
    let fire!: () => void;
    this.passed = new Promise((resolve) => (fire = () => resolve('passed')));
    this.timer = setTimeout(() => {
      this.hit = true;
      this.controller.abort(new DOMException('The source deadline passed.', 'TimeoutError'));
      fire();
    }, ms);
  }

  /** `work`, or the deadline's 504 if it passes first. */
  async race<T>(work: Promise<T>): Promise<T> {
    const outcome = await Promise.race([work, this.passed]);
    if (outcome === 'passed') {
      work.catch(() => undefined);
      throw timedOut(this.ms);
    }
    return outcome as T;
  }

  clear() {
    clearTimeout(this.timer);
  }
}

/** The picture at `raw`, or the 4xx/5xx that says why not. Nothing is stored; the caller takes the bytes in. */
export async function fetchSource(raw: string, options: SourceOptions = {}): Promise<FetchedSource> {
  const { deadlineMs = SOURCE_DEADLINE_MS, maxBytes = MAX_UPLOAD_BYTES, maxRedirects = SOURCE_MAX_REDIRECTS } = options;
  const parsed = parseSourceUrl(raw);
  if ('refusal' in parsed) throw invalidSourceUrl(parsed.refusal);
  const deadline = new Deadline(deadlineMs);
  let url = parsed.url;
  try {
    for (let redirects = 0; ; redirects++) {
      const res = await deadline.race(ask(url, deadline.controller.signal));
      if (REDIRECTS.has(res.status)) {
        void res.body?.cancel().catch(() => undefined);
        if (redirects >= maxRedirects)
          throw sourceFailed(
            `The picture's address redirected more than ${maxRedirects} times; send the address it ends at.`,
          );
        url = nextHop(url, res.headers.get('location'));
        continue;
      }
      if (!res.ok) {
        void res.body?.cancel().catch(() => undefined);
        throw sourceFailed(`The picture's address answered ${statusWords(res)}, not the picture.`);
      }
      const bytes = await readCounted(res, maxBytes, deadline);
      return { bytes, filename: filenameOf(url) };
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (deadline.hit) throw timedOut(deadlineMs);
    // A name that does not resolve, a refused connection, a broken TLS handshake, a connection lost mid-body.
    console.warn('source fetch failed', url.host, err instanceof Error ? err.message : String(err));
    throw new HttpError(
      502,
      'source_unreachable',
      `The connection to ${url.host} failed before the picture arrived. Check the address, or try again later.`,
    );
  } finally {
    deadline.clear();
  }
}

function ask(url: URL, signal: AbortSignal): Promise<Response> {
  return fetch(url, {
    redirect: 'manual',
    signal,
    headers: { accept: 'image/*', 'user-agent': 'Memeforge (fetches a picture a user asked for by its address)' },
  });
}

/** Where a redirect leads, checked like the address itself was. */
function nextHop(from: URL, location: string | null): URL {
  if (!location) throw sourceFailed("The picture's address answered a redirect without saying where to.");
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw sourceFailed("The picture's address redirected to something that is not a web address.");
  }
  const refusal = sourceRefusal(next);
  if (refusal) throw sourceFailed(`The picture's address redirected somewhere we do not fetch from: ${refusal}`);
  return next;
}

/** The body, refused with the upload's 413 as soon as its declared length or its count passes `maxBytes`. */
async function readCounted(res: Response, maxBytes: number, deadline: Deadline): Promise<Uint8Array> {
  const declared = res.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) {
    void res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await deadline.race(reader.read());
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge();
      chunks.push(value);
    }
  } catch (err) {
    void reader.cancel().catch(() => undefined);
    throw err;
  }
  return concatBytes(chunks);
}

function filenameOf(url: URL): string {
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last) || 'picture';
  } catch {
    return last || 'picture';
  }
}
