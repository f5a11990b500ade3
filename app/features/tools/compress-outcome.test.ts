import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../core/api/tools';
import { compressOutcome } from './compress-outcome';

const result = (r: Partial<ToolResult>) =>
  ({ format: 'jpeg', width: 4032, height: 3024, compressionRatio: 0, ...r }) as ToolResult;
const photo = { name: 'IMG_2041.jpg', type: 'image/jpeg', size: { width: 4032, height: 3024 } };

describe('compressOutcome: what a compress did, never a success for a miss', () => {
  it('a target missed: the target and the smallest file, in KB', () => {
    const r = result({ size: 516_959, originalSize: 3_754_376, compressionRatio: 86 });
    expect(compressOutcome(r, { ...photo, targetBytes: 500_000 })).toEqual({
      kind: 'missed',
      title: 'Target size not reached',
      text: 'Could not reach 500 KB; the smallest was 517 KB.',
    });
  });

  it('a target reached by a smaller picture says the new size and the old', () => {
    const r = result({ size: 498_012, originalSize: 3_754_376, compressionRatio: 87, width: 2400, height: 1800 });
    expect(compressOutcome(r, { ...photo, targetBytes: 500_000 }).text).toBe(
      'Reached 498 KB (target 500 KB) by making the picture 2,400 × 1,800 px (it was 4,032 × 3,024 px).',
    );
  });

  it('a HEIC whose JPEG is larger says so and why, with what makes a smaller file', () => {
    const r = result({ size: 2_052_171, originalSize: 2_007_362 });
    const heic = { name: 'IMG_0001.HEIC', type: '', size: photo.size };
    expect(compressOutcome(r, heic)).toMatchObject({ kind: 'grew', title: 'The JPEG is larger than your HEIC' });
    expect(compressOutcome(r, heic).text).toBe(
      "2.05 MB against the HEIC's 2.01 MB: HEIC is already a very efficient format, so the same picture as JPEG is larger. Choose WebP or AVIF, or a lower quality, for a smaller file.",
    );
  });

  it('a plain compress keeps its toast words, sizes in decimal MB', () => {
    const r = result({ size: 1_000_000, originalSize: 3_754_376, compressionRatio: 73 });
    expect(compressOutcome(r, photo)).toEqual({
      kind: 'smaller',
      title: 'Image compressed successfully!',
      text: 'Reduced by 73% (3.75 MB → 1 MB)',
    });
  });
});
