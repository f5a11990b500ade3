import { describe, expect, it } from 'vitest';
import {
  AI_OUTPUT_MAX_PIXELS,
  AI_OUTPUT_MAX_SIDE,
  aiOutput,
  aiOutputProblem,
  largestUpscalable,
  upscaleFactorsFor,
  removeBackgroundFieldsSchema,
  upscaleFieldsSchema,
} from './ai';

describe('AI result format', () => {
  it('keeps a JPEG photo JPEG and writes anything else as WebP when nothing is asked', () => {
    expect(aiOutput('upscale', 'auto', 'jpeg')).toEqual({ format: 'jpeg', quality: 90 });
    expect(aiOutput('upscale', 'auto', 'png')).toEqual({ format: 'webp', quality: 90 });
    expect(aiOutput('upscale', 'auto', 'gif')).toEqual({ format: 'webp', quality: 90 });
    expect(aiOutput('remove-background', 'auto', 'jpeg')).toEqual({ format: 'webp', quality: 90 });
  });

  it('writes PNG only when PNG is asked for, and then with no quality', () => {
    expect(aiOutput('upscale', 'png', 'jpeg')).toEqual({ format: 'png' });
    expect(aiOutput('remove-background', 'png', 'png')).toEqual({ format: 'png' });
    expect(aiOutput('upscale', 'webp', 'jpeg')).toEqual({ format: 'webp', quality: 90 });
  });

  it('defaults the form field to auto and refuses a JPEG cut-out (it needs transparency)', () => {
    expect(upscaleFieldsSchema.parse({ operation: 'upscale' })).toEqual({
      operation: 'upscale',
      factor: 2,
      format: 'auto',
    });
    expect(removeBackgroundFieldsSchema.parse({ operation: 'remove-background', format: 'png' }).format).toBe('png');
    const jpeg = removeBackgroundFieldsSchema.safeParse({ operation: 'remove-background', format: 'jpeg' });
    expect(jpeg.success).toBe(false);
    expect(jpeg.error!.issues[0]!.message).toBe('Format must be one of auto, webp, png.');
    expect(upscaleFieldsSchema.safeParse({ operation: 'upscale', format: 'gif' }).success).toBe(false);
  });
});

describe('AI result limits', () => {
  it('lets through the largest result: 16 MP within 12,000 px a side', () => {
    expect(aiOutputProblem('upscale', 2, { width: 2000, height: 2000 })).toBeNull(); // 4000 × 4000 = 16 MP
    expect(aiOutputProblem('upscale', 4, { width: 3000, height: 333 })).toBeNull(); // 12,000 px wide
    expect(aiOutputProblem('remove-background', 2, { width: 4000, height: 4000 })).toBeNull();
  });

  it('refuses one pixel over the area, naming the size, the limit and the largest picture that works (2× is the lowest factor)', () => {
    const problem = aiOutputProblem('upscale', 2, { width: 2000, height: 2001 });
    expect(problem).toBe(
      'A 2× upscale of this picture would be 4000 × 4002 pixels (16 megapixels); the largest AI result we make is 16 megapixels and 12,000 pixels a side. This picture is too large to upscale: even 2×, the lowest factor, is too much. The largest picture of this shape we upscale is 1999 × 2000 pixels: please resize it to that first (Modify → Resize).',
    );
    expect(4000 * 4002).toBeGreaterThan(AI_OUTPUT_MAX_PIXELS);
    expect(problem).not.toMatch(/lower factor/);
  });

  it('suggests only the factors that fit, and none for a 12 MP photo', () => {
    expect(upscaleFactorsFor({ width: 1000, height: 1000 })).toEqual([2, 3, 4]);
    expect(upscaleFactorsFor({ width: 1500, height: 1500 })).toEqual([2]);
    expect(aiOutputProblem('upscale', 4, { width: 1500, height: 1500 })).toMatch(
      /Please choose 2×, or a smaller picture\.$/,
    );
    expect(upscaleFactorsFor({ width: 4032, height: 3024 })).toEqual([]);
    const largest = largestUpscalable({ width: 4032, height: 3024 });
    expect(upscaleFactorsFor(largest)).toEqual([2]);
    expect(upscaleFactorsFor({ width: largest.width + 1, height: largest.height + 1 })).toEqual([]);
    expect(aiOutputProblem('upscale', 2, { width: 4032, height: 3024 })).toMatch(
      /\(48\.7 megapixels\).*This picture is too large to upscale.* 2309 × 1732 pixels/,
    );
  });

  it('refuses a long side over 12,000 px even within the area', () => {
    expect(aiOutputProblem('upscale', 4, { width: 3001, height: 100 })).toMatch(/12004 × 400 pixels/);
    expect(3001 * 4).toBeGreaterThan(AI_OUTPUT_MAX_SIDE);
  });

  it('refuses background removal of a picture over the limit and says how to fit it', () => {
    expect(aiOutputProblem('remove-background', 2, { width: 6000, height: 4000 })).toMatch(
      /^This picture is 6000 × 4000 pixels \(24 megapixels\).*Please resize the picture first/,
    );
  });
});
