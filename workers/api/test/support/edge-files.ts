/**
 * The edge files every route must judge alike (test/routes/intake-routes.test.ts): made by ImageMagick (or sharp) on the
 * Node side through the IMAGEMAGICK service, then some damaged, extended or relabelled byte by byte (edge-bytes.ts).
 * Each says what intake must answer: accepted, or refused with this status and words.
 */
import { env } from 'cloudflare:workers';
import { pngDeclaring } from '../helpers';
import { corpusFile } from './corpus';
import { cut, join, jpegWithBadScan, pngWithBadPixels, text, topDownBmp, withJpegSize } from './edge-bytes';

export type Verdict = 'accept' | { status: number; code: string; error: RegExp };

export interface EdgeFile {
  name: string;
  bytes: Uint8Array;
  expect: Verdict;
}

/** An edge file whose bytes may still be being made. */
type Pending = Omit<EdgeFile, 'bytes'> & { bytes: Uint8Array | Promise<Uint8Array> };

type Recipe = { args: string[] } | { sharp: { width: number; height: number; format: 'jpeg' | 'png' | 'webp' } };

async function make(recipe: Recipe): Promise<Uint8Array> {
  const res = await env.IMAGEMAGICK.fetch('http://magick/make', { method: 'POST', body: JSON.stringify(recipe) });
  if (!res.ok) throw new Error(`could not make an edge file: ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** A picture with detail in it (gradients and shapes), so codecs and damage behave as on a photo. */
const picture = (size = '64x48') => [
  '-size',
  size,
  'gradient:#2060c0-#f0c040',
  '-fill',
  '#c02020',
  '-draw',
  'circle 20,20 30,28',
  '-fill',
  '#20a040',
  '-draw',
  'rectangle 36,8 56,40',
];
const im = (...args: string[]) => make({ args });

const damaged = (format: string) => ({
  status: 422,
  code: 'unprocessable_image',
  error: new RegExp(`^This ${format} (is damaged or incomplete|could not be decoded)`),
});
const tooLarge = (error: RegExp) => ({ status: 413, code: 'payload_too_large', error });
const TOO_MANY_PIXELS = tooLarge(/^This image has too many pixels\. Please upload an image under 50 megapixels\.$/);
const NOT_AN_IMAGE = {
  status: 415,
  code: 'unsupported_media_type',
  error: /^Please upload an image file \(JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC\)\.$/,
};

export async function edgeFiles(): Promise<EdgeFile[]> {
  // Every file is made at once (each is a convert process of its own on the Node side), then awaited in order.
  const [jpeg, png, webp, gif, bmp24, tiff] = await Promise.all([
    im(...picture(), '-quality', '85', 'jpg:OUT'),
    im(...picture(), 'png:OUT'),
    im(...picture(), '-quality', '80', 'webp:OUT'),
    im(...picture(), 'gif:OUT'),
    im(...picture(), 'bmp3:OUT'),
    im(...picture(), '-compress', 'LZW', 'tiff:OUT'),
  ]);
  const pending: Pending[] = [
    // Extreme sizes and aspect ratios.
    {
      name: 'tall JPEG 193×31,237',
      bytes: make({ sharp: { width: 193, height: 31_237, format: 'jpeg' } }),
      expect: tooLarge(
        /^This picture is 193 × 31,237 pixels; we take pictures of at most 12,000 pixels a side\. Please crop or resize it and try again\.$/,
      ),
    },
    {
      name: 'wide PNG 12,001×2',
      bytes: im('-size', '12001x2', 'gradient:red-blue', 'png:OUT'),
      expect: tooLarge(/^This picture is 12,001 × 2 pixels; we take pictures of at most 12,000 pixels a side/),
    },
    { name: 'long PNG 40×12,000', bytes: im('-size', '40x12000', 'gradient:red-blue', 'png:OUT'), expect: 'accept' },
    { name: 'tiny 1×1 PNG', bytes: im('-size', '1x1', 'xc:#c02020', 'png:OUT'), expect: 'accept' },
    { name: 'tiny 1×1 JPEG', bytes: im('-size', '1x1', 'xc:#c02020', 'jpg:OUT'), expect: 'accept' },
    { name: 'tiny 1×1 GIF', bytes: im('-size', '1x1', 'xc:#c02020', 'gif:OUT'), expect: 'accept' },
    { name: 'tiny 1×1 WebP', bytes: im('-size', '1x1', 'xc:#c02020', 'webp:OUT'), expect: 'accept' },
    { name: 'tiny 1×1 BMP', bytes: im('-size', '1x1', 'xc:#c02020', 'bmp3:OUT'), expect: 'accept' },
    { name: 'tiny 1×1 TIFF', bytes: im('-size', '1x1', 'xc:#c02020', 'tiff:OUT'), expect: 'accept' },
    // Declared sizes no one should decode.
    { name: 'PNG declaring 100,000×100,000', bytes: pngDeclaring(100_000, 100_000), expect: TOO_MANY_PIXELS },
    { name: 'JPEG declaring 65,000×65,000', bytes: withJpegSize(jpeg, 65_000, 65_000), expect: TOO_MANY_PIXELS },
    { name: 'JPEG declaring 9,000×6,000 (54 MP)', bytes: withJpegSize(jpeg, 9000, 6000), expect: TOO_MANY_PIXELS },
    // Colour and depth variants.
    { name: 'CMYK JPEG', bytes: im(...picture(), '-colorspace', 'CMYK', 'jpg:OUT'), expect: 'accept' },
    { name: 'greyscale JPEG', bytes: im(...picture(), '-colorspace', 'Gray', 'jpg:OUT'), expect: 'accept' },
    { name: 'progressive JPEG', bytes: im(...picture(), '-interlace', 'Plane', 'jpg:OUT'), expect: 'accept' },
    { name: '16-bit PNG', bytes: im(...picture(), '-depth', '16', 'png48:OUT'), expect: 'accept' },
    {
      name: '16-bit PNG with alpha',
      bytes: im(
        ...picture(),
        '-alpha',
        'set',
        '-channel',
        'A',
        '-evaluate',
        'set',
        '60%',
        '+channel',
        '-depth',
        '16',
        'png64:OUT',
      ),
      expect: 'accept',
    },
    {
      name: 'interlaced palette PNG',
      bytes: im(...picture(), '-colors', '16', '-interlace', 'PNG', 'png8:OUT'),
      expect: 'accept',
    },
    // Animations.
    {
      name: 'animated GIF',
      bytes: im('-delay', '10', '-size', '48x32', 'xc:#c02020', 'xc:#20a040', 'xc:#2060c0', '-loop', '0', 'gif:OUT'),
      expect: 'accept',
    },
    {
      name: 'animated WebP',
      bytes: im('-delay', '10', '-size', '48x32', 'xc:#c02020', 'xc:#20a040', 'xc:#2060c0', '-loop', '0', 'webp:OUT'),
      expect: 'accept',
    },
    // TIFF variants.
    { name: 'TIFF uncompressed', bytes: im(...picture(), '-compress', 'None', 'tiff:OUT'), expect: 'accept' },
    { name: 'TIFF LZW', bytes: tiff, expect: 'accept' },
    { name: 'TIFF Deflate', bytes: im(...picture(), '-compress', 'Zip', 'tiff:OUT'), expect: 'accept' },
    { name: 'TIFF PackBits', bytes: im(...picture(), '-compress', 'RLE', 'tiff:OUT'), expect: 'accept' },
    { name: 'TIFF JPEG-compressed', bytes: im(...picture(), '-compress', 'JPEG', 'tiff:OUT'), expect: 'accept' },
    {
      name: 'TIFF tiled',
      bytes: im(...picture(), '-define', 'tiff:tile-geometry=16x16', 'tiff:OUT'),
      expect: 'accept',
    },
    { name: 'TIFF 16-bit', bytes: im(...picture(), '-depth', '16', 'tiff:OUT'), expect: 'accept' },
    { name: 'TIFF big-endian', bytes: im(...picture(), '-endian', 'MSB', 'tiff:OUT'), expect: 'accept' },
    { name: 'TIFF greyscale', bytes: im(...picture(), '-colorspace', 'Gray', 'tiff:OUT'), expect: 'accept' },
    { name: 'TIFF palette', bytes: im(...picture(), '-type', 'Palette', 'tiff:OUT'), expect: 'accept' },
    { name: 'TIFF with alpha', bytes: im(...picture(), '-alpha', 'set', 'tiff:OUT'), expect: 'accept' },
    // utif2 reads no CMYK TIFF: refused everywhere, in the same words.
    { name: 'TIFF CMYK', bytes: im(...picture(), '-colorspace', 'CMYK', 'tiff:OUT'), expect: damaged('TIFF') },
    { name: 'TIFF of two pages', bytes: im(...picture(), ...picture(), 'tiff:OUT'), expect: 'accept' },
    // BMP variants.
    { name: 'BMP 24-bit', bytes: bmp24, expect: 'accept' },
    { name: 'BMP 24-bit top-down', bytes: topDownBmp(bmp24), expect: 'accept' },
    { name: 'BMP 32-bit with alpha', bytes: im(...picture(), '-alpha', 'set', 'bmp:OUT'), expect: 'accept' },
    {
      name: 'BMP 16-bit RGB565',
      bytes: im(...picture(), '-define', 'bmp:subtype=RGB565', 'bmp:OUT'),
      expect: 'accept',
    },
    { name: 'BMP 8-bit palette', bytes: im(...picture(), '-type', 'Palette', 'bmp3:OUT'), expect: 'accept' },
    {
      name: 'BMP 4-bit palette',
      bytes: im(...picture(), '-colors', '16', '-type', 'Palette', '-depth', '4', 'bmp3:OUT'),
      expect: 'accept',
    },
    { name: 'BMP 1-bit', bytes: im(...picture(), '-type', 'Bilevel', 'bmp3:OUT'), expect: 'accept' },
    { name: 'BMP RLE8', bytes: im(...picture(), '-type', 'Palette', '-compress', 'RLE', 'bmp3:OUT'), expect: 'accept' },
    { name: 'BMP OS/2 (version 2)', bytes: im(...picture(), '-type', 'Palette', 'bmp2:OUT'), expect: 'accept' },
    // The size limit of the formats only the isolate reads (core/images/intake.ts), at and over it.
    {
      name: 'BMP 1,600×1,180 (1.9 MP)',
      bytes: im('-size', '1600x1180', 'gradient:#2060c0-#f0c040', 'bmp3:OUT'),
      expect: 'accept',
    },
    {
      name: 'TIFF 1,600×1,180 (1.9 MP)',
      bytes: im('-size', '1600x1180', 'gradient:#2060c0-#f0c040', '-compress', 'LZW', 'tiff:OUT'),
      expect: 'accept',
    },
    {
      name: 'BMP 2,000×1,300 (2.6 MP)',
      bytes: im('-size', '2000x1300', 'gradient:#2060c0-#f0c040', 'bmp3:OUT'),
      expect: tooLarge(
        /^BMP pictures are taken up to 1\.9 megapixels; this one is 2\.6 megapixels\. Please save it as JPEG or PNG/,
      ),
    },
    {
      name: 'animated GIF of 30 frames of 1.8 MP',
      // +dither: the same bytes (each frame is one colour, nothing to dither) at 4.5 CPU s instead of 10.5 (ADR 0202).
      bytes: im(
        '-size',
        '1500x1200',
        ...Array.from({ length: 30 }, (_, i) => `xc:rgb(${i * 8},80,160)`),
        '+dither',
        'gif:OUT',
      ),
      expect: tooLarge(/^This GIF is an animation of 30 frames, 54 megapixels in all/),
    },
    // Damaged files, named as damaged by their format.
    { name: 'JPEG cut short', bytes: cut(jpeg, 0.6), expect: damaged('JPEG') },
    { name: 'JPEG with a broken scan', bytes: jpegWithBadScan(jpeg), expect: damaged('JPEG') },
    { name: 'PNG cut short', bytes: cut(png, 0.6), expect: damaged('PNG') },
    { name: 'PNG with undecodable pixel data', bytes: pngWithBadPixels(), expect: damaged('PNG') },
    { name: 'WebP cut short', bytes: cut(webp, 0.6), expect: damaged('WebP') },
    { name: 'GIF cut short', bytes: cut(gif, 0.6), expect: damaged('GIF') },
    { name: 'BMP cut short', bytes: cut(bmp24, 0.6), expect: damaged('BMP') },
    { name: 'TIFF cut short', bytes: cut(tiff, 0.6), expect: damaged('TIFF') },
    // Something after the picture: accepted, and only the picture goes on.
    {
      name: 'PNG with a zip appended',
      bytes: join(png, text('PK\u0003\u0004<script>alert(1)</script>')),
      expect: 'accept',
    },
    { name: 'JPEG with text appended', bytes: join(jpeg, text('trailing garbage')), expect: 'accept' },
    { name: 'WebP with bytes appended', bytes: join(webp, text('trailing garbage!')), expect: 'accept' },
    { name: 'GIF with bytes appended', bytes: join(gif, text('trailing garbage')), expect: 'accept' },
    // Not what we take.
    { name: 'text named .jpg', bytes: text('hello, I am not a picture'), expect: NOT_AN_IMAGE },
    // Recognised, and named by what it is (core/images/foreign.ts).
    {
      name: 'SVG',
      bytes: text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      expect: {
        status: 415,
        code: 'unsupported_media_type',
        error:
          /^SVG drawings are not accepted yet\. Please upload an image file \(JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC\)\.$/,
      },
    },
    {
      name: 'JPEG XL codestream',
      bytes: Uint8Array.from([0xff, 0x0a, 0x48, 0x01, 0x2c, 0x80, 0x84, 0xe2, 0x42, 0, 0x12, 0x88]),
      expect: {
        status: 415,
        code: 'unsupported_media_type',
        error: /^JPEG XL pictures are not accepted yet\. Please upload/,
      },
    },
  ];
  const files: EdgeFile[] = await Promise.all(pending.map(async (file) => ({ ...file, bytes: await file.bytes })));
  const avif = await corpusFile('formats/sample.avif').catch(() => null);
  // A real AVIF: every route takes it (ADR 0132).
  if (avif) files.push({ name: 'AVIF', bytes: avif, expect: 'accept' });
  return files;
}
