import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { box, heifFile, ispe } from '../../../scripts/lib/heif-boxes';
import { heifEnc, makeHeic } from '../../../scripts/lib/make-heic';
import { sharedFolder } from '../../../scripts/lib/shared-fixtures';
import { readAvif } from './avif';
import { readHeic } from './heic';
import { ftypBrands, heifExif, heifKind } from './isobmff';
import { ImageProblem } from './shared';

const corpus = sharedFolder('corpus');
const options = { maxPixels: 50_000_000 };
const skip = corpus.missing ?? heifEnc.missing;

/** The offset of the first box of this type, searched as bytes (enough for the test's own files). */
const find = (bytes: Uint8Array, type: string) => Buffer.from(bytes).indexOf(type) - 4;

describe('HEIF headers (AVIF and HEIC)', () => {
  // heif-enc (x265) takes seconds on a loaded machine.
  it.skipIf(skip)('reads a real HEIC: size, brand and its EXIF block with the GPS', { timeout: 60_000 }, () => {
    const heic = makeHeic(join(corpus.path, 'exif/jpg/gps/DSCN0010.jpg'));
    expect(heifKind(ftypBrands(heic))).toBe('heic');
    expect(readHeic(heic, options)).toEqual({ width: 640, height: 480, orientation: 1 });
    const exif = heifExif(heic);
    expect(exif && String.fromCharCode(...exif.subarray(0, 2))).toMatch(/^(II|MM)$/);
    // The GPS IFD pointer (tag 0x8825) is in the block, as exiftool finds it in the file.
    const tag = exif![0] === 0x49 ? [0x25, 0x88] : [0x88, 0x25];
    expect(Buffer.from(exif!).indexOf(Buffer.from(tag))).toBeGreaterThan(0);
    // An AVIF reader refuses it: the brand names HEVC pictures.
    expect(() => readAvif(heic, options)).toThrow(/not an AVIF brand/);
  });

  it.skipIf(skip)(
    'refuses a HEIC cut short, one declaring a huge size, and a non-HEIC that names the brand',
    { timeout: 60_000 },
    () => {
      const heic = makeHeic(join(corpus.path, 'exif/jpg/gps/DSCN0010.jpg'));
      expect(() => readHeic(heic.subarray(0, heic.length >> 1), options)).toThrow(/overruns its parent/);
      const huge = heic.slice();
      const ispe = find(huge, 'ispe');
      new DataView(huge.buffer).setUint32(ispe + 12, 60_000);
      new DataView(huge.buffer).setUint32(ispe + 16, 60_000);
      expect(() => readHeic(huge, options)).toThrow(
        expect.objectContaining({ kind: 'too_many_pixels' }) as ImageProblem,
      );
      const fake = new Uint8Array([
        0,
        0,
        0,
        20,
        ...Buffer.from('ftypheic'),
        0,
        0,
        0,
        0,
        ...Buffer.from('mif1'),
        ...Buffer.from('this is no picture at all'),
      ]);
      expect(heifKind(ftypBrands(fake))).toBe('heic');
      expect(() => readHeic(fake, options)).toThrow(ImageProblem);
    },
  );

  it.skipIf(corpus.missing)('reads the real AVIF and finds no EXIF in it', () => {
    const avif = new Uint8Array(readFileSync(join(corpus.path, 'formats/sample.avif')));
    expect(heifKind(ftypBrands(avif))).toBe('avif');
    expect(readAvif(avif, options)).toMatchObject({ width: 23, height: 42 });
    expect(heifExif(avif)).toBeNull();
  });

  it('gives the primary item size, and its irot as the EXIF orientation that turns the same way', () => {
    // Item 1 (primary) has properties 2 (its ispe) and 3 (irot); property 1 is a larger tile's ispe, as in a grid.
    const file = (irot: number) =>
      heifFile([ispe(4096, 3072), ispe(4032, 3024), box('irot', [irot])], [[1, [2, 0x82, 3]]]);
    expect([0, 1, 2, 3].map((r) => readHeic(file(r), options))).toEqual(
      [1, 8, 3, 6].map((orientation) => ({ width: 4032, height: 3024, orientation })),
    );
    // The largest item is still held to the pixel budget.
    expect(() => readHeic(file(0), { maxPixels: 4032 * 3024 })).toThrow(
      expect.objectContaining({ kind: 'too_many_pixels' }) as ImageProblem,
    );
  });

  it.skipIf(heifEnc.missing)(
    'reads a small HEIC at its own size, not its padded tile (heif-enc writes a 64 × 32 picture as a grid of one 64 × 64 tile)',
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'heic-test-'));
      try {
        const w = 64;
        const h = 32;
        writeFileSync(
          join(dir, 'small.jpg'),
          await sharp(Buffer.alloc(w * h * 3, 200), { raw: { width: w, height: h, channels: 3 } })
            .jpeg()
            .toBuffer(),
        );
        expect(readHeic(makeHeic(join(dir, 'small.jpg')), options)).toEqual({ width: 64, height: 32, orientation: 1 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
