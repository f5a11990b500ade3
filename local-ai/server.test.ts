import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_UNAVAILABLE } from './background';
import { createAiServer, MAX_BODY_BYTES } from './server';

// The HTTP surface of the local AI service with its fast paths: validation, errors and the preview card.
// The models themselves are checked in models.test.ts.
const server = createAiServer();
let base = '';

beforeAll(async () => {
  process.env.LOCAL_AI_BG_PORT ??= '9';
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, body: BodyInit, type = 'image/png') =>
  fetch(`${base}${path}`, { method: 'POST', body, headers: { 'content-type': type } });

describe('local AI service (HTTP)', () => {
  it('answers its health check', async () => {
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true });
  });

  it('draws the offline preview card with the prompt as a 768 px PNG', async () => {
    const res = await post(
      '/preview-card',
      JSON.stringify({ prompt: 'a dog <b>surfing</b> & smiling' }),
      'application/json',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 768, height: 768 });
  });

  it.each([
    ['no JSON', 'nope'],
    ['an empty prompt', JSON.stringify({ prompt: '   ' })],
    ['a prompt over 2000 characters', JSON.stringify({ prompt: 'x'.repeat(2001) })],
  ])('refuses a preview card with %s (400)', async (_what, body) => {
    const res = await post('/preview-card', body, 'application/json');
    expect(res.status).toBe(400);
    expect(await res.json()).toHaveProperty('error');
  });

  it('refuses bytes that are not an image with 422 and a readable message', async () => {
    const res = await post('/faces', 'definitely not an image');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toMatch(/could not be read/);
  });

  it('refuses an empty body (400), a bad factor (400) and an unknown route (404)', async () => {
    expect((await post('/people', '')).status).toBe(400);
    expect((await post('/upscale?factor=5', 'x')).status).toBe(400);
    expect((await post('/nope', 'x')).status).toBe(404);
  });

  it('refuses an unknown result format or quality, and a JPEG cut-out, with 400 before any work', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    for (const path of [
      '/upscale?factor=2&format=gif',
      '/upscale?factor=2&format=webp&quality=0',
      '/upscale?factor=2&format=jpeg&quality=high',
      '/remove-background?format=jpeg',
    ]) {
      const res = await post(path, png);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/format|quality|transparency/);
    }
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await post('/faces', new Uint8Array(MAX_BODY_BYTES + 1));
    expect(res.status).toBe(413);
  });

  it('refuses to upscale an image over the size limit with 413 before running the model', async () => {
    const wide = await sharp({ create: { width: 2100, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const res = await post('/upscale?factor=2', wide);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/2048 pixels/);
  });

  it('answers 503 with a clear message when the background-removal program is not running', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const res = await post('/remove-background', png);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: BACKGROUND_UNAVAILABLE });
  });
});
