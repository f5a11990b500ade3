/**
 * A picture named by `url` instead of sent (ADR 0131), end to end: the Worker's own fetch() goes out through
 * miniflare's outbound service to test/support/source-origin.ts, a Node server for test hosts that serves real corpus
 * files, redirects, slow, broken and oversized answers. Every way a url can be refused has a test here; the address
 * checker's spellings are unit-tested beside it (src/sources/address.test.ts).
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BOTH_SOURCES_MESSAGE, MISSING_SOURCE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '../../../../core/api/images';
import { MAX_UPLOAD_BYTES, SOURCE_DEADLINE_MS } from '../../../../core/limits';
import { FAKE_FAIL_MARKER } from '../../src/ai/fake';
import { fetchSource } from '../../src/sources/fetch-source';
import { HttpError } from '../../src/errors';
import { encode } from '../../src/imaging/codecs/encode';
import { api, listKeys } from '../helpers';
import { corpusFile, corpusIndex, type ToolBody } from '../support/corpus';
import { markedPng } from '../support/marked-png';
import { SOURCE_HOSTS } from '../support/source-origin';
import { syntheticPhoto } from '../support/synthetic';

const ORIGIN = `https://${SOURCE_HOSTS.pictures}`;
const JPEG = 'jpeg/testimages/testorig.jpg';
const PNG = 'formats/sample.png';
const corpusUrl = (path: string, host = ORIGIN) => `${host}/corpus?path=${encodeURIComponent(path)}`;
const corpus = await corpusIndex();

/** A multipart POST with `url` (and a file, when given) and the tool's fields. */
function byUrl(
  route: string,
  url: string | null,
  fields: Record<string, string | number> = {},
  init: { file?: Uint8Array; ip?: string } = {},
) {
  const form = new FormData();
  if (init.file) form.append('image', new File([init.file as Uint8Array<ArrayBuffer>], 'photo'));
  if (url !== null) form.append('url', url);
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  return api(`/api/${route}`, { method: 'POST', body: form, headers: init.ip ? { 'cf-connecting-ip': init.ip } : {} });
}

/** Every request the test hosts (and anything passing through) were sent whose URL contains `match`. */
const requested = async (match: string) =>
  (await fetch(`${ORIGIN}/__log?match=${encodeURIComponent(match)}`)).json<string[]>();

const errorOf = async (res: Response) => ({
  status: res.status,
  ...(await res.json<{ error: string; code: string }>()),
});

/** What an oversized answer had written when the Worker hung up on it (waits up to 2 s for the hang-up to arrive). */
async function hungUp(id: string): Promise<{ bytes: number; closed: boolean }> {
  for (let tries = 0; ; tries++) {
    const seen = await (await fetch(`${ORIGIN}/__written?id=${id}`)).json<{ bytes: number; closed: boolean }>();
    if (seen.closed || tries === 40) return (expect(seen).toMatchObject({ closed: true }), seen);
    await new Promise((done) => setTimeout(done, 50));
  }
}

const usedBy = async (ip: string) =>
  (await (await api('/api/usage-limit', { headers: { 'cf-connecting-ip': ip } })).json<{ used: number }>()).used;

describe.skipIf(corpus === null)('a picture named by url', () => {
  it('is stored by /api/upload exactly as the same file uploaded, its format read from the bytes (the header said text/plain)', async () => {
    const file = await corpusFile(JPEG);
    const uploaded = await byUrl('upload', null, {}, { file });
    const fetched = await byUrl('upload', corpusUrl(JPEG));
    expect(fetched.status).toBe(201);
    const [a, b] = [await uploaded.json<Record<string, unknown>>(), await fetched.json<Record<string, unknown>>()];
    expect(b).toMatchObject({ format: 'jpeg', width: a.width, height: a.height, size: file.length });
    // The bytes stored are the file's own.
    const key = (await listKeys(env.BUCKET)).find((k) =>
      k.endsWith(String(b.imageUrl).split('/').pop()!.split('-').pop()!),
    );
    expect(key).toBeDefined();
    expect(new Uint8Array(await (await env.BUCKET.get(key!))!.arrayBuffer())).toEqual(file);
  });

  it.each([
    ['optimize', { operation: 'compress', quality: 70 }],
    ['modify', { operation: 'rotate', angle: 90 }],
    ['convert', { format: 'webp' }],
    ['security', { operation: 'privacy' }],
  ] as const)('works on /api/%s like the uploaded file', async (route, fields) => {
    const file = await corpusFile(PNG);
    const a = await (await byUrl(route, null, fields, { file })).json<ToolBody>();
    const res = await byUrl(route, corpusUrl(PNG), fields);
    const b = await res.json<ToolBody>();
    expect(res.status, JSON.stringify(b)).toBe(200);
    expect(b).toMatchObject({
      format: a.format,
      width: a.width,
      height: a.height,
      size: a.size,
      originalSize: file.length,
    });
  });

  it('works on /api/analyze-metadata, which stores nothing', async () => {
    const before = await listKeys(env.BUCKET);
    const res = await byUrl('analyze-metadata', corpusUrl(JPEG));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(
      await (await byUrl('analyze-metadata', null, {}, { file: await corpusFile(JPEG) })).json(),
    );
    expect(await listKeys(env.BUCKET)).toEqual(before);
  });

  it('follows up to three redirects, relative or to another host, each hop asked once', async () => {
    const res = await byUrl('upload', `${ORIGIN}/chain?n=3&path=${encodeURIComponent(PNG)}&status=307&id=three`);
    expect(res.status).toBe(201);
    expect(await requested('id=three')).toHaveLength(4);
    const across = await byUrl(
      'upload',
      `${ORIGIN}/redirect?to=${encodeURIComponent(corpusUrl(PNG, `https://${SOURCE_HOSTS.other}`))}`,
    );
    expect(across.status).toBe(201);
  });

  it('answers 400 when both a file and a url are sent, or neither', async () => {
    const both = await byUrl('optimize', corpusUrl(PNG), { operation: 'compress' }, { file: await corpusFile(PNG) });
    expect(await errorOf(both)).toEqual({ status: 400, code: 'bad_request', error: BOTH_SOURCES_MESSAGE });
    const neither = await byUrl('convert', null, { format: 'png' });
    expect(await errorOf(neither)).toEqual({ status: 400, code: 'validation_failed', error: MISSING_SOURCE_MESSAGE });
    const empty = await byUrl('upload', '');
    expect(empty.status).toBe(400);
    expect(await requested('/corpus?path=formats%2Fsample.png&both')).toEqual([]);
  });

  it.each([
    ['a loopback address', 'http://127.0.0.1:8840/cat.png', /127\.0\.0\.1 is a loopback address/],
    ['a loopback address as one decimal number', 'http://2130706433/cat.png', /127\.0\.0\.1 is a loopback address/],
    ['a loopback address in hex and octal parts', 'http://0x7f.0.0.01/cat.png', /loopback/],
    ['IPv6 loopback', 'http://[::1]:8841/cat.png', /loopback/],
    ['an IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/cat.png', /loopback/],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', /link-local/],
    ['a private network', 'https://192.168.1.10/cat.png', /private/],
    ['a unique local IPv6 address', 'https://[fd12:3456::1]/cat.png', /unique local/],
    ['localhost', 'http://localhost:8842/cat.png', /local name/],
    ['localhost with two trailing dots', 'http://localhost..:8842/cat.png', /local name/],
    ['a loopback address with trailing dots', 'http://127.0.0.1../cat.png', /loopback/],
    ['a .localhost name', 'http://pictures.localhost/cat.png', /local name/],
    ['a .internal name', 'https://images.corp.internal/cat.png', /local name/],
    ['a single-label name', 'http://fileserver/cat.png', /single label/],
    ['credentials', `https://user:secret@${SOURCE_HOSTS.pictures}/cat.png`, /user name or password/],
    ['another scheme', `ftp://${SOURCE_HOSTS.pictures}/cat.png`, /not ftp/],
    ['a data URL', 'data:image/png;base64,iVBORw0KGgo=', /not data/],
    ['text that is no address', 'pictures.example.com/cat.png', /not a web address/],
  ])('refuses %s with 400 invalid_source_url and asks nothing', async (_what, url, message) => {
    const token = crypto.randomUUID();
    const res = await byUrl('optimize', url.replace('cat.png', `cat-${token}.png`), { operation: 'compress' });
    const body = await errorOf(res);
    expect(body).toMatchObject({ status: 400, code: 'invalid_source_url' });
    expect(body.error).toMatch(message);
    // The log holds every request the Worker sent anywhere, passed through or not.
    expect(await requested(token)).toEqual([]);
  });

  it.each([
    ['a loopback address', 'http://127.0.0.1:8843/admin'],
    ['an IPv4-mapped loopback written in hex', 'http://[::ffff:7f00:1]/admin'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a CGNAT address', 'http://100.64.0.1/'],
    ['localhost', 'http://localhost:8844/'],
    ['another scheme', 'file:///etc/passwd'],
  ])('refuses a redirect to %s with 422 source_failed, and does not follow it', async (_what, to) => {
    const id = crypto.randomUUID();
    const res = await byUrl('upload', `${ORIGIN}/redirect?id=${id}&to=${encodeURIComponent(to)}`);
    const body = await errorOf(res);
    expect(body).toMatchObject({
      status: 422,
      code: 'source_failed',
      error: expect.stringMatching(/redirected somewhere we do not fetch from/),
    });
    expect(await requested(id)).toHaveLength(1);
    expect((await requested('')).filter((u) => u.startsWith(to))).toEqual([]);
  });

  it('refuses a fourth redirect, and a redirect that says nowhere', async () => {
    const id = crypto.randomUUID();
    const res = await byUrl('upload', `${ORIGIN}/chain?n=4&path=${encodeURIComponent(PNG)}&id=${id}`);
    expect(await errorOf(res)).toMatchObject({
      status: 422,
      code: 'source_failed',
      error: expect.stringMatching(/more than 3 times/),
    });
    expect(await requested(id)).toHaveLength(4);
    const nowhere = await byUrl('upload', `${ORIGIN}/redirect`);
    expect(await errorOf(nowhere)).toMatchObject({
      status: 422,
      code: 'source_failed',
      error: expect.stringMatching(/without saying where/),
    });
  });

  it.each([
    [404, /answered 404 Not Found/],
    [403, /answered 403 Forbidden/],
    [503, /answered 503 Service Unavailable/],
  ])('names the status when the address answers %i (422 source_failed)', async (code, message) => {
    const res = await byUrl('convert', `${ORIGIN}/status?code=${code}`, { format: 'png' });
    expect(await errorOf(res)).toMatchObject({
      status: 422,
      code: 'source_failed',
      error: expect.stringMatching(message),
    });
  });

  it('refuses a page that is not a picture (sent as image/png) with the upload’s 415, and an empty body with its 400', async () => {
    const page = await byUrl('optimize', `${ORIGIN}/page`, { operation: 'compress' });
    expect(await errorOf(page)).toMatchObject({ status: 415, code: 'unsupported_media_type' });
    const empty = await byUrl('upload', `${ORIGIN}/empty`);
    expect(empty.status).toBe(400);
  });

  it('refuses a body declared over the upload limit with the upload’s 413, before reading it', async () => {
    const before = await listKeys(env.BUCKET);
    const id = crypto.randomUUID();
    const res = await byUrl('upload', `${ORIGIN}/too-large-declared?id=${id}`);
    expect(await errorOf(res)).toEqual({ status: 413, code: 'payload_too_large', error: UPLOAD_TOO_LARGE_MESSAGE });
    // What the origin got out before the Worker hung up is what the sockets between buffer (1–5 MB), not the body.
    expect((await hungUp(id)).bytes).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await listKeys(env.BUCKET)).toEqual(before);
  });

  it('stops reading a body with no length as soon as it passes the upload limit (413), though it never ends', async () => {
    const before = await listKeys(env.BUCKET);
    const id = crypto.randomUUID();
    const res = await byUrl('modify', `${ORIGIN}/too-large-chunked?id=${id}`, { operation: 'rotate', angle: 90 });
    expect(await errorOf(res)).toEqual({ status: 413, code: 'payload_too_large', error: UPLOAD_TOO_LARGE_MESSAGE });
    // The origin would go on to 80 MB: the Worker hangs up once it has the limit, and the origin has written that and
    // what the sockets between buffer (14–17 MB measured).
    const sent = await hungUp(id);
    expect(sent.bytes).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(sent.bytes).toBeLessThan(3 * MAX_UPLOAD_BYTES);
    expect(await listKeys(env.BUCKET)).toEqual(before);
  });

  it('answers 502 source_unreachable when the connection breaks before the picture arrives', async () => {
    const res = await byUrl('upload', `https://${SOURCE_HOSTS.down}/cat.png`);
    expect(await errorOf(res)).toMatchObject({
      status: 502,
      code: 'source_unreachable',
      error: expect.stringContaining(SOURCE_HOSTS.down),
    });
  });

  it(
    `answers 504 source_timeout when the address has not answered within ${SOURCE_DEADLINE_MS / 1000} s`,
    async () => {
      const started = Date.now();
      const res = await byUrl(
        'upload',
        `${ORIGIN}/slow-headers?ms=${SOURCE_DEADLINE_MS + 10_000}&path=${encodeURIComponent(PNG)}`,
      );
      expect(await errorOf(res)).toMatchObject({ status: 504, code: 'source_timeout' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(SOURCE_DEADLINE_MS - 50);
      expect(Date.now() - started).toBeLessThan(SOURCE_DEADLINE_MS + 5_000);
    },
    SOURCE_DEADLINE_MS + 20_000,
  );

  it('holds the deadline over a body that stops arriving, and over slow headers (a short deadline)', async () => {
    const slowBody = fetchSource(`${ORIGIN}/slow-body?ms=5000&path=${encodeURIComponent(PNG)}`, { deadlineMs: 300 });
    await expect(slowBody).rejects.toMatchObject({ status: 504, code: 'source_timeout' });
    const slowHeaders = fetchSource(`${ORIGIN}/slow-headers?ms=5000&path=${encodeURIComponent(PNG)}`, {
      deadlineMs: 300,
    });
    await expect(slowHeaders).rejects.toBeInstanceOf(HttpError);
    // Within the deadline, the same answers arrive whole.
    const ok = await fetchSource(`${ORIGIN}/slow-body?ms=50&path=${encodeURIComponent(PNG)}`, { deadlineMs: 5000 });
    expect(ok.bytes).toEqual(await corpusFile(PNG));
  });

  it('spends an AI unit only once the picture has arrived, and gives it back when the AI work fails', async () => {
    const ip = '203.0.113.131';
    const refused = await byUrl('optimize', `${ORIGIN}/status?code=404`, { operation: 'upscale', factor: 2 }, { ip });
    expect(refused.status).toBe(422);
    const slowRefused = await byUrl('optimize', 'http://[::1]/x.png', { operation: 'upscale', factor: 2 }, { ip });
    expect(slowRefused.status).toBe(400);
    expect(await usedBy(ip)).toBe(0);

    const png = await encode(syntheticPhoto(60, 40), 'png', { quality: 100 });
    const id = crypto.randomUUID();
    await fetch(`${ORIGIN}/__host?id=${id}`, {
      method: 'POST',
      body: markedPng(png, FAKE_FAIL_MARKER) as Uint8Array<ArrayBuffer>,
    });
    const before = await listKeys(env.BUCKET);
    const failing = await byUrl('optimize', `${ORIGIN}/hosted?id=${id}`, { operation: 'upscale', factor: 2 }, { ip });
    expect(await errorOf(failing)).toMatchObject({ status: 502, code: 'ai_upstream_error' });
    expect(await usedBy(ip)).toBe(0);
    expect(await listKeys(env.BUCKET)).toEqual(before);

    const good = crypto.randomUUID();
    await fetch(`${ORIGIN}/__host?id=${good}`, { method: 'POST', body: png as Uint8Array<ArrayBuffer> });
    const upscaled = await byUrl(
      'optimize',
      `${ORIGIN}/hosted?id=${good}`,
      { operation: 'upscale', factor: 2 },
      { ip },
    );
    expect(await upscaled.json()).toMatchObject({ width: 120, height: 80, operation: 'upscale' });
    expect(await usedBy(ip)).toBe(1);
  });
});
