import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MISSING_SOURCE_MESSAGE, uploadResponseSchema } from '../../../../core/api/images';
import { MAX_UPLOAD_BYTES } from '../../../../core/limits';
import { api, listKeys, pngDeclaring, upload } from '../helpers';

describe('POST /api/upload', () => {
  it('stores a valid PNG and answers its size, format and expiry', async () => {
    const before = Date.now();
    const res = await upload(pngDeclaring(1, 1), 'dot.png');
    expect(res.status).toBe(201);
    const body = uploadResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ width: 1, height: 1, format: 'png', size: pngDeclaring(1, 1).length });
    // The stored image's absolute address on the site that asked (docs/api.md).
    expect(body.imageUrl).toMatch(/^http:\/\/local\/api\/images\/t[0-9a-z]+-[0-9a-f]{32}$/);
    const ttl = Date.parse(body.expiresAt) - before;
    expect(ttl).toBeGreaterThan(3590_000);
    expect(ttl).toBeLessThan(3610_000);
  });

  it('refuses a 12 MB upload with 413 and keeps nothing in R2', async () => {
    const stored = await listKeys(env.BUCKET);
    const big = new Uint8Array(12 * 1024 * 1024);
    big.set(pngDeclaring(1, 1));
    const res = await upload(big, 'big.png');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Please upload an image smaller than 10MB.', code: 'payload_too_large' });
    expect(await listKeys(env.BUCKET)).toEqual(stored);
  });

  it('refuses a file just over 10 MB even when the whole body fits the request limit', async () => {
    const res = await upload(new Uint8Array(MAX_UPLOAD_BYTES + 1), 'just-over.png');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'Please upload an image smaller than 10MB.' });
  });

  it('refuses a chunked body over the limit while streaming (no declared length)', async () => {
    const stored = await listKeys(env.BUCKET);
    const form = new Request('http://x', {
      method: 'POST',
      body: (() => {
        const f = new FormData();
        f.append('image', new File([new Uint8Array(12 * 1024 * 1024)], 'a.png'));
        return f;
      })(),
    });
    const type = form.headers.get('content-type')!;
    const res = await api('/api/upload', {
      method: 'POST',
      body: form.body,
      headers: { 'content-type': type },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await listKeys(env.BUCKET)).toEqual(stored);
  });

  it('refuses a text file named cat.png sent as image/png with 415', async () => {
    const res = await upload('this is not a picture of a cat', 'cat.png', 'image/png');
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: 'Please upload an image file (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC).',
      code: 'unsupported_media_type',
    });
  });

  it('refuses an SVG with 415 whatever it is called', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expect((await upload(svg, 'x.png', 'image/png')).status).toBe(415);
    expect((await upload(svg, 'x.svg', 'image/svg+xml')).status).toBe(415);
  });

  it('refuses a PNG whose header declares 50000×50000 with 413 before decoding', async () => {
    const stored = await listKeys(env.BUCKET);
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(100);
    const res = await upload(bomb, 'bomb.png');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large', error: expect.stringContaining('megapixels') });
    expect(await listKeys(env.BUCKET)).toEqual(stored);
  });

  it('answers a missing image field, an empty file and a non-multipart body with 400', async () => {
    const wrongField = new FormData();
    wrongField.append('file', new File([pngDeclaring(1, 1)], 'a.png'));
    const noField = await api('/api/upload', { method: 'POST', body: wrongField });
    expect(noField.status).toBe(400);
    expect(await noField.json()).toEqual({ error: MISSING_SOURCE_MESSAGE, code: 'validation_failed' });

    expect((await upload(new Uint8Array(0), 'empty.png')).status).toBe(400);

    const asJson = await api('/api/upload', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(asJson.status).toBe(400);
    expect(await asJson.json()).toMatchObject({ code: 'bad_request' });
  });

  it('answers a cut-off PNG with 422 and stores nothing', async () => {
    const stored = await listKeys(env.BUCKET);
    const png = pngDeclaring(4, 4);
    const res = await upload(png.subarray(0, png.length - 6), 'cut.png');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'unprocessable_image' });
    expect(await listKeys(env.BUCKET)).toEqual(stored);
  });
});

describe('GET /api/images/:id', () => {
  it('serves the bytes with the type of the bytes, nosniff, and caching that ends at expiry', async () => {
    const png = pngDeclaring(2, 3);
    const uploaded = uploadResponseSchema.parse(await (await upload(png, 'x.jpg', 'image/jpeg')).json());
    const res = await api(uploaded.imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
    expect(Date.parse(res.headers.get('expires')!)).toBeCloseTo(Date.parse(uploaded.expiresAt), -4);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
  });

  it('asks for a download with a sanitised name and the extension of the bytes', async () => {
    const uploaded = uploadResponseSchema.parse(await (await upload(pngDeclaring(1, 1))).json());
    const name = encodeURIComponent('../secret"\r\nx: y/optimized-123.webp');
    const res = await api(`${uploaded.imageUrl}?download=${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="optimized-123.png"; filename*=UTF-8''optimized-123.png`,
    );
  });

  it('answers 404 for an unknown or malformed id and 400 for an absurd download name', async () => {
    expect((await api('/api/images/t1abc-0123456789abcdef0123456789abcdef')).status).toBe(410);
    const future = `t${(Math.ceil(Date.now() / 600_000) + 3).toString(36)}-0123456789abcdef0123456789abcdef`;
    const unknown = await api(`/api/images/${future}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'There is no such image.', code: 'not_found' });
    expect((await api('/api/images/..%2F..%2Fsaved%2Fx')).status).toBe(404);
    expect((await api('/api/images/k-nothex')).status).toBe(404);
    const uploaded = uploadResponseSchema.parse(await (await upload(pngDeclaring(1, 1))).json());
    expect((await api(`${uploaded.imageUrl}?download=${'a'.repeat(400)}`)).status).toBe(400);
  });
});
