import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImgflip } from './imgflip';
import { openLocalStore } from './local-store';

// A recorded get_memes response of our own, with images we generate, served over loopback only.
const solid = (w: number, h: number, format: 'png' | 'jpeg') => {
  const image = sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

let server: Server;
let base = '';
let dir = '';
const files = new Map<string, [Buffer, string]>();

beforeAll(async () => {
  files.set('/img/a.png', [await solid(600, 400, 'png'), 'image/png']);
  files.set('/img/b.jpg', [await solid(300, 500, 'jpeg'), 'image/jpeg']);
  files.set('/img/not-image.png', [Buffer.from('<html>nope</html>'), 'image/png']);
  server = createServer((req, res) => {
    if (req.url === '/get_memes') {
      const memes = [
        {
          id: '101',
          name: 'Two Choices Guy',
          url: `${base}/img/a.png`,
          width: 600,
          height: 400,
          box_count: 3,
          captions: 1,
        },
        { id: '102', name: 'Tall Cat!', url: `${base}/img/b.jpg`, width: 999, height: 999, box_count: 2 },
        { id: '103', name: 'Gone', url: `${base}/img/missing.png`, width: 10, height: 10, box_count: 2 },
        { id: '104', name: 'Fake', url: `${base}/img/not-image.png`, width: 10, height: 10, box_count: 2 },
        { id: '105', name: 'No boxes', url: `${base}/img/a.png`, width: 10, height: 10, box_count: 0 },
        { id: '1 OR 1', name: 'Bad id', url: `${base}/img/a.png`, width: 10, height: 10, box_count: 2 },
      ];
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ success: true, data: { memes } }));
      return;
    }
    const file = files.get(req.url ?? '');
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[1] }).end(file[0]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  dir = await mkdtemp(join(tmpdir(), 'imgflip-'));
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('imgflip sync', () => {
  it('stores valid entries with evenly spaced boxes and real sizes, skips the rest with reasons, and re-runs as an update', async () => {
    const { items, skipped } = await readImgflip(`${base}/get_memes`);
    expect(items.map((i) => i.row.id)).toEqual(['two-choices-guy-101', 'tall-cat-102']);
    expect(items[0]?.row).toMatchObject({
      width: 600,
      height: 400,
      imageKey: 'templates/two-choices-guy-101.png',
      popularityRank: 500,
    });
    expect(items[1]?.row).toMatchObject({ width: 300, height: 500, imageKey: 'templates/tall-cat-102.jpg' });
    expect(JSON.parse(items[0]!.row.textBoxes)).toHaveLength(3);
    expect(Object.fromEntries(skipped.map((s) => [s.id, s.reason]))).toEqual({
      '103': 'the image could not be downloaded (404)',
      '104': 'the downloaded image: Please upload an image file (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC).',
      '105': expect.stringContaining('box_count'),
      '1 OR 1': expect.stringContaining('id'),
    });

    // A fresh folder: the importer applies the migrations itself with wrangler, as for an operator's first import (the
    // other importer tests start from a migrated copy, scripts/lib/migrated-state.ts).
    const store = await openLocalStore(dir);
    try {
      await store.save(items);
      await store.save((await readImgflip(`${base}/get_memes`)).items);
      const rows = await store.rows();
      expect(rows.map((r) => r.id)).toEqual(['two-choices-guy-101', 'tall-cat-102']);
      const image = await store.image('templates/tall-cat-102.jpg');
      expect(image?.contentType).toBe('image/jpeg');
      expect(Buffer.from(image!.bytes).equals(files.get('/img/b.jpg')![0])).toBe(true);
    } finally {
      await store.close();
    }
  }, 120_000);

  it('refuses a listing that is not in the get_memes format', async () => {
    await expect(readImgflip(`${base}/img/a.png`)).rejects.toThrow('did not answer in the get_memes format');
    await expect(readImgflip(`${base}/nothing`)).rejects.toThrow('answered 404');
  });
});
