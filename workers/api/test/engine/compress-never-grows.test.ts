import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { encode } from '../../src/imaging/codecs/encode';
import { corpusFile, resultBytes, toolRequest, type ToolBody } from '../support/corpus';

// A compress never answers a larger file than it was given (keep-original.ts, ADR 0123): whatever the format, the
// quality, auto or a target size, the answer is at most the size of the file sent, and says when it is that file.

type Body = ToolBody & { keptOriginal?: boolean; engine: string; originalSize: number; looksSame?: boolean };

async function photo(format: 'tiff' | 'gif' | 'jpeg', width = 240, height = 160, quality = 85): Promise<Uint8Array> {
  const res = await env.PHOTOS.fetch('http://photos/photo', {
    method: 'POST',
    body: JSON.stringify({ width, height, format, quality }),
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** Two flat colours: PNG stores it in a few hundred bytes, where any JPEG or WebP is larger. */
const flatPng = () => {
  const data = new Uint8ClampedArray(200 * 120 * 4);
  for (let i = 0; i < data.length; i += 4) data.set(i < data.length / 2 ? [230, 40, 40, 255] : [40, 40, 230, 255], i);
  return encode({ data, width: 200, height: 120 }, 'png', { quality: 100 });
};

async function compress(bytes: Uint8Array, fields: Record<string, string | number>, route = 'optimize') {
  const res = await toolRequest(route, bytes, { operation: 'compress', ...fields });
  const body = await res.json<Body>();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

describe('compress never grows a file', () => {
  it('keeps an LZW TIFF that re-encoding would triple, says so, and answers its bytes untouched', async () => {
    const tiff = await photo('tiff');
    const body = await compress(tiff, { quality: 80 });
    expect(body).toMatchObject({
      format: 'tiff',
      keptOriginal: true,
      engine: 'passthrough',
      size: tiff.length,
      originalSize: tiff.length,
      compressionRatio: 0,
    });
    expect(body.notes[0]).toMatch(
      /^The original \([\d.]+ KB\) was already smaller than anything we could make \(at best a [\d.]+ (KB|MB) TIFF\); we kept it\.$/,
    );
    expect(body.notes.join(' ')).toMatch(/TIFF files are not made smaller here: choose JPEG, WebP or PNG/);
    expect(await resultBytes(body.imageUrl)).toEqual(tiff);
  });

  it('with quality=auto the kept TIFF is the original itself: it looks the same, score 0', async () => {
    const tiff = await photo('tiff', 120, 80);
    const body = await compress(tiff, { quality: 'auto' });
    expect(body).toMatchObject({ keptOriginal: true, looksSame: true, score: 0, size: tiff.length });
  });

  it('still converts a TIFF to a smaller JPEG when JPEG is asked and is smaller', async () => {
    const tiff = await photo('tiff');
    const body = await compress(tiff, { quality: 80, format: 'jpeg' });
    expect(body.format).toBe('jpeg');
    expect(body.keptOriginal).toBeUndefined();
    expect(body.size).toBeLessThan(tiff.length);
  });

  it('keeps a flat PNG when JPEG, WebP or auto would be larger, even though another format was asked', async () => {
    const png = await flatPng();
    for (const format of ['jpeg', 'webp', 'auto']) {
      const body = await compress(png, { quality: 95, format });
      expect(body, format).toMatchObject({ format: 'png', keptOriginal: true, size: png.length });
      expect(body.notes[0]).toMatch(/at best a .* (JPEG|WebP)\); we kept it\./);
    }
  });

  it('keeps a file already under the target size instead of filling the target', async () => {
    const jpeg = await photo('jpeg', 160, 120, 40);
    const body = await compress(jpeg, { format: 'jpeg', targetBytes: jpeg.length * 4 });
    expect(body).toMatchObject({ keptOriginal: true, format: 'jpeg' });
    expect(body.size).toBeLessThanOrEqual(jpeg.length);
  });

  it('the batch compress (Modify) keeps the rule too', async () => {
    const tiff = await photo('tiff', 160, 120);
    const body = await compress(tiff, { quality: 90 }, 'modify');
    expect(body).toMatchObject({ keptOriginal: true, size: tiff.length });
  });

  it('answers at most the size sent for every accepted format, format and quality', { timeout: 120_000 }, async () => {
    const files: [string, Uint8Array][] = [
      ['LZW TIFF', await photo('tiff', 96, 64)],
      ['GIF', await photo('gif', 96, 64)],
      ['JPEG q30', await photo('jpeg', 96, 64, 30)],
      ['flat PNG', await flatPng()],
      ['BMP', await corpusFile('formats/sample.bmp')],
      ['palette GIF', await corpusFile('formats/palette.gif')],
      ['TIFF', await corpusFile('formats/sample.tif')],
      ['WebP', await corpusFile('formats/sample.webp')],
    ];
    for (const [name, bytes] of files) {
      for (const format of ['original', 'auto', 'jpeg', 'webp', 'png']) {
        for (const quality of [90, 'auto'] as const) {
          const body = await compress(bytes, { format, quality });
          expect(body.size, `${name} → ${format} at ${quality}: ${body.notes.join(' ')}`).toBeLessThanOrEqual(
            bytes.length,
          );
          if (body.keptOriginal) expect(body.notes[0], name).toMatch(/we kept it\.$/);
        }
      }
    }
  });
});
