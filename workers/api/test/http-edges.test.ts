import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_BYTES, MAX_REQUEST_BYTES } from '../../../core/limits';
import { HTML_MAX_BODY_BYTES } from '../../../core/tools/html';
import { formatLimit } from '../src/http';
import { api, listKeys, pngDeclaring, premiumCookies, upload } from './helpers';

/** A body of `total` bytes sent as a stream (no Content-Length, like a chunked upload), counting what was pulled. */
function streamedBody(total: number, head = new Uint8Array()) {
  const state = { pulled: 0, crossedAt: 0 };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
      state.pulled = head.byteLength;
    },
    pull(controller) {
      if (state.pulled >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(64 * 1024, total - state.pulled)).fill(0x41);
      controller.enqueue(chunk);
      state.pulled += chunk.byteLength;
      if (!state.crossedAt && state.pulled > MAX_REQUEST_BYTES) state.crossedAt = performance.now();
    },
  });
  return { body, state };
}

describe('HEAD', () => {
  it('is answered wherever GET is, with GET\'s status and headers and no body', async () => {
    const health = await api('/api/health', { method: 'HEAD' });
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toContain('application/json');
    expect(await health.text()).toBe('');
    const uploaded = await (await upload(pngDeclaring(1, 1))).json<{ imageUrl: string }>();
    const image = await api(uploaded.imageUrl, { method: 'HEAD' });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await image.text()).toBe('');
    expect((await api('/api/templates', { method: 'HEAD' })).status).toBe(200);
    const missing = await api('/api/images/00000000000000000000000000000000', { method: 'HEAD' });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('');
  });
});

describe('JSON routes require application/json', () => {
  const jsonRoutes = ['/api/session', '/api/generate-image', '/api/generate-captions', '/api/download-meme', '/api/convert/html'];
  for (const path of jsonRoutes) {
    it(`${path}: text/plain and form bodies are 415, as a cross-site form would send them`, async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await api(path, { method: 'POST', headers: { 'content-type': type }, body: '{"prompt":"a cat","accessCode":"x"}' });
        expect(res.status).toBe(415);
        const body = await res.json<{ error: string; code: string }>();
        expect(body.code).toBe('unsupported_media_type');
        expect(body.error).toMatch(/JSON/);
      }
    });
  }

  it('spends no allowance on a text/plain generation', async () => {
    const ip = { 'cf-connecting-ip': '198.51.100.150' };
    const res = await api('/api/generate-image', { method: 'POST', headers: { ...ip, 'content-type': 'text/plain' }, body: '{"prompt":"a cat"}' });
    expect(res.status).toBe(415);
    expect(await (await api('/api/usage-limit', { headers: ip })).json()).toMatchObject({ used: 0 });
    const ok = await api('/api/generate-image', { method: 'POST', headers: { ...ip, 'content-type': 'application/json; charset=utf-8' }, body: '{"prompt":"a cat"}' });
    expect(ok.status).toBe(200);
  });
});

describe('too-large bodies', () => {
  it('names the real limit: 16 KB for a JSON body, 11.0 MB for a request', async () => {
    const json = await api('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"accessCode":"${'x'.repeat(MAX_JSON_BYTES)}"}` });
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({ error: 'The request is too large. The limit is 16 KB.', code: 'payload_too_large' });
  });

  it('refuses streamed bodies over the limit on the JSON routes the burst tests do not cover, naming the limit', async () => {
    const cookie = await premiumCookies('198.51.100.160');
    const cases: [string, Record<string, string>, number][] = [
      ['/api/convert/html', {}, HTML_MAX_BODY_BYTES],
      ['/api/keys', { cookie }, MAX_JSON_BYTES],
    ];
    for (const [path, headers, limit] of cases) {
      const { body } = streamedBody(limit + 64 * 1024);
      const res = await api(path, { method: 'POST', body, headers: { ...headers, 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
      expect(res.status, path).toBe(413);
      expect((await res.json<{ error: string }>()).error).toBe(`The request is too large. The limit is ${formatLimit(limit)}.`);
    }
    expect(formatLimit(HTML_MAX_BODY_BYTES)).toMatch(/^\d+\.\d MB$/);
  });

  it('answers a 12 MB chunked upload with 413 soon after it crosses the limit, and stores nothing', async () => {
    const before = await listKeys(env.BUCKET);
    const boundary = 'edge-test';
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    const { body, state } = streamedBody(12 * 1024 * 1024, head);
    const request = new Request('http://local/api/upload', {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(request.headers.get('content-length')).toBeNull();
    const res = await api('/api/upload', request);
    const answeredAt = performance.now();
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
    expect(state.crossedAt).toBeGreaterThan(0);
    // Read no further than the limit plus what was already in flight.
    expect(state.pulled).toBeLessThan(12 * 1024 * 1024);
    expect(answeredAt - state.crossedAt).toBeLessThan(1000);
    expect(await listKeys(env.BUCKET)).toEqual(before);
  });
});
