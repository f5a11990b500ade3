import { describe, expect, it } from 'vitest';
import {
  allowanceRenewsAt,
  IMAGE_SERVICE_MAX_SIDE,
  imageServiceRefusal,
  maxSideOf,
  sizeAfterStep,
  WEBP_MAX_SIDE,
  type ServiceInput,
} from './image-service';

const jpeg = (width: number, height: number, extra: Partial<ServiceInput> = {}): ServiceInput => ({
  format: 'jpeg',
  width,
  height,
  bytes: 1_000_000,
  ...extra,
});

describe('the Images binding limits', () => {
  it('names the 12,000 px a side of JPEG, PNG and GIF, and takes a picture exactly at it', () => {
    expect(imageServiceRefusal({ input: jpeg(20_000, 700), steps: [], output: 'jpeg' })).toBe(
      'This picture is 20,000 pixels wide; the image service handles JPEG pictures at most 12,000 pixels a side. Please make it smaller (at most 12,000 pixels a side) and try again.',
    );
    expect(imageServiceRefusal({ input: jpeg(700, 12_001, { format: 'png' }), steps: [], output: 'png' })).toMatch(
      /12,001 pixels high; the image service handles PNG pictures/,
    );
    expect(imageServiceRefusal({ input: jpeg(12_000, 700), steps: [], output: 'jpeg' })).toBeNull();
  });

  it('holds WebP to its own 16,383 px, not the binding’s 12,000 (the docs exclude WebP)', () => {
    expect(maxSideOf('webp')).toBe(WEBP_MAX_SIDE);
    expect(imageServiceRefusal({ input: jpeg(14_000, 500, { format: 'webp' }), steps: [], output: 'webp' })).toBeNull();
    // The same WebP written as JPEG is over JPEG's limit.
    expect(imageServiceRefusal({ input: jpeg(14_000, 500, { format: 'webp' }), steps: [], output: 'jpeg' })).toMatch(
      /The result is 14,000 pixels wide; the image service handles JPEG pictures at most 12,000/,
    );
    expect(
      imageServiceRefusal({
        input: jpeg(8, 8),
        steps: [{ op: 'resize', width: 17_000, height: 20, fit: 'stretch' }],
        output: 'webp',
      }),
    ).toMatch(/WebP pictures hold at most 16,383/);
  });

  it('checks each step’s result against 50 MP and the output’s side after the steps', () => {
    expect(
      imageServiceRefusal({
        input: jpeg(8, 8),
        steps: [{ op: 'resize', width: 10_000, height: 6_000, fit: 'stretch' }],
        output: 'png',
      }),
    ).toMatch(/The result would be 60 megapixels; the most we make is 50/);
    // A wide picture cropped into bounds is still refused: the binding reads the input first.
    expect(
      imageServiceRefusal({
        input: jpeg(13_000, 500),
        steps: [{ op: 'crop', width: 1000, height: 500 }],
        output: 'jpeg',
      }),
    ).toMatch(/13,000 pixels wide/);
    expect(
      imageServiceRefusal({
        input: jpeg(3000, 400),
        steps: [
          { op: 'rotate', angle: 90 },
          { op: 'resize', width: 1000, height: 12_001, fit: 'stretch' },
        ],
        output: 'jpeg',
      }),
    ).toMatch(/The result is 12,001 pixels high/);
  });

  it('limits an animation by the area of all its frames, and a file by its size', () => {
    expect(
      imageServiceRefusal({ input: jpeg(2500, 2500, { format: 'gif', frames: 9 }), steps: [], output: 'png' }),
    ).toMatch(/animation of 9 frames, 56.2 megapixels in all/);
    expect(
      imageServiceRefusal({ input: jpeg(2500, 2500, { format: 'gif', frames: 8 }), steps: [], output: 'png' }),
    ).toBeNull();
    expect(
      imageServiceRefusal({
        input: jpeg(100, 100),
        steps: [],
        overlays: [jpeg(100, 100, { format: 'png', bytes: 71_000_000 })],
        output: 'png',
      }),
    ).toMatch(/A layer drawn over it is 71 MB/);
  });

  it('works out sizes in upright terms', () => {
    expect(sizeAfterStep({ width: 4000, height: 3000 }, { op: 'rotate', angle: 270 })).toEqual({
      width: 3000,
      height: 4000,
    });
    expect(
      sizeAfterStep({ width: 4000, height: 3000 }, { op: 'resize', width: 1600, height: 1600, fit: 'inside' }),
    ).toEqual({ width: 1600, height: 1200 });
    expect(IMAGE_SERVICE_MAX_SIDE).toBe(12_000);
  });

  it('says the free allowance comes back on the first of next month, UTC', () => {
    expect(allowanceRenewsAt(new Date('2026-12-31T23:59:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(allowanceRenewsAt(new Date('2026-02-10T08:00:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
