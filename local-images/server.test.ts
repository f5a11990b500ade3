import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageServiceRefusal } from '../core/image-service';
import { heifEnc, makeHeic } from '../scripts/lib/make-heic';
import { sharedFolder } from '../scripts/lib/shared-fixtures';
import { blurSigma, createImageServer, handle, MAX_BODY_BYTES } from './server';

// The HTTP surface of the offline image service and what only Node can see (sharp's own metadata reader). Every
// pixel case of the contract runs in workers/api/test/engine/image-service.contract.test.ts, through the Worker's client.

/** A left half red, right half blue picture, optionally stored sideways (EXIF orientation 6 turns it a quarter). */
async function halves(width: number, height: number, orientation?: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(i % width < width / 2 ? [255, 0, 0] : [0, 0, 255], i * 3);
  let img = sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 });
  if (orientation)
    img = img.withExif({ IFD0: { Make: 'Memeforge', Model: 'Test Phone' } }).withMetadata({ orientation });
  return img.toBuffer();
}

function form(job: unknown, input: Uint8Array | string, overlays: Uint8Array[] = []) {
  const body = new FormData();
  body.append('job', typeof job === 'string' ? job : JSON.stringify(job));
  body.append('input', new Blob([input as Uint8Array<ArrayBuffer>]), 'input');
  overlays.forEach((o, i) => body.append(`overlay${i}`, new Blob([o as Uint8Array<ArrayBuffer>]), `overlay${i}`));
  return body;
}

const run = (body: FormData) => handle(new Request('http://local/run', { method: 'POST', body }));
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
const pixel = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
};
/** Within JPEG's rounding of a flat colour. */
const near = (got: number[], want: number[]) =>
  expect(
    got.every((v, i) => Math.abs(v - want[i]!) <= 6),
    `${got} ≈ ${want}`,
  ).toBe(true);

describe('local image service', () => {
  it('applies the orientation, then the steps in order, and names the size in headers', async () => {
    // Stored 40×20 sideways: upright it is 20×40, red on top. Crop the top half, then turn it a quarter.
    const res = await run(
      form(
        {
          steps: [
            { op: 'crop', left: 0, top: 0, width: 20, height: 20 },
            { op: 'rotate', angle: 90 },
          ],
          output: { format: 'png' },
        },
        await halves(40, 20, 6),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect([res.headers.get('x-image-width'), res.headers.get('x-image-height')]).toEqual(['20', '20']);
    const png = await bytesOf(res);
    near(await pixel(png, 10, 10), [255, 0, 0]);
  });

  it('resizes a sideways photo in upright terms when the resize joins the decode', async () => {
    const res = await run(
      form(
        {
          steps: [
            { op: 'resize', width: 10, height: 30, fit: 'stretch' },
            { op: 'flip', axis: 'v' },
          ],
          output: { format: 'png' },
        },
        await halves(40, 20, 6),
      ),
    );
    const png = await bytesOf(res);
    expect((await sharp(png).metadata()).width).toBe(10);
    // Upright red is on top; after the vertical flip it is at the bottom.
    near(await pixel(png, 5, 27), [255, 0, 0]);
    near(await pixel(png, 5, 2), [0, 0, 255]);
  });

  it('writes JPEG at exactly the quality asked, progressive, 4:2:0, with no metadata', async () => {
    const input = await halves(64, 48, 6);
    const out = (q: number) => run(form({ steps: [], output: { format: 'jpeg', quality: q } }, input)).then(bytesOf);
    const [q30, q80] = [await out(30), await out(80)];
    expect(q30.length).toBeLessThan(q80.length);
    const meta = await sharp(q80).metadata();
    expect(meta).toMatchObject({
      format: 'jpeg',
      width: 48,
      height: 64,
      isProgressive: true,
      chromaSubsampling: '4:2:0',
    });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Same pixels, same settings: byte for byte what sharp writes at q30.
    const reference = await sharp(input)
      .autoOrient()
      .jpeg({ quality: 30, chromaSubsampling: '4:2:0', progressive: true, mozjpeg: false })
      .toBuffer();
    expect(q30.equals(reference)).toBe(true);
  });

  it('keeps an alpha channel only when the input had one', async () => {
    const transparent = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const a = await sharp(
      await bytesOf(await run(form({ steps: [], output: { format: 'png' } }, transparent))),
    ).metadata();
    const b = await sharp(
      await bytesOf(await run(form({ steps: [], output: { format: 'png' } }, await halves(8, 8)))),
    ).metadata();
    expect([a.hasAlpha, b.hasAlpha]).toEqual([true, false]);
  });

  it('answers raw RGBA with the size in headers', async () => {
    const res = await run(
      form(
        { steps: [{ op: 'resize', width: 7, height: 5, fit: 'stretch' }], output: { format: 'rgba' } },
        await halves(40, 20),
      ),
    );
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect((await bytesOf(res)).length).toBe(7 * 5 * 4);
  });

  it('blends an overlay with its opacity and cuts one that reaches outside', async () => {
    const black = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const white = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const res = await run(
      form({ steps: [], overlays: [{ left: 15, top: -5, opacity: 0.5 }], output: { format: 'png' } }, black, [white]),
    );
    const png = await bytesOf(res);
    expect((await pixel(png, 17, 2))[0]).toBeCloseTo(128, -1);
    expect(await pixel(png, 17, 6)).toEqual([0, 0, 0]);
  });

  it('maps a blur radius to sigma radius / 2', () => {
    expect(blurSigma(12)).toBe(6);
  });

  it.each([
    ['no multipart body', () => handle(new Request('http://local/run', { method: 'POST', body: 'hello' })), 400],
    ['a job that is not JSON', async () => run(form('{nope', await halves(8, 8))), 400],
    [
      'an unknown step',
      async () => run(form({ steps: [{ op: 'swirl' }], output: { format: 'png' } }, await halves(8, 8))),
      400,
    ],
    [
      'a missing overlay file',
      async () =>
        run(
          form(
            { steps: [], overlays: [{ left: 0, top: 0, opacity: 1 }], output: { format: 'png' } },
            await halves(8, 8),
          ),
        ),
      400,
    ],
    ['bytes that are no picture', () => run(form({ steps: [], output: { format: 'png' } }, 'not a picture')), 422],
    [
      'a crop outside the picture',
      async () =>
        run(
          form(
            { steps: [{ op: 'crop', left: 4, top: 0, width: 8, height: 8 }], output: { format: 'png' } },
            await halves(8, 8),
          ),
        ),
      422,
    ],
    [
      'a result over 50 MP',
      async () =>
        run(
          form(
            { steps: [{ op: 'resize', width: 10_000, height: 5_001, fit: 'stretch' }], output: { format: 'png' } },
            await halves(8, 8),
          ),
        ),
      413,
    ],
    [
      'a WebP wider than WebP allows',
      async () =>
        run(
          form(
            { steps: [{ op: 'resize', width: 17_000, height: 10, fit: 'stretch' }], output: { format: 'webp' } },
            await halves(8, 8),
          ),
        ),
      413,
    ],
    ['an unknown route', () => handle(new Request('http://local/nope')), 404],
  ])('refuses %s', async (_what, call, status) => {
    const res = await call();
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(5);
  });

  it('refuses a JPEG wider than the Images binding reads with 413 and the same words as production', async () => {
    // 20,000 × 700: 14 MP, inside our 50 MP, over the binding's 12,000 px a side. One colour: a small file.
    const wide = await sharp({ create: { width: 20_000, height: 700, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const res = await run(form({ steps: [], output: { format: 'jpeg', quality: 80 } }, wide));
    expect(res.status).toBe(413);
    const words = imageServiceRefusal({
      input: { format: 'jpeg', width: 20_000, height: 700, bytes: wide.length },
      steps: [],
      output: 'jpeg',
    });
    expect(((await res.json()) as { error: string }).error).toBe(words);
    expect(words).toMatch(/20,000 pixels wide; the image service handles JPEG pictures at most 12,000 pixels a side/);
  });

  const corpus = sharedFolder('corpus');
  it.skipIf(corpus.missing ?? heifEnc.missing)(
    'reads a real HEIC (libheif in WASM, as sharp has no HEVC) and writes it as JPEG with no metadata',
    { timeout: 60_000 },
    async () => {
      const heic = makeHeic(join(corpus.path, 'exif/jpg/gps/DSCN0010.jpg'));
      const res = await run(
        form(
          {
            steps: [{ op: 'resize', width: 320, height: 240, fit: 'stretch' }],
            output: { format: 'jpeg', quality: 85 },
          },
          heic,
        ),
      );
      expect(res.status).toBe(200);
      const meta = await sharp(await bytesOf(res)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
      expect(meta.exif).toBeUndefined();
      // Damaged: the header is sound, the pictures' data cut away.
      const cut = await run(form({ steps: [], output: { format: 'png' } }, heic.subarray(0, 2_000)));
      expect(cut.status).toBe(422);
    },
  );

  it('writes AVIF (AV1 in HEIF) up to 1,200 px a side and refuses a larger one in the words production answers', async () => {
    const input = await halves(8, 8);
    const res = await run(
      form(
        {
          steps: [{ op: 'resize', width: 1_200, height: 900, fit: 'stretch' }],
          output: { format: 'avif', quality: 50 },
        },
        input,
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(await sharp(await bytesOf(res)).metadata()).toMatchObject({
      format: 'heif',
      compression: 'av1',
      width: 1_200,
      height: 900,
    });
    const big = await run(
      form({ steps: [{ op: 'resize', width: 1_201, height: 900, fit: 'stretch' }], output: { format: 'avif' } }, input),
    );
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toBe(
      'The result is 1,201 pixels wide; AVIF pictures are made at most 1,200 pixels a side. Please make it smaller (at most 1,200 pixels a side) and try again.',
    );
  });

  it.skipIf(corpus.missing)('does not read AVIF, as the Images binding reads it on Enterprise plans only', async () => {
    const avif = readFileSync(join(corpus.path, 'formats/sample.avif'));
    const res = await run(form({ steps: [], output: { format: 'png' } }, avif));
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: string }).error).toMatch(/^The image service does not read AVIF pictures\./);
  });

  it('refuses a result over 12,000 px a side, and takes one that shrinks a wide picture into bounds', async () => {
    const input = await halves(8, 8);
    const tall = await run(
      form({ steps: [{ op: 'resize', width: 10, height: 12_001, fit: 'stretch' }], output: { format: 'png' } }, input),
    );
    expect(tall.status).toBe(413);
    expect(((await tall.json()) as { error: string }).error).toMatch(/The result is 12,001 pixels high/);
    const fits = await run(
      form({ steps: [{ op: 'resize', width: 10, height: 12_000, fit: 'stretch' }], output: { format: 'png' } }, input),
    );
    expect(fits.status).toBe(200);
  });

  it('refuses an animation over 50 MP in all its frames, as the binding would return it untransformed', {
    timeout: 20_000,
  }, async () => {
    // A 3,000 × 3,000 GIF with five more (1 × 1) frames spliced in before its end: 6 pages of 9 MP, 54 MP in all.
    const still = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#336699' } })
      .gif()
      .toBuffer();
    const tiny = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0];
    const gif = Buffer.concat([
      still.subarray(0, still.length - 1),
      Buffer.from([...Array.from({ length: 5 }, () => tiny).flat(), 0x3b]),
    ]);
    expect(await sharp(gif).metadata()).toMatchObject({ width: 3000, height: 3000, pages: 6 });
    const res = await run(
      form({ steps: [{ op: 'resize', width: 100, height: 80, fit: 'stretch' }], output: { format: 'png' } }, gif),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/animation of 6 frames, 54 megapixels in all/);
  });

  it('draws an overlay after its own steps, and answers only the regions asked of raw output', async () => {
    // A black 40×30 canvas; the overlay is the red/blue halves picture, cut to its blue half (4×8) before it is drawn.
    const black = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const job = {
      steps: [],
      overlays: [{ left: 10, top: 5, opacity: 1, steps: [{ op: 'crop', left: 4, top: 0, width: 4, height: 8 }] }],
      output: {
        format: 'rgba',
        regions: [
          { left: 10, top: 5, width: 4, height: 8 },
          { left: 0, top: 0, width: 2, height: 1 },
        ],
      },
    };
    const res = await run(form(job, black, [await halves(8, 8)]));
    expect(res.status).toBe(200);
    expect([res.headers.get('x-image-width'), res.headers.get('x-image-height')]).toEqual(['40', '30']);
    const raw = await bytesOf(res);
    expect(raw.length).toBe((4 * 8 + 2) * 4);
    near([...raw.subarray(2 * 4, 2 * 4 + 3)], [0, 0, 255]);
    expect([...raw.subarray(4 * 8 * 4, 4 * 8 * 4 + 4)]).toEqual([0, 0, 0, 255]);
  });

  it('refuses an input over 50 MP from its header, before decoding it', async () => {
    // 10,000 × 5,001 of one colour is a small PNG but over the limit.
    const big = await sharp({ create: { width: 10_000, height: 5_001, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await run(form({ steps: [], output: { format: 'png' } }, big));
    expect(res.status).toBe(413);
  });
});

describe('local image service over HTTP', () => {
  const server = createImageServer();
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers its health check and runs a job', async () => {
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true });
    const res = await fetch(`${base}/run`, {
      method: 'POST',
      body: form(
        { steps: [{ op: 'rotate', angle: 270 }], output: { format: 'webp', quality: 60 } },
        await halves(40, 20),
      ),
    });
    expect(res.status).toBe(200);
    expect(await sharp(await bytesOf(res)).metadata()).toMatchObject({ format: 'webp', width: 20, height: 40 });
  });

  it('refuses a body over the limit with 413, declared or streamed', async () => {
    const declared = await fetch(`${base}/run`, {
      method: 'POST',
      body: form({ steps: [], output: { format: 'png' } }, new Uint8Array(MAX_BODY_BYTES + 1)),
    });
    expect(declared.status).toBe(413);
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const streamed = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_BODY_BYTES) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${base}/run`, {
      method: 'POST',
      body: streamed,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });
});
