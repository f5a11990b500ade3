/** Pictures over the WASM budgets go through the Images binding (sharp locally); what it cannot do is a 413. */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { decode } from '../src/imaging/decode';
import { encode } from '../src/imaging/encode';
import { readHeader } from '../src/imaging/sniff';
import { WASM_PIXEL_BUDGET } from '../src/imaging/options';
import { resize } from '../src/imaging/pixels';
import { cropPng } from '../src/imaging/png-crop';
import { imagesBindingHonoursQuality, imagesBindingIsComplete, pixelBudget } from '../src/imaging/large';
import { crop } from '../src/imaging/raster';
import { encodePng as encodePlainPng } from '../src/ai/png';
import { similarity } from '../src/imaging/ssim';
import { resultBytes, toolRequest, type ToolBody } from './support/corpus';
import { syntheticPhoto } from './support/synthetic';

const W = 3000;
const H = 2100;
const source = syntheticPhoto(W, H, 7, 0);
const png = await encode(source, 'png', { quality: 100, optimise: false });

/** The limit a 413 names for this PNG source: the operation's budget and the PNG encoder's, whichever is smaller. */
const limitMp = (op: Parameters<typeof pixelBudget>[0]) => Math.floor(pixelBudget(op, 'png') / 100_000) / 10;

async function call(route: string, fields: Record<string, string | number>) {
  const res = await toolRequest(route, png, fields);
  return { status: res.status, body: await res.json<ToolBody>() };
}

describe('large pictures (6.3 MP, over every WASM budget)', () => {
  it('is over the budgets and under the upload limit', () => {
    expect(W * H).toBeGreaterThan(WASM_PIXEL_BUDGET.compress);
    expect(png.length).toBeLessThan(10 * 1024 * 1024);
  });

  it('resizes through the Images binding, and agrees with the WASM resize', { timeout: 60_000 }, async () => {
    const { status, body } = await call('modify', { operation: 'resize', width: 800, height: 600 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ engine: 'images', width: 800, height: 560, format: 'png' });
    const viaImages = await resultBytes(body.imageUrl);
    const viaWasm = await resize(source, 800, 560);
    expect(similarity(await decode(viaImages, readHeader(viaImages)!), viaWasm)).toBeGreaterThan(0.95);
  });

  it('compresses and rotates through the Images binding', { timeout: 60_000 }, async () => {
    let r = await call('optimize', { operation: 'compress', quality: 70, format: 'jpeg' });
    expect(r.body).toMatchObject({ engine: 'images', format: 'jpeg', width: W, height: H });
    expect(r.body.size).toBeLessThan(png.length);
    r = await call('modify', { operation: 'rotate', angle: 90 });
    expect(r.body).toMatchObject({ engine: 'images', width: H, height: W });
  });

  it('says when the binding did not apply the quality, and never returns a bigger file of the same format', { timeout: 60_000 }, async () => {
    // The emulation writes JPEG at sharp's default quality whatever is asked; the probe sees it (production's binding
    // honours quality), and the answer then names no quality and says why.
    expect(await imagesBindingHonoursQuality(env)).toBe(false);
    const r = await call('optimize', { operation: 'compress', quality: 40, format: 'jpeg' });
    expect(r.body).toMatchObject({ engine: 'images', format: 'jpeg' });
    expect(r.body.quality).toBeUndefined();
    expect(r.body.notes.join(' ')).toMatch(/its own default quality; the quality of 40 could not be applied/);
    // The same for convert and modify, which share the binding path; a PNG answer names no quality at all.
    const converted = await call('convert', { format: 'webp', quality: 55 });
    expect(converted.body).toMatchObject({ engine: 'images', format: 'webp' });
    expect(converted.body.quality).toBeUndefined();
    expect(converted.body.notes.join(' ')).toMatch(/the quality of 55 could not be applied/);
    const rotated = await call('modify', { operation: 'rotate', angle: 90 });
    expect(rotated.body).toMatchObject({ engine: 'images', format: 'png' });
    expect(rotated.body.quality).toBeUndefined();
    // A small JPEG of a large picture: re-encoding it (at any quality the binding uses) would grow it, so it is kept.
    const jpeg = await encode(source, 'jpeg', { quality: 20 });
    const res = await toolRequest('optimize', jpeg, { operation: 'compress', quality: 90, format: 'original' });
    const body = await res.json<ToolBody>();
    expect(body).toMatchObject({ engine: 'passthrough', format: 'jpeg', width: W, height: H });
    expect(body.size).toBeLessThanOrEqual(jpeg.length);
  });

  it('crops through the Images binding even where it ignores `trim` (the local emulation)', { timeout: 60_000 }, async () => {
    // Production's binding crops with `trim`; wrangler's emulation returns the picture whole, so the crop is read
    // out of the binding's PNG row by row. Either way the answer is the requested rectangle of the picture.
    const r = await call('modify', { operation: 'crop', x: 2100, y: 1500, width: 900, height: 600 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ engine: 'images', format: 'png', width: 900, height: 600 });
    const got = await resultBytes(r.body.imageUrl);
    const expected = crop(source, 2100, 1500, 900, 600);
    expect(similarity(await decode(got, readHeader(got)!), expected)).toBeGreaterThan(0.999);
    // A crop larger than the crop budget would need more WASM memory to encode than the budget allows: 413.
    // (These tests run on the emulation, so the row-by-row path is the one taken.)
    const big = await call('modify', { operation: 'crop', x: 0, y: 0, width: 2900, height: 2000 });
    expect(big).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
  });

  it('reads a rectangle out of a PNG row by row, whatever filters the encoder chose', async () => {
    const photo = syntheticPhoto(97, 61, 3);
    const opaque = syntheticPhoto(97, 61, 4);
    for (let i = 3; i < photo.data.length; i += 16) photo.data[i] = 128; // some alpha, so RGBA stays RGBA
    const files = [
      await encode(photo, 'png', { quality: 100, optimise: false }),
      await encode(photo, 'png', { quality: 100, optimise: true }), // oxipng picks a filter per row
      await encode(opaque, 'png', { quality: 100, optimise: true }), // and stores an opaque picture as RGB
      encodePlainPng(new Uint8Array(opaque.data), 97, 61, 4), // unfiltered rows
    ];
    for (const [i, file] of files.entries()) {
      const src = i === 0 || i === 1 ? photo : opaque;
      const out = cropPng(file, 5, 7, 41, 29);
      expect(out, `file ${i}`).not.toBeNull();
      expect(out!.data, `file ${i}`).toEqual(crop(src, 5, 7, 41, 29).data);
    }
    expect(cropPng(files[0]!, 90, 0, 10, 10)).toBeNull(); // outside the picture
    expect(cropPng(new TextEncoder().encode('not a png'), 0, 0, 1, 1)).toBeNull();
  });

  it('refuses a large flip where the binding would skip it (the local emulation), never a wrong picture', { timeout: 60_000 }, async () => {
    // The emulation ignores flip: the probe sees it, so these answer 413 instead of the unflipped picture.
    // Production's binding passes the probe and flips.
    expect(await imagesBindingIsComplete(env)).toBe(false);
    for (const [route, fields] of [
      ['modify', { operation: 'rotate', angle: 0, flip: 'horizontal' }],
      ['modify', { operation: 'rotate', angle: 90, flip: 'vertical' }],
    ] as [string, Record<string, string | number>][]) {
      const r = await call(route, fields);
      expect(r, JSON.stringify(fields)).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
      expect(r.body.error).toMatch(new RegExp(`cannot flip, blur, straighten .* over ${limitMp('rotate')} megapixels`));
    }
    // What the emulation does apply still works: a rotation without a flip.
    expect(await call('modify', { operation: 'rotate', angle: 180 })).toMatchObject({ status: 200, body: { width: W, height: H } });
  });

  it('resizes a large picture to another shape even where the binding would letterbox it (the local emulation)', { timeout: 90_000 }, async () => {
    // The emulation resizes only with `fit: contain`, so a squeeze to another shape would come back with black bars.
    // There the binding scales the picture (shape kept) to cover the target and WASM stretches it to the target.
    for (const [fields, w, h] of [
      [{ operation: 'resize', width: 800, height: 800, maintainAspectRatio: 'false' }, 800, 800],
      [{ operation: 'resize', preset: 'instagram-square' }, 1080, 1080],
    ] as [Record<string, string>, number, number][]) {
      const r = await call('modify', fields);
      expect(r, JSON.stringify(fields)).toMatchObject({ status: 200, body: { engine: 'images', width: w, height: h } });
      const got = await resultBytes(r.body.imageUrl);
      const direct = await resize(await resize(source, Math.round(W * (h / H)), h), w, h);
      expect(similarity(await decode(got, readHeader(got)!), direct), JSON.stringify(fields)).toBeGreaterThan(0.95);
    }
    // A target beyond the resize budget cannot be stretched in WASM: 413 naming the limit.
    const big = await call('modify', { operation: 'resize', width: 2000, height: 2000, maintainAspectRatio: 'false' });
    expect(big).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
    expect(big.body.error).toMatch(/up to 2.5 megapixels/);
  });

  it('refuses what only the WASM path can do with 413 naming the limit', async () => {
    for (const fields of [{ operation: 'watermark', text: 'Memeforge' }, { operation: 'blur', method: 'selective', pixelateLevel: 10, regions: '[{"x":0,"y":0,"width":10,"height":10}]' }] as Record<string, string | number>[]) {
      const { status, body } = await call('security', fields);
      expect(status).toBe(413);
      expect(body.error).toMatch(`up to ${limitMp(fields.operation === 'watermark' ? 'watermark' : 'pixelate')} megapixels`);
    }
    const tiff = await call('convert', { format: 'tiff' });
    expect(tiff.status).toBe(413);
  });
});
