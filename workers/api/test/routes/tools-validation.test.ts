import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { encode } from '../../src/imaging/codecs/encode';
import { createRaster } from '../../src/imaging/codecs/raster';
import { ISOLATE_ONLY_MAX_PIXELS, SERVICE_FROM_PIXELS } from '../../../../core/images/intake';
import { pixelBudget } from '../../src/imaging/engine';
import {
  AUTO_TARGET_SCORE,
  OXIPNG_MAX_PIXELS,
  PALETTE_MAX_SCORE,
  WASM_PIXEL_BUDGET,
  type WasmOperation,
} from '../../src/imaging/options';
import { decodeSlicePixels } from '../../src/imaging/slices';
import { rasteriseSvg } from '../../src/imaging/text/rasterise';
import { resultBytes, toolRequest, type ToolBody } from '../support/corpus';
import { syntheticPhoto } from '../support/synthetic';

const png = await encode(syntheticPhoto(120, 80), 'png', { quality: 100 });

async function expect400(
  route: string,
  fields: Record<string, string | number>,
  message: RegExp,
  image: Uint8Array | null = png,
) {
  const res = await toolRequest(route, image, fields);
  const body = await res.json<ToolBody>();
  expect(res.status, JSON.stringify(body)).toBe(400);
  expect(body.error).toMatch(message);
  expect(body.code).toMatch(/^[a-z_]+$/);
}

async function expectRefused(
  fields: Record<string, string | number | File>,
  status: number,
  code: string,
  message: RegExp,
) {
  const res = await toolRequest('security', png, fields);
  const body = await res.json<ToolBody>();
  expect([res.status, body.code], JSON.stringify(body)).toEqual([status, code]);
  expect(body.error).toMatch(message);
}

async function resultCount() {
  return (await env.BUCKET.list({ prefix: 'tmp/' })).objects.length;
}

describe('tool routes refuse bad input with 400 and a clear message', () => {
  it('unknown operation', async () => {
    await expect400('optimize', { operation: 'explode' }, /Operation must be compress, upscale or remove-background/);
    await expect400('modify', { operation: 'explode' }, /Operation must be resize, crop, rotate or compress/);
    await expect400('security', { operation: 'explode' }, /Operation must be watermark, blur or privacy/);
  });

  it('quality 0 or 1000', async () => {
    await expect400('optimize', { operation: 'compress', quality: 0 }, /Quality must be between 10 and 100/);
    await expect400('optimize', { operation: 'compress', quality: 1000 }, /Quality must be between 10 and 100/);
    await expect400('convert', { format: 'jpeg', quality: 1000 }, /Quality must be between 10 and 100/);
  });

  it('names the field in words, whatever zod or the schema said', async () => {
    await expect400(
      'optimize',
      { operation: 'compress', quality: 'abc' },
      /^Quality must be auto or a whole number from 10 to 100\.$/,
    );
    await expect400(
      'modify',
      { operation: 'resize', width: 100, height: 100, maintainAspectRatio: 'maybe' },
      /^Maintain aspect ratio must be true or false\.$/,
    );
    await expect400('optimize', { operation: 'compress', targetBytes: 'lots' }, /^Target/);
  });

  it('width −5 or 100000', async () => {
    await expect400('modify', { operation: 'resize', width: -5, height: 100 }, /Width must be between 1 and 10000/);
    await expect400('modify', { operation: 'resize', width: 100000, height: 100 }, /Width must be between 1 and 10000/);
  });

  it('crop outside the image', async () => {
    await expect400(
      'modify',
      { operation: 'crop', x: 100, y: 0, width: 50, height: 10 },
      /crop area must lie inside the image \(120×80/,
    );
  });

  it('colour "red;"', async () => {
    await expect400('security', { operation: 'watermark', text: 'hi', color: 'red;' }, /hex colour/);
  });

  it('a logo watermark: with text too, not a picture, a JPEG, over 1 MB or 2,000 px, or a tiled of a wrong value', async () => {
    const logo = (bytes: Uint8Array, name = 'logo.png') => new File([bytes as Uint8Array<ArrayBuffer>], name);
    const wm = { operation: 'watermark' };
    const before = await resultCount();
    await expectRefused(
      { ...wm, text: 'hi', logo: logo(png) },
      400,
      'validation_failed',
      /^Send watermark text or a logo, not both\.$/,
    );
    await expectRefused(
      { ...wm, logo: logo(new TextEncoder().encode('not a logo at all')) },
      415,
      'unsupported_media_type',
      /^The logo must be a PNG or WebP picture\.$/,
    );
    await expectRefused(
      { ...wm, logo: logo(await encode(syntheticPhoto(40, 20), 'jpeg', { quality: 80 }), 'logo.jpg') },
      415,
      'unsupported_media_type',
      /this one is a JPEG/,
    );
    await expectRefused(
      { ...wm, logo: logo(new Uint8Array(1024 * 1024 + 1)) },
      413,
      'payload_too_large',
      /larger than 1 MB/,
    );
    await expectRefused(
      { ...wm, logo: logo(await encode(createRaster(2001, 1), 'png', { quality: 100 })) },
      413,
      'payload_too_large',
      /at most 2,000 px a side/,
    );
    await expect400('security', { ...wm, text: 'hi', tiled: 'sometimes' }, /must be true or false/);
    expect(await resultCount()).toBe(before);
  });

  it('a watermark of 10,000 characters, or a blank one', async () => {
    await expect400('security', { operation: 'watermark', text: 'x'.repeat(10_000) }, /at most 100 characters/);
    await expect400('security', { operation: 'watermark', text: '   ' }, /must not be blank/);
    await expect400(
      'security',
      { operation: 'watermark' },
      /^Watermark text is required, or a logo picture as the `logo` file\.$/,
    );
  });

  it('missing file', async () => {
    await expect400('optimize', { operation: 'compress' }, /Please choose an image/, null);
    await expect400('analyze-metadata', {}, /Please choose an image/, null);
  });

  it('other bad fields: format, opacity, strength, regions', async () => {
    await expect400('convert', { format: 'gif' }, /Format must be one of jpeg, png, webp, avif, bmp, tiff/);
    await expect400('convert', { format: 'avif', maxSide: 'small' }, /^Max side must be a number/);
    await expect400('convert', { format: 'avif', maxSide: 8 }, /^Max side must be between 16 and 10000/);
    await expect400('convert', { format: 'avif', maxSide: 1200.5 }, /^Max side must be a whole number/);
    await expect400('optimize', { operation: 'compress', maxSide: 'web' }, /^Max side must be a number/);
    await expect400('optimize', { operation: 'compress', maxSide: 8 }, /^Max side must be between 16 and 10000/);
    await expect400('optimize', { operation: 'compress', maxSide: 1200.5 }, /^Max side must be a whole number/);
    // AVIF is made at a chosen quality only (core/tools/compress.ts, ADR 0132).
    await expect400(
      'optimize',
      { operation: 'compress', quality: 'auto', format: 'avif' },
      /^AVIF is made at a quality you choose: auto quality and a target size are for JPEG, PNG and WebP\.$/,
    );
    await expect400(
      'optimize',
      { operation: 'compress', quality: 80, targetBytes: 5000, format: 'avif' },
      /^AVIF is made at a quality you choose/,
    );
    await expect400('security', { operation: 'watermark', text: 'a', opacity: 2 }, /Opacity must be between 0 and 1/);
    await expect400(
      'security',
      { operation: 'blur', method: 'selective', strength: 1 },
      /Strength must be between 2 and 50/,
    );
    await expect400(
      'security',
      { operation: 'blur', method: 'selective', regions: 'nope' },
      /Regions must be a JSON list/,
    );
    await expect400(
      'security',
      { operation: 'blur', method: 'selective' },
      /Selective blur needs at least one rectangle/,
    );
    await expect400('optimize', { operation: 'upscale', factor: 5 }, /Factor must be 2, 3 or 4/);
  });

  it('an empty part, which would otherwise count as 0 (a crop at x=0, a watermark at opacity 0)', async () => {
    await expect400(
      'modify',
      { operation: 'crop', x: '', y: 0, width: 10, height: 10 },
      /^X is empty\. Leave it out or give it a value\.$/,
    );
    await expect400(
      'security',
      { operation: 'watermark', text: 'a', opacity: '' },
      /^Opacity is empty\. Leave it out or give it a value\.$/,
    );
    await expect400('security', { operation: 'blur', method: 'selective', regions: '' }, /^Regions is empty\./);
    await expect400('convert', { format: '' }, /^Format is empty\./);
  });

  it('keeps nothing in R2 when it refuses', async () => {
    const before = await resultCount();
    await expect400('optimize', { operation: 'compress', quality: 0 }, /Quality/);
    expect(await resultCount()).toBe(before);
  });

  it('refuses a file that is not an image with 415, and a non-multipart body with 400 like the upload route', async () => {
    const res = await toolRequest('convert', new TextEncoder().encode('hello, not an image'), { format: 'png' });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'unsupported_media_type' });
    // A PNG cut short is refused by the same header reader as uploads, before any decoding.
    const png = await encode(syntheticPhoto(40, 30), 'png', { quality: 100 });
    const cut = await toolRequest('convert', png.subarray(0, png.length - 20), { format: 'jpeg' });
    expect(cut.status).toBe(422);
    expect(await cut.json()).toMatchObject({
      code: 'unprocessable_image',
      error: expect.stringMatching(/damaged or incomplete/),
    });
    const { exports } = await import('cloudflare:workers');
    const raw = await exports.default.fetch(new Request('http://local/api/convert', { method: 'POST', body: 'x' }));
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ code: 'bad_request' });
  });
});

describe('a limit of one output format is said as that, with what works instead', () => {
  it('converting an 8 MP JPEG to BMP names BMP\'s budget and the formats that work, not "convert it to JPEG"', async () => {
    const res = await env.PHOTOS.fetch('http://photos/photo', {
      method: 'POST',
      body: JSON.stringify({ width: 3264, height: 2448, format: 'jpeg', quality: 70 }),
    });
    const photo = new Uint8Array(await res.arrayBuffer());
    const answer = await toolRequest('convert', photo, { format: 'bmp' });
    const body = await answer.json<ToolBody>();
    expect(answer.status, JSON.stringify(body)).toBe(413);
    expect(body).toEqual({
      code: 'payload_too_large',
      error:
        'BMP files are made up to 5 megapixels; this picture is 7.9 megapixels. Please choose JPEG, PNG or WebP instead, or make it smaller (at most 5 megapixels) first.',
    });
    // The formats it names do work on the same picture.
    const png = await toolRequest('convert', photo, { format: 'png' });
    expect(png.status).toBe(200);
    await png.body?.cancel();
  });

  it('takes in BMP and TIFF only up to what every tool does with them in the isolate, and animations by the smallest budget', () => {
    const ops = Object.keys(WASM_PIXEL_BUDGET) as WasmOperation[];
    // A meme writes PNG, JPEG or WebP only; a BMP or TIFF background too large for its budget goes to the image service
    // as a PNG (pipeline/paths.ts readableByService).
    const keepingFormat = ops.filter((op) => op !== 'meme');
    for (const format of ['bmp', 'tiff'] as const) {
      expect(ISOLATE_ONLY_MAX_PIXELS, format).toBeLessThanOrEqual(
        Math.min(decodeSlicePixels(format), ...keepingFormat.map((op) => pixelBudget(op, format))),
      );
    }
    expect(SERVICE_FROM_PIXELS).toBeLessThanOrEqual(
      Math.min(...ops.flatMap((op) => (['jpeg', 'png', 'webp'] as const).map((f) => pixelBudget(op, f)))),
    );
  });
});

describe('tool routes answer the documented body (docs/api.md)', () => {
  it('resize keeps the aspect ratio inside the box by default, and presets give their exact size', async () => {
    let res = await toolRequest('modify', png, { operation: 'resize', width: 60, height: 60 });
    expect(await res.json()).toMatchObject({ width: 60, height: 40, format: 'png', operation: 'resize' });
    res = await toolRequest('modify', png, { operation: 'resize', preset: 'thumbnail' });
    expect(await res.json()).toMatchObject({ width: 300, height: 300 });
    res = await toolRequest('modify', png, {
      operation: 'resize',
      width: 50,
      height: 50,
      maintainAspectRatio: 'false',
    });
    expect(await res.json()).toMatchObject({ width: 50, height: 50 });
  });

  it('resize can also choose the format and quality (the batch), and refuses an unknown format', async () => {
    const res = await toolRequest('modify', png, {
      operation: 'resize',
      width: 60,
      height: 60,
      format: 'webp',
      quality: 70,
    });
    expect(res.status).toBe(200);
    const body = await res.json<ToolBody>();
    expect(body).toMatchObject({
      width: 60,
      height: 40,
      format: 'webp',
      operation: 'resize',
      originalSize: png.length,
    });
    const stored = await resultBytes(body.imageUrl);
    expect(String.fromCharCode(...stored.subarray(8, 12))).toBe('WEBP');
    await expect400('modify', { operation: 'resize', width: 60, height: 60, format: 'gif' }, /Format must be one of/);
  });

  it('compress answers imageUrl, size, format, width, height, originalSize and the percent saved', async () => {
    const res = await toolRequest('optimize', png, { operation: 'compress', quality: 60, format: 'jpeg' });
    const body = await res.json<ToolBody & { compressionRatio: number }>();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ format: 'jpeg', width: 120, height: 80, originalSize: png.length });
    // Absolute on the site that asked, so a client fetches it as it is (docs/api.md).
    expect(body.imageUrl).toMatch(/^http:\/\/local\/api\/images\/t[0-9a-z]+-[0-9a-f]{32}$/);
    expect(body.compressionRatio).toBe(Math.max(0, Math.round((1 - body.size / png.length) * 100)));
  });

  it('never returns a bigger file for a same-format compress', async () => {
    const tiny = await encode(syntheticPhoto(200, 150), 'jpeg', { quality: 30 });
    const res = await toolRequest('optimize', tiny, { operation: 'compress', quality: 100 });
    const body = await res.json<ToolBody>();
    expect(body.format).toBe('jpeg');
    expect(body.size).toBeLessThanOrEqual(tiny.length);
    expect(body.engine).toBe('passthrough');
  });

  it('targetBytes lands at or under the target, and says so when it cannot', async () => {
    const photo = await encode(syntheticPhoto(400, 300), 'png', { quality: 100 });
    let body = await (
      await toolRequest('optimize', photo, { operation: 'compress', format: 'jpeg', targetBytes: 20_000 })
    ).json<ToolBody>();
    expect(body.size).toBeLessThanOrEqual(20_000);
    const big = await encode(syntheticPhoto(1000, 800), 'png', { quality: 100 });
    body = await (
      await toolRequest('optimize', big, { operation: 'compress', format: 'jpeg', targetBytes: 1024 })
    ).json<ToolBody>();
    expect(body.size).toBeGreaterThan(1024);
    expect(body.notes.join(' ')).toMatch(
      /Could not reach 1.02 KB; the smallest was [\d.]+ KB \(JPEG at quality 10\)\. A target of \d+ KB or more can be reached/,
    );
  });

  it('quality=auto with format=original keeps the container; format=auto chooses and says why', async () => {
    const photo = await encode(syntheticPhoto(300, 200, 1, 4), 'png', { quality: 100 });
    const kept = await (
      await toolRequest('optimize', photo, { operation: 'compress', quality: 'auto' })
    ).json<ToolBody>();
    expect(kept.format).toBe('png');
    const body = await (
      await toolRequest('optimize', photo, { operation: 'compress', quality: 'auto', format: 'auto' })
    ).json<ToolBody>();
    expect(['jpeg', 'webp']).toContain(body.format);
    expect(body.looksSame).toBe(true);
    expect(body.score).toBeLessThanOrEqual(AUTO_TARGET_SCORE);
    expect(body.size).toBeLessThan(photo.length);
    expect(body.notes.join(' ')).toMatch(
      new RegExp(
        `^${body.format.toUpperCase()} at quality ${body.quality} is the smallest file that looks the same as the original \\((JPEG|WEBP) at quality \\d+ would be \\d+% larger\\)`,
      ),
    );
  });

  it('quality=auto says so, and does not claim "looks the same", when no quality reaches the target', async () => {
    // Per-pixel noise over the whole range: mozjpeg smooths it away at any quality up to the search's top (0.043 at 97).
    const noisy = await encode(syntheticPhoto(300, 200, 1, 255), 'png', { quality: 100 });
    const hard = await (
      await toolRequest('optimize', noisy, { operation: 'compress', quality: 'auto', format: 'jpeg' })
    ).json<ToolBody>();
    expect(hard.looksSame).toBe(false);
    expect(hard.score).toBeGreaterThan(AUTO_TARGET_SCORE);
    expect(hard.notes.join(' ')).toMatch(/No quality up to \d+ looks the same as the original/);
  });

  it('format=auto at a fixed quality keeps the smaller of JPEG and WebP and says by how much', async () => {
    const photo = await encode(syntheticPhoto(300, 200, 1, 4), 'png', { quality: 100 });
    const body = await (
      await toolRequest('optimize', photo, { operation: 'compress', quality: 70, format: 'auto' })
    ).json<ToolBody>();
    expect(body.quality).toBe(70);
    expect(body.notes.join(' ')).toMatch(
      new RegExp(`Saved as ${body.format.toUpperCase()}: at quality 70 it is \\d+% smaller than (JPEG|WEBP)`),
    );
    expect(body.looksSame).toBeUndefined();
  });

  it('a target size with format=auto keeps the fit the judge scores closest to the original', async () => {
    const photo = await encode(syntheticPhoto(300, 200, 1, 4), 'png', { quality: 100 });
    const body = await (
      await toolRequest('optimize', photo, { operation: 'compress', quality: 80, format: 'auto', targetBytes: 12_000 })
    ).json<ToolBody>();
    expect(body.size).toBeLessThanOrEqual(12_000);
    expect(body.score).toBeGreaterThan(0);
    expect(body.notes.join(' ')).toMatch(/also fits but looks further from the original/);
  });

  it('reduces a screenshot PNG to a palette when it stays faithful, and keeps lossless at quality 100', async () => {
    const fills = ['#ffffff', '#e4e4e7', '#dbeafe', '#fef3c7'];
    const inks = ['#18181b', '#1d4ed8', '#b91c1c'];
    // 420 × 420 (0.18 MP): palette reduction runs where oxipng does, on PNGs it finishes within a slice (OXIPNG_MAX_PIXELS).
    const rows = Array.from(
      { length: 10 },
      (_, i) =>
        `<rect x="20" y="${60 + i * 36}" width="${300 + (i % 4) * 30}" height="26" rx="5" fill="${fills[i % 4]}"/><text x="30" y="${78 + i * 36}" font-size="14" fill="${inks[i % 3]}">Row ${i + 1}: settings and buttons</text>`,
    ).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="420"><rect width="420" height="420" fill="#f4f4f5"/><rect width="420" height="44" fill="#4f46e5"/>${rows}</svg>`;
    const raster = await rasteriseSvg(svg);
    expect(raster.width * raster.height).toBeLessThanOrEqual(OXIPNG_MAX_PIXELS);
    const shot = await encode(raster, 'png', { quality: 100, optimise: false });
    const reduced = await (
      await toolRequest('optimize', shot, { operation: 'compress', quality: 80, format: 'png' })
    ).json<ToolBody>();
    const lossless = await (
      await toolRequest('optimize', shot, { operation: 'compress', quality: 100, format: 'png' })
    ).json<ToolBody>();
    expect(lossless.notes.join(' ')).not.toMatch(/Reduced/);
    // Antialiased text gives the picture a few hundred colours: 256 well-chosen ones keep it faithful and much smaller.
    expect(reduced.notes.join(' ')).toMatch(/Reduced to at most 256 colours; the picture looks the same/);
    expect(reduced.score).toBeLessThanOrEqual(PALETTE_MAX_SCORE);
    expect(reduced.size).toBeLessThan(lossless.size * 0.75);
    expect(reduced.size).toBeLessThan(shot.length / 2);
  });
});
