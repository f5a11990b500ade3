import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedFolder } from '../../scripts/lib/shared-fixtures';
import { MAX_UPLOAD_BYTES } from '../limits';
import { UNSUPPORTED_IMAGE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '../messages';
import {
  DAMAGED_IMAGE_MESSAGE,
  EMPTY_FILE_MESSAGE,
  checkFileSize,
  checkImageBytes,
  pictureProblem,
  tooManyPixelsMessage,
} from './intake';
import { ACCEPTED_FORMATS, ACCEPTED_FORMATS_TEXT } from './kinds';

const photos = sharedFolder('corpus/photos');

describe('the intake rule the browser and the server share', () => {
  it('refuses an empty file and one byte over the limit by length alone', () => {
    expect(checkFileSize(0)).toMatchObject({ status: 400, message: EMPTY_FILE_MESSAGE });
    expect(checkFileSize(MAX_UPLOAD_BYTES)).toBeNull();
    expect(checkFileSize(MAX_UPLOAD_BYTES + 1)).toMatchObject({ status: 413, message: UPLOAD_TOO_LARGE_MESSAGE });
  });

  it('refuses text renamed to .jpg by its bytes, with the upload wording', () => {
    const result = checkImageBytes(new TextEncoder().encode('hello, I am not a picture'));
    expect(result).toMatchObject({
      ok: false,
      problem: { status: 415, title: 'Invalid file type', message: UNSUPPORTED_IMAGE_MESSAGE },
    });
  });

  it.skipIf(photos.missing)('accepts a real photo and refuses the same photo cut in half as damaged', () => {
    const jpeg = new Uint8Array(readFileSync(join(photos.path, 'hubble_deep_field.jpg')));
    const whole = checkImageBytes(jpeg);
    expect(whole).toMatchObject({ ok: true, info: { format: 'jpeg' } });
    const png = new Uint8Array(readFileSync(join(photos.path, 'chelsea.png')));
    expect(checkImageBytes(png)).toMatchObject({ ok: true, info: { format: 'png' } });
    expect(checkImageBytes(png.subarray(0, png.length >> 1))).toMatchObject({
      ok: false,
      problem: {
        status: 422,
        title: 'Damaged image',
        message: 'This PNG is damaged or incomplete (unexpected end of file). Please try a different image.',
      },
    });
  });

  it('names a JPEG with a bad byte after its start marker as a damaged JPEG, not as "no image"', () => {
    const bad = Uint8Array.from([0xff, 0xd8, 0x00, 0xe0, 0x00, 0x10, ...new Array<number>(32).fill(0)]);
    expect(checkImageBytes(bad)).toMatchObject({
      ok: false,
      problem: {
        status: 422,
        code: 'unprocessable_image',
        message:
          'This JPEG is damaged or incomplete (no marker after the start-of-image marker). Please try a different image.',
      },
    });
    expect(DAMAGED_IMAGE_MESSAGE).toMatch(/damaged or incomplete/);
  });

  it.skipIf(photos.missing)('refuses a picture over the pixel budget, naming the budget', () => {
    const png = new Uint8Array(readFileSync(join(photos.path, 'chelsea.png')));
    // chelsea.png is 451 × 300; the sentence names the budget in megapixels.
    expect(checkImageBytes(png, { maxPixels: 100_000 })).toMatchObject({
      ok: false,
      problem: { status: 413, title: 'Image too large' },
    });
    expect(tooManyPixelsMessage(40_000_000)).toBe(
      'This image has too many pixels. Please upload an image under 40 megapixels.',
    );
  });

  it('names exactly the accepted formats, from the one list', () => {
    expect(ACCEPTED_FORMATS_TEXT).toBe('JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC');
    expect(UNSUPPORTED_IMAGE_MESSAGE).toBe(
      'Please upload an image file (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC).',
    );
    expect(ACCEPTED_FORMATS).toEqual(expect.arrayContaining(['avif', 'heic']));
  });

  it('refuses what no tool could work on, naming the limit, and passes the rest', () => {
    const sized = (
      format: 'jpeg' | 'bmp' | 'tiff' | 'gif' | 'webp' | 'avif' | 'heic',
      width: number,
      height: number,
      more = {},
    ) => pictureProblem({ format, width, height, ...more });
    // AVIF: only the isolate reads it, up to 1,200 px a side (ADR 0132); HEIC like any photo the service reads.
    expect(sized('avif', 1_200, 1_200)).toBeNull();
    expect(sized('avif', 1_201, 800)).toMatchObject({
      status: 413,
      message:
        'AVIF pictures are taken up to 1,200 pixels a side; this one is 1,201 × 800. Please save it as JPEG or PNG (or make it smaller) and try again.',
    });
    expect(sized('heic', 4032, 3024)).toBeNull();
    expect(sized('jpeg', 193, 31_237)).toMatchObject({
      status: 413,
      message:
        'This picture is 193 × 31,237 pixels; we take pictures of at most 12,000 pixels a side. Please crop or resize it and try again.',
    });
    expect(sized('jpeg', 12_000, 4000)).toBeNull();
    expect(sized('jpeg', 1, 1)).toBeNull();
    expect(sized('bmp', 2000, 1300)).toMatchObject({
      status: 413,
      message:
        'BMP pictures are taken up to 1.9 megapixels; this one is 2.6 megapixels. Please save it as JPEG or PNG (or make it smaller) and try again.',
    });
    expect(sized('tiff', 1900, 1000)).toBeNull();
    expect(sized('gif', 1500, 1200, { animated: true, frames: 30 })).toMatchObject({
      status: 413,
      message: expect.stringMatching(/^This GIF is an animation of 30 frames, 54 megapixels in all/),
    });
    // Small frames are taken however many there are: the tools' limit of 300 frames is the engine's, answered where
    // every frame would be worked on, so `frames=first` still works on them (ADR 0137).
    expect(sized('gif', 400, 500, { animated: true, frames: 400 })).toBeNull();
    // An animated WebP is taken: its frames are read by core/animation/, each decoded by libwebp (ADR 0137).
    expect(sized('webp', 48, 32, { animated: true, frames: 3 })).toBeNull();
  });
});
