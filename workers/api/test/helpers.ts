import { createExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { RATE_LIMIT_WINDOW_MS } from '../../../core/limits';
import worker from '../src/index';
import { pngChunk, pngOf, u32be } from './support/png-chunks';

/**
 * The Worker's environment behind Cloudflare's edge (wrangler.toml's production CLIENT_ADDRESS): there the edge sets
 * CF-Connecting-IP, and the Worker trusts it. The test environment, like `npm start`, trusts no such header (ADR 0109).
 */
export const edgeEnv: Env = { ...env, CLIENT_ADDRESS: 'cf-connecting-ip' };

/** The site the tests' requests are addressed to: answers name stored pictures under it (`http://local/api/images/…`). */
export const TEST_ORIGIN = 'http://local';

/**
 * A request to the Worker, at a path or at an absolute address an answer gave. One that carries CF-Connecting-IP plays
 * a request arriving through the edge, which is the only place that header means anything; everything else is a local
 * request.
 */
export function api(path: string, init?: RequestInit): Promise<Response> {
  const request = new Request(new URL(path, TEST_ORIGIN), init);
  if (!request.headers.has('cf-connecting-ip')) return exports.default.fetch(request);
  return Promise.resolve(
    worker.fetch!(request as Parameters<NonNullable<typeof worker.fetch>>[0], edgeEnv, createExecutionContext()),
  );
}

export function uploadForm(bytes: BlobPart, name = 'image.png', type = 'image/png', field = 'image'): FormData {
  const form = new FormData();
  form.append(field, new File([bytes], name, { type }));
  return form;
}

export const upload = (bytes: BlobPart, name?: string, type?: string, headers: HeadersInit = {}) =>
  api('/api/upload', { method: 'POST', body: uploadForm(bytes, name, type), headers });

/**
 * A PNG that declares any size. Small ones carry real (black) pixel data, since uploads are decoded; huge ones only
 * one row of one pixel, enough for the header checks that refuse them before anything is decoded.
 */
export function pngDeclaring(width: number, height: number): Uint8Array<ArrayBuffer> {
  return pngOf(
    pngChunk('IHDR', [...u32be(width), ...u32be(height), 8, 0, 0, 0, 0]),
    pngChunk('IDAT', width * height <= 16_384 ? blackRows(width, height) : ONE_PIXEL),
    pngChunk('IEND'),
  );
}

/** zlib stream of a single filtered row of one black pixel ("\0\0"), stored uncompressed. */
const ONE_PIXEL = [0x78, 0x01, 0x01, 0x02, 0x00, 0xfd, 0xff, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01];

/** Every row: filter byte 0, then `width` zero bytes, in one stored deflate block with its Adler-32. */
function blackRows(width: number, height: number): number[] {
  const length = height * (width + 1);
  // Adler-32 of zeros: a stays 1, b adds a once per byte.
  const adler = ((length % 65521) << 16) | 1;
  return [
    0x78,
    0x01,
    0x01,
    length & 255,
    length >> 8,
    ~length & 255,
    (~length >> 8) & 255,
    ...new Array<number>(length).fill(0),
    ...u32be(adler >>> 0),
  ];
}

export async function listKeys(bucket: R2Bucket, prefix = ''): Promise<string[]> {
  const listing = await bucket.list({ prefix });
  return listing.objects.map((o) => o.key);
}

/** `name=value; name2=value2` from a response's Set-Cookie headers, merged over an existing Cookie header. */
export function cookiesFrom(res: Response, previous = ''): string {
  const jar = new Map(
    previous
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const),
  );
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
  return [...jar]
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

export const ACCESS_CODE = 'test-access-code';

/** Opens a premium session from `ip` and answers the Cookie header that carries it. */
export async function premiumCookies(ip: string): Promise<string> {
  const res = await api('/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify({ accessCode: ACCESS_CODE }),
  });
  if (res.status !== 200) throw new Error(`could not open a session: ${res.status}`);
  return cookiesFrom(res);
}

export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/**
 * Burst limits count in fixed windows aligned to the wall clock (the Rate Limiting binding's, locally miniflare's):
 * a test that spends a whole budget and then expects a 429 must not straddle two windows, or the budget renews
 * halfway and the refusal never comes. This waits for the next window when fewer than 10 s of this one are left,
 * which is far more than a burst of 60 requests takes on a loaded two-core machine (a 2 s margin once was not: CI).
 */
export async function awayFromMinuteBoundary(): Promise<void> {
  const left = RATE_LIMIT_WINDOW_MS - (Date.now() % RATE_LIMIT_WINDOW_MS);
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 50));
}
