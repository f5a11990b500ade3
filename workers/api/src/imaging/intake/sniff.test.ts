import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CorpusManifest } from '../../../test/corpus-service';
import { pngDeclaring } from '../../../test/helpers';
import { detectFormat, displaySize, readHeader, sniffImage } from './sniff';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const le16 = (n: number) => [n & 255, n >> 8];
const le32 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255];
const be16 = (n: number) => [n >> 8, n & 255];

/** A minimal baseline JPEG skeleton: SOI, optional APP1 Exif, SOF0, SOS, one byte of scan data, EOI. */
function jpeg({ width = 640, height = 480, precision = 8, orientation = 0, eoi = true } = {}) {
  const exif = orientation
    ? [
        0xff,
        0xe1,
        ...be16(2 + 6 + 8 + 2 + 12 + 4),
        ...bytes(
          'Exif\0\0',
          'II',
          le16(42),
          le32(8),
          le16(1),
          le16(274),
          le16(3),
          le32(1),
          le16(orientation),
          [0, 0],
          le32(0),
        ),
      ]
    : [];
  const sof = [0xff, 0xc0, ...be16(11), precision, ...be16(height), ...be16(width), 1, 1, 0x11, 0];
  const sos = [0xff, 0xda, ...be16(8), 1, 1, 0, 0, 63, 0, 0x12];
  return Uint8Array.from([0xff, 0xd8, ...exif, ...sof, ...sos, ...(eoi ? [0xff, 0xd9] : [])]);
}

describe('sniffImage', () => {
  it('recognises formats by their bytes only', () => {
    expect(detectFormat(bytes('GIF89a'))).toBe('gif');
    expect(detectFormat(bytes('RIFF', [0, 0, 0, 0], 'WEBP'))).toBe('webp');
    expect(detectFormat(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    // AVIF and HEIC share the container: the brands tell them apart, an AV1 brand first (ADR 0132).
    expect(detectFormat(bytes([0, 0, 0, 0x1c], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBe('heic');
    expect(detectFormat(bytes([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0], 'mif1avif'))).toBe('avif');
    expect(detectFormat(bytes([0, 0, 0, 0x1c], 'ftypisom', [0, 0, 0, 0], 'isommp41'))).toBeNull();
    expect(detectFormat(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toMatchObject({ ok: false, problem: 'unknown_format' });
  });

  it('reads a JPEG frame size and its EXIF orientation, and turns 5–8 for display', () => {
    const plain = sniffImage(jpeg());
    expect(plain).toEqual({
      ok: true,
      info: { format: 'jpeg', mimeType: 'image/jpeg', width: 640, height: 480, orientation: 1 },
    });
    const turned = sniffImage(jpeg({ orientation: 6 }));
    expect(turned.ok && turned.info.orientation).toBe(6);
    expect(turned.ok && displaySize(turned.info)).toEqual({ width: 480, height: 640 });
  });

  it('refuses a JPEG with no end marker, a 12-bit JPEG, and a zero-sized frame', () => {
    expect(sniffImage(jpeg({ eoi: false }))).toMatchObject({ ok: false, problem: 'corrupt' });
    expect(sniffImage(jpeg({ precision: 12 }))).toMatchObject({ ok: false, problem: 'unsupported' });
    expect(sniffImage(jpeg({ width: 0 }))).toMatchObject({ ok: false, problem: 'corrupt' });
  });

  it('stops at the header of a decompression bomb, in every format', () => {
    const max = { maxPixels: 1_000_000 };
    expect(sniffImage(pngDeclaring(1001, 1000), max)).toMatchObject({ ok: false, problem: 'too_many_pixels' });
    expect(sniffImage(pngDeclaring(1000, 1000), max)).toMatchObject({ ok: true });
    expect(sniffImage(jpeg({ width: 65535, height: 65535 }))).toMatchObject({ ok: false, problem: 'too_many_pixels' });
    const gif = bytes('GIF89a', le16(30000), le16(30000), [0, 0, 0]);
    expect(sniffImage(gif)).toMatchObject({ ok: false, problem: 'too_many_pixels' });
    const bmp = bytes(
      'BM',
      le32(0),
      le32(0),
      le32(54),
      le32(40),
      le32(20000),
      le32(-20000),
      le16(1),
      le16(24),
      le32(0),
    );
    expect(sniffImage(bmp)).toMatchObject({ ok: false, problem: 'too_many_pixels' });
    const vp8x = bytes(
      'RIFF',
      le32(22),
      'WEBP',
      'VP8X',
      le32(10),
      [0, 0, 0, 0],
      [0xff, 0xff, 0xff],
      [0xff, 0xff, 0xff],
    );
    expect(sniffImage(vp8x)).toMatchObject({ ok: false, problem: 'too_many_pixels' });
  });

  it('says when a GIF is animated, and readHeader answers null for what sniffImage refuses', () => {
    const frame = [0x2c, ...le16(0), ...le16(0), ...le16(2), ...le16(2), 0, 2, 2, 0x44, 0x01, 0];
    const gif = (frames: number) =>
      bytes('GIF89a', le16(2), le16(2), [0, 0, 0], ...Array.from({ length: frames }, () => frame), [0x3b]);
    expect(readHeader(gif(1))).toMatchObject({ format: 'gif', width: 2, height: 2, animated: false });
    expect(readHeader(gif(2))).toMatchObject({ format: 'gif', animated: true, frames: 2 });
    expect(readHeader(jpeg({ orientation: 6 }))).toMatchObject({
      format: 'jpeg',
      mimeType: 'image/jpeg',
      orientation: 6,
    });
    expect(readHeader(jpeg({ eoi: false }))).toBeNull();
    expect(readHeader(bytes('hello'))).toBeNull();
  });

  it('refuses a GIF without any image and a BMP whose rows are missing', () => {
    expect(sniffImage(bytes('GIF89a', le16(1), le16(1), [0, 0, 0], [0x3b]))).toMatchObject({
      ok: false,
      problem: 'corrupt',
    });
    const bmp = bytes(
      'BM',
      le32(0),
      le32(0),
      le32(54),
      le32(40),
      le32(10),
      le32(10),
      le16(1),
      le16(24),
      le32(0),
      new Array(20).fill(0),
    );
    expect(sniffImage(bmp)).toMatchObject({ ok: false, problem: 'corrupt' });
  });

  it('refuses a PNG whose CRC is wrong or whose IEND is missing', () => {
    const png = pngDeclaring(2, 2);
    const flipped = png.slice();
    flipped[20] = flipped[20]! ^ 1; // inside IHDR
    expect(sniffImage(flipped)).toMatchObject({ ok: false, problem: 'corrupt' });
    expect(sniffImage(png.subarray(0, png.length - 12))).toMatchObject({ ok: false, problem: 'corrupt' });
  });
});

const manifest = await (await env.CORPUS.fetch('http://corpus/manifest')).json<CorpusManifest>();
const SAMPLES = [
  'formats/sample.jpg',
  'formats/sample.png',
  'formats/sample.webp',
  'formats/palette.gif',
  'formats/sample.bmp',
  'formats/sample.tif',
  'formats/sample.avif',
];

describe.skipIf(!manifest.present)(`sniffImage on cut and damaged corpus files (${manifest.root})`, () => {
  it('never throws, and never reports a different size for any prefix or any flipped byte', async () => {
    for (const path of SAMPLES) {
      const file = new Uint8Array(await (await env.CORPUS.fetch(`http://corpus/file?path=${path}`)).arrayBuffer());
      const whole = sniffImage(file);
      expect(whole.ok, path).toBe(true);
      if (!whole.ok) continue;
      for (let cut = 0; cut < file.length; cut++) {
        const result = sniffImage(file.subarray(0, cut));
        if (result.ok)
          expect({ path, cut, w: result.info.width, h: result.info.height }).toEqual({
            path,
            cut,
            w: whole.info.width,
            h: whole.info.height,
          });
      }
      for (let i = 0; i < Math.min(file.length, 400); i++) {
        const damaged = file.slice();
        damaged[i] = damaged[i]! ^ 0xff;
        expect(() => sniffImage(damaged)).not.toThrow();
      }
    }
  });
});
