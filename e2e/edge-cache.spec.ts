import sharp from 'sharp';
import { expect, test } from './fixtures';

// The site's edge cache on the real stack (ADR 0146): the front door of `npm start` → wrangler pages dev → the Pages
// Function, which keeps public answers with the Cache API → the API Worker through the service binding.

// An answer is kept before it leaves, so the very next request is already a hit.

test('a meme URL is drawn once, then served by the edge cache with identical bytes, tracking parameters ignored', async ({
  request,
}) => {
  const path = `/api/memes/nope-yep/drawn_once/${Date.now()}_then_kept.png?width=240`;
  const first = await request.get(path);
  expect(first.status()).toBe(200);
  expect(first.headers()['x-cache']).toBe('miss');
  const bytes = await first.body();
  const second = await request.get(`${path}&fbclid=IwAR0x&utm_source=facebook`);
  expect(second.headers()['x-cache']).toBe('hit');
  expect(Buffer.compare(await second.body(), bytes)).toBe(0);
  expect((await sharp(bytes).metadata()).width).toBe(240);
  // The cache's own bookkeeping never reaches the visitor; other sites' pages may read it.
  for (const res of [first, second]) {
    expect(res.headers()['x-edge-cache-key']).toBeUndefined();
    expect(res.headers()['set-cookie']).toBeUndefined();
    expect(res.headers()['access-control-allow-origin']).toBe('*');
  }
  // An option given twice cannot poison either key.
  const poisoned = await request.get(`${path}&width=1500`);
  expect(poisoned.status()).toBe(400);
  expect((await poisoned.json()).error).toMatch(/width option was given 2 times/);
});

test('a shared meme’s picture leaves the edge cache when its creator deletes it: 410, not a kept 200', async ({
  request,
}) => {
  const jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
  const created = await request.post('/api/shares', {
    multipart: { image: { name: 'meme.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
  });
  expect(created.status()).toBe(201);
  const share = (await created.json()) as { id: string; imageUrl: string; deleteToken: string };
  const first = await request.get(share.imageUrl);
  expect([first.status(), first.headers()['x-cache']]).toEqual([200, 'miss']);
  const kept = await request.get(share.imageUrl);
  expect(kept.headers()['x-cache']).toBe('hit');
  const deleted = await request.delete(`/api/shares/${share.id}`, { headers: { 'x-delete-token': share.deleteToken } });
  expect(deleted.status()).toBe(204);
  const after = await request.get(share.imageUrl);
  expect(after.status()).toBe(410);
  expect(after.headers()['x-cache']).toBeUndefined();
});

test('a browser on another site gets the preflight of a keyed call answered, and a keyless one refused', async ({
  request,
}) => {
  const headers = { origin: 'https://memes.elsewhere.example', 'access-control-request-method': 'POST' };
  const keyed = await request.fetch('/api/memes/render', {
    method: 'OPTIONS',
    headers: { ...headers, 'access-control-request-headers': 'authorization,content-type' },
  });
  expect(keyed.status()).toBe(204);
  expect(keyed.headers()['access-control-allow-headers']).toContain('authorization');
  const keyless = await request.fetch('/api/memes/render', {
    method: 'OPTIONS',
    headers: { ...headers, 'access-control-request-headers': 'content-type' },
  });
  expect(keyless.status()).toBe(403);
  expect(await keyless.json()).toMatchObject({ code: 'forbidden' });
});
