import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedFolder } from '../../scripts/lib/shared-fixtures';
import { MAX_UPLOAD_BYTES } from '../limits';
import { UNSUPPORTED_IMAGE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '../messages';
import { DAMAGED_IMAGE_MESSAGE, EMPTY_FILE_MESSAGE, checkFileSize, checkImageBytes, tooManyPixelsMessage } from './intake';

const photos = sharedFolder('corpus/photos');

describe('the intake rule the browser and the server share', () => {
  it('refuses an empty file and one byte over the limit by length alone', () => {
    expect(checkFileSize(0)).toMatchObject({ status: 400, message: EMPTY_FILE_MESSAGE });
    expect(checkFileSize(MAX_UPLOAD_BYTES)).toBeNull();
    expect(checkFileSize(MAX_UPLOAD_BYTES + 1)).toMatchObject({ status: 413, message: UPLOAD_TOO_LARGE_MESSAGE });
  });

  it('refuses text renamed to .jpg by its bytes, with the upload wording', () => {
    const result = checkImageBytes(new TextEncoder().encode('hello, I am not a picture'));
    expect(result).toMatchObject({ ok: false, problem: { status: 415, title: 'Invalid file type', message: UNSUPPORTED_IMAGE_MESSAGE } });
  });

  it.skipIf(photos.missing)('accepts a real photo and refuses the same photo cut in half as damaged', () => {
    const jpeg = new Uint8Array(readFileSync(join(photos.path, 'hubble_deep_field.jpg')));
    const whole = checkImageBytes(jpeg);
    expect(whole).toMatchObject({ ok: true, info: { format: 'jpeg' } });
    const png = new Uint8Array(readFileSync(join(photos.path, 'chelsea.png')));
    expect(checkImageBytes(png)).toMatchObject({ ok: true, info: { format: 'png' } });
    expect(checkImageBytes(png.subarray(0, png.length >> 1))).toMatchObject({
      ok: false,
      problem: { status: 422, title: 'Damaged image', message: 'This PNG is damaged or incomplete (unexpected end of file). Please try a different image.' },
    });
  });

  it('names a JPEG with a bad byte after its start marker as a damaged JPEG, not as "no image"', () => {
    const bad = Uint8Array.from([0xff, 0xd8, 0x00, 0xe0, 0x00, 0x10, ...new Array<number>(32).fill(0)]);
    expect(checkImageBytes(bad)).toMatchObject({
      ok: false,
      problem: { status: 422, code: 'unprocessable_image', message: 'This JPEG is damaged or incomplete (no marker after the start-of-image marker). Please try a different image.' },
    });
    expect(DAMAGED_IMAGE_MESSAGE).toMatch(/damaged or incomplete/);
  });

  it.skipIf(photos.missing)('refuses a picture over the pixel budget, naming the budget', () => {
    const png = new Uint8Array(readFileSync(join(photos.path, 'chelsea.png')));
    // chelsea.png is 451 × 300; the sentence names the budget in megapixels.
    expect(checkImageBytes(png, { maxPixels: 100_000 })).toMatchObject({ ok: false, problem: { status: 413, title: 'Image too large' } });
    expect(tooManyPixelsMessage(40_000_000)).toBe('This image has too many pixels. Please upload an image under 40 megapixels.');
  });
});
