/**
 * A PNG whose palette no decoder takes is refused by the header reader, by name (ADR 0151): before, an indexed PNG
 * too large to decode at intake was stored byte for byte and every tool then failed on it. Each refusal here is one
 * libvips (the image service offline, libspng inside) refuses too, and each PNG taken is one it reads.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../crc32';
import { checkImageBytes } from '../intake';
import { sniffImage } from '../sniff';

const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
function chunk(type: string, data: ArrayLike<number>): number[] {
  const body = [...type].map((c) => c.charCodeAt(0)).concat(Array.from(data));
  return [...u32(data.length), ...body, ...u32(crc32(Uint8Array.from(body), 0, body.length))];
}

interface Shape {
  colourType?: number;
  /** The PLTE chunk's bytes, or null for none. */
  palette?: number[] | null;
  where?: 'before' | 'after' | 'twice';
  size?: number;
}

/** A PNG of `size`² pixels at 8 bits, every sample 0 (palette index 0), with the palette placed as asked. */
function png({ colourType = 3, palette = [255, 0, 0], where = 'before', size = 64 }: Shape): Uint8Array {
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colourType]!;
  const idat = chunk('IDAT', deflateSync(new Uint8Array(size * (size * channels + 1))));
  const plte = palette ? chunk('PLTE', palette) : [];
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const ihdr = chunk('IHDR', [...u32(size), ...u32(size), 8, colourType, 0, 0, 0]);
  const before = where === 'after' ? [] : where === 'twice' ? [...plte, ...plte] : plte;
  return Uint8Array.from([
    ...signature,
    ...ihdr,
    ...before,
    ...idat,
    ...(where === 'after' ? plte : []),
    ...chunk('IEND', []),
  ]);
}

const libvipsReads = (bytes: Uint8Array) =>
  sharp(bytes, { failOn: 'error' })
    .raw()
    .toBuffer()
    .then(
      () => true,
      () => false,
    );

describe('PNG palettes', () => {
  it.each([
    ['an empty palette', { palette: [] }, 'the palette (PLTE) is empty'],
    ['no palette at all', { palette: null }, 'no palette (PLTE) before the image data'],
    ['a palette after the image data', { where: 'after' }, 'no palette (PLTE) before the image data'],
    ['two palettes', { where: 'twice' }, 'two palettes (PLTE)'],
    ['a palette of 4 bytes', { palette: [1, 2, 3, 4] }, 'a palette (PLTE) of 4 bytes, not 1 to 256 colours of 3 bytes'],
    [
      'a palette of 257 colours',
      { palette: new Array<number>(771).fill(9) },
      'a palette (PLTE) of 771 bytes, not 1 to 256 colours of 3 bytes',
    ],
    ['a truecolour PNG with an empty palette', { colourType: 2, palette: [] }, 'the palette (PLTE) is empty'],
  ] as const)('refuses an indexed PNG with %s, which libvips cannot read either', async (_, shape, detail) => {
    const bytes = png(shape as Shape);
    expect(sniffImage(bytes)).toMatchObject({ ok: false, problem: 'corrupt', detail, format: 'png' });
    expect(await libvipsReads(bytes)).toBe(false);
  });

  it('names it in the words every route answers: a 2,000² indexed PNG with an empty palette, over the intake decode', () => {
    // Larger than intake decodes (so its pixels were never tried there): the header is what refuses it now.
    expect(checkImageBytes(png({ palette: [], size: 2000 }))).toMatchObject({
      ok: false,
      problem: {
        status: 422,
        code: 'unprocessable_image',
        message: 'This PNG is damaged or incomplete (the palette (PLTE) is empty). Please try a different image.',
      },
    });
  });

  it.each([
    ['a palette of one colour', {}],
    ['a palette of 256 colours', { palette: new Array<number>(768).fill(7) }],
    ['a greyscale PNG with an empty palette', { colourType: 0, palette: [] }],
    ['a truecolour PNG with a suggested palette of 4 bytes', { colourType: 2, palette: [1, 2, 3, 4] }],
    ['a truecolour PNG with its suggested palette after the image data', { colourType: 6, where: 'after' }],
  ] as const)('takes %s, as libvips does', async (_, shape) => {
    const bytes = png(shape as Shape);
    expect(sniffImage(bytes)).toMatchObject({ ok: true, info: { format: 'png' } });
    expect(await libvipsReads(bytes)).toBe(true);
  });
});
