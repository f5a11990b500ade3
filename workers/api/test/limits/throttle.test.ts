import { env, exports } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../../core/api/errors';
import { MAX_JSON_BYTES, MAX_REQUEST_BYTES, RATE_LIMITS_PER_MINUTE } from '../../../../core/limits';
import { api, awayFromMinuteBoundary, cookiesFrom, listKeys, pngDeclaring, uploadForm } from '../helpers';

const ip = (n: number) => ({ 'cf-connecting-ip': `203.0.113.${n}` });
const emptyForm = () => new FormData();

async function send(path: string, headers: Record<string, string>, body: BodyInit = emptyForm()) {
  return api(path, { method: 'POST', body, headers });
}

describe('per-visitor rate limits', () => {
  beforeEach(awayFromMinuteBoundary, 20_000);
  it('answers the 61st tool request in a minute from one IP with 429, Retry-After and the JSON error', async () => {
    const limit = RATE_LIMITS_PER_MINUTE.tools;
    // Fresh cookies on every request: the IP key alone still counts them.
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await send('/api/convert', ip(1))).status);
    expect(statuses.every((s) => s === 400)).toBe(true);
    const refused = await send('/api/convert', ip(1));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = apiErrorSchema.parse(await refused.json());
    expect(body.code).toBe('rate_limited');
    expect(body.error).toContain(`${retryAfter} seconds`);
    // All tool routes share the budget; uploads and other visitors have their own.
    expect((await send('/api/modify', ip(1))).status).toBe(429);
    expect((await send('/api/upload', ip(1))).status).toBe(400);
    expect((await send('/api/convert', ip(2))).status).toBe(400);
  });

  it('counts a visitor by cookie across IP addresses', async () => {
    const first = await send('/api/analyze-metadata', ip(10));
    const cookie = cookiesFrom(first);
    expect(cookie).toMatch(/^mf_vid=/);
    for (let i = 1; i < RATE_LIMITS_PER_MINUTE.tools; i++) {
      const res = await send('/api/analyze-metadata', { ...ip(11 + (i % 50)), cookie });
      expect(res.status).toBe(400);
      // The cookie is minted once, not on every answer.
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect((await send('/api/security', { ...ip(99), cookie })).status).toBe(429);
  });

  it('refuses an upload over the limit without storing anything', async () => {
    const headers = ip(120);
    for (let i = 0; i < RATE_LIMITS_PER_MINUTE.upload; i++) await send('/api/upload', headers);
    const before = await listKeys(env.BUCKET);
    const res = await send('/api/upload', headers, uploadForm(pngDeclaring(1, 1)));
    expect(res.status).toBe(429);
    expect(await listKeys(env.BUCKET)).toEqual(before);
  });

  it('limits AI generation more tightly and gives the one visitor cookie to the handler', async () => {
    const headers = { ...ip(130), 'content-type': 'application/json' };
    const first = await send('/api/generate-image', headers, JSON.stringify({ prompt: '' }));
    expect(first.status).toBe(400);
    // One visitor cookie, not one from the throttle and another from the handler.
    expect(first.headers.getSetCookie().filter((c) => c.startsWith('mf_vid='))).toHaveLength(1);
    for (let i = 1; i < RATE_LIMITS_PER_MINUTE['generate-image']; i++) await send('/api/generate-image', headers, '{}');
    const refused = await send('/api/generate-image', headers, JSON.stringify({ prompt: 'a cat' }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('does not share one network budget among local clients, whatever CF-Connecting-IP they claim (ADR 0109)', async () => {
    // Straight to the Worker with its local environment: the header is the client's own, and is not counted.
    const local = (claimed: string) =>
      exports.default.fetch(
        new Request('http://local/api/convert', {
          method: 'POST',
          body: emptyForm(),
          headers: { 'cf-connecting-ip': claimed },
        }),
      );
    for (let i = 0; i <= RATE_LIMITS_PER_MINUTE.tools; i++) {
      expect((await local(i % 2 ? '127.0.0.1' : '203.0.113.200')).status).toBe(400);
    }
  });

  it('leaves cheap reads unthrottled', async () => {
    for (let i = 0; i < 70; i++) expect((await api('/api/usage-limit', { headers: ip(140) })).status).toBe(200);
  });
});

/** A body with no declared length that streams `size` bytes. */
function stream(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(64 * 1024, size - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x20));
    },
  });
}

describe('request body limits on every route that reads a body', () => {
  const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
  const jsonType = { 'content-type': 'application/json' };
  const cases: [string, Record<string, string>, number][] = [
    ['/api/upload', multipart, MAX_REQUEST_BYTES],
    ['/api/optimize', multipart, MAX_REQUEST_BYTES],
    ['/api/modify', multipart, MAX_REQUEST_BYTES],
    ['/api/convert', multipart, MAX_REQUEST_BYTES],
    ['/api/security', multipart, MAX_REQUEST_BYTES],
    ['/api/analyze-metadata', multipart, MAX_REQUEST_BYTES],
    ['/api/generate-image', jsonType, MAX_JSON_BYTES],
    ['/api/generate-captions', jsonType, MAX_JSON_BYTES],
    ['/api/session', jsonType, MAX_JSON_BYTES],
  ];
  for (const [path, type, limit] of cases) {
    it(`${path}: a streamed body over ${limit} bytes is 413`, async () => {
      const res = await api(path, {
        method: 'POST',
        body: stream(limit + 1),
        headers: { ...type, ...ip(200) },
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(apiErrorSchema.parse(await res.json()).code).toBe('payload_too_large');
    });
  }

  it('/api/download-meme: a body over its limit is 413', async () => {
    const res = await api('/api/download-meme', {
      method: 'POST',
      body: stream(17 * 1024 * 1024 - 1),
      headers: jsonType,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('any route refuses a declared length over the largest body before running; a GET may declare none at all', async () => {
    const declared = { 'content-length': String(18 * 1024 * 1024) };
    const post = await api('/api/download-meme', {
      method: 'POST',
      body: stream(10),
      headers: { ...jsonType, ...declared },
      duplex: 'half',
    } as RequestInit);
    expect(post.status).toBe(413);
    const get = await api('/api/health', { headers: declared });
    expect(get.status).toBe(400);
    expect(apiErrorSchema.parse(await get.json()).code).toBe('bad_request');
  });
});
