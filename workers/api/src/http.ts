import { formatBytes } from '../../../core/file-size';
import { readWithin } from '../../../core/api/http-edges';
import { BODY_READ_IDLE_MS, MAX_REQUEST_BYTES } from '../../../core/limits';
import { HttpError } from './errors';
import { concatBytes } from '../../../core/bytes';

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** `value` as a bare http(s) origin (a trailing slash allowed), or null. */
function bareOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return bare && (url.protocol === 'https:' || url.protocol === 'http:') ? url.origin : null;
  } catch {
    return null;
  }
}

const misconfigured = (name: string, value: string) =>
  new Error(
    `${name} must be the site's origin, such as https://memes.example.org, not ${JSON.stringify(value)} (workers/api/wrangler.toml, docs/deploy.md)`,
  );

/**
 * The site's origin as the operator configured it (SITE_ORIGIN: memeforge.config.ts through `npm run deploy`, npm
 * start's address locally; ADR 0155), never the request's Host: a client chooses its Host, and whatever the Worker
 * fetched from it would be the client's choice. The Worker reads the site's own files here. A missing or malformed
 * value is the operator's fault: a 500 internal_error, logged, never a guess.
 */
export function siteOrigin(env: Pick<Env, 'SITE_ORIGIN'>): string {
  const origin = bareOrigin(env.SITE_ORIGIN);
  if (!origin) throw misconfigured('SITE_ORIGIN', env.SITE_ORIGIN);
  return origin;
}

/**
 * Every name the site answers on: SITE_ORIGIN first, then SITE_ALIASES (space-separated origins the same site is
 * also served at: production's pages.dev address beside its domain, localhost beside 127.0.0.1).
 */
export function siteOrigins(env: Pick<Env, 'SITE_ORIGIN' | 'SITE_ALIASES'>): string[] {
  const aliases = env.SITE_ALIASES.split(/\s+/)
    .filter(Boolean)
    .map((alias) => {
      const origin = bareOrigin(alias);
      if (!origin) throw misconfigured('SITE_ALIASES', alias);
      return origin;
    });
  return [siteOrigin(env), ...aliases];
}

/**
 * The absolute address of a path on the site (`https://memeforge.example/api/images/…`): answers name stored pictures
 * this way so a client can fetch them as they are, wherever it runs (docs/api.md). On the name the request came in on
 * when that is one of the site's configured names (a page on the pages.dev address shows pictures from there, which its
 * `img-src 'self'` allows), else on SITE_ORIGIN: a Host the operator did not configure never appears in an answer
 * (ADR 0155).
 */
export function siteUrl(request: Request, env: Pick<Env, 'SITE_ORIGIN' | 'SITE_ALIASES'>, path: string): string {
  const asked = new URL(request.url).origin;
  const origins = siteOrigins(env);
  return new URL(path, origins.includes(asked) ? asked : origins[0]).href;
}

const tooLarge = (max: number) =>
  new HttpError(413, 'payload_too_large', `The request is too large. The limit is ${formatLimit(max)}.`);

/** Refuses a body whose declared length is over the limit before anything is read. */
export function assertDeclaredLength(request: Request, max = MAX_REQUEST_BYTES): void {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > max) throw tooLarge(max);
}

const stalled = (idleMs: number) =>
  new HttpError(
    408,
    'request_timeout',
    `The request body stopped arriving (nothing came for ${idleMs / 1000} seconds). Please send it again.`,
  );

/**
 * Reads a body to bytes, stopping as soon as it passes `max` (chunked bodies have no declared length), or when
 * nothing arrives for `idleMs` (the body read deadline, core/limits.ts). A stalled body is cancelled; the rest of one
 * over `max` is dropped by index.ts like any body a route did not read.
 */
export async function readBodyLimited(request: Request, max: number, idleMs = BODY_READ_IDLE_MS): Promise<Uint8Array> {
  assertDeclaredLength(request, max);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const next = await readWithin(reader, idleMs);
    if (next === 'stalled') {
      // Not awaited: a source that has stopped sending must not hold the answer too.
      void reader.cancel().catch(() => undefined);
      throw stalled(idleMs);
    }
    const { done, value } = next;
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      // Left unlocked, not cancelled: index.ts drops what is still arriving for a moment, as for any body no route
      // read, so a client still sending reads its 413 instead of a reset connection (ADR 0121).
      reader.releaseLock();
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  return concatBytes(chunks);
}

/**
 * Parses a JSON body of bounded size; malformed JSON is a 400, not a 500. Only `application/json` is read: a
 * cross-site HTML form can send text/plain or urlencoded bodies without a preflight, and must not spend anyone's
 * allowance or open a session.
 */
export async function readJson(request: Request, max: number): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Please send the request body as JSON (Content-Type: application/json).',
    );
  }
  const bytes = await readBodyLimited(request, max);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/** "11 MB", "16.4 KB": a limit in the product's one way of writing sizes (core/file-size.ts). */
export const formatLimit = formatBytes;
