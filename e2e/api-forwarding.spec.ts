import { expect, test } from './fixtures';
import sharp from 'sharp';

// The Pages app forwards /api/* to the API Worker untouched: a multipart body goes in, binary bytes come back.
test('a multipart upload through the site origin comes back byte for byte', async ({ request }) => {
  const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: '#ff8800' } })
    .png()
    .toBuffer();
  const uploaded = await request.post('/api/upload', {
    multipart: { image: { name: 'orange.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status()).toBe(201);
  const body = (await uploaded.json()) as { imageUrl: string; width: number; height: number; format: string };
  expect(body).toMatchObject({ width: 64, height: 48, format: 'png' });

  const image = await request.get(body.imageUrl);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(image.headers()['x-content-type-options']).toBe('nosniff');
  expect(Buffer.compare(await image.body(), png)).toBe(0);
});

test('an oversized upload is refused with 413 JSON through the site origin', async ({ request }) => {
  const res = await request.post('/api/upload', {
    multipart: { image: { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(12 * 1024 * 1024, 1) } },
  });
  expect(res.status()).toBe(413);
  expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
});
