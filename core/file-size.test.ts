import { describe, expect, it } from 'vitest';
import { formatBytes } from './file-size';
import { HTML_MAX_BYTES } from './tools/html-options';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from './limits';
import { WATERMARK_LOGO_MAX_BYTES } from './tools/watermark-options';

describe('formatBytes: decimal KB and MB, three significant figures', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [999, '999 bytes'],
    [1000, '1 KB'],
    [9874, '9.87 KB'],
    [516_959, '517 KB'],
    [498_012, '498 KB'],
    [999_999, '1 MB'],
    // The reviewer's photo: 3,754,376 bytes is 3.75 MB (it read "3.58 MB", which was MiB labelled MB).
    [3_754_376, '3.75 MB'],
    [2_007_362, '2.01 MB'],
    [2_052_171, '2.05 MB'],
    [12_345_678_901, '12.3 GB'],
  ])('%d bytes reads "%s"', (bytes, words) => {
    expect(formatBytes(bytes)).toBe(words);
  });

  it('writes the limits people read as the round numbers they are', () => {
    // The upload limit is the product's 10 × 1024 × 1024 bytes, said as "10 MB" (core/limits.ts): written out in
    // decimal units it would read 10.5 MB, so its words come from MAX_UPLOAD_MB.
    expect(MAX_UPLOAD_BYTES).toBe(MAX_UPLOAD_MB * 1024 * 1024);
    expect(formatBytes(MAX_UPLOAD_BYTES)).toBe('10.5 MB');
    expect(formatBytes(HTML_MAX_BYTES)).toBe('1 MB');
    expect(formatBytes(WATERMARK_LOGO_MAX_BYTES)).toBe('1 MB');
  });
});
