import { describe, expect, it } from 'vitest';
import { coverCrop, resizeFieldsSchema, resizeProblem, resizeTarget } from './resize';

const parse = (fields: Record<string, string>) => resizeFieldsSchema.parse({ operation: 'resize', ...fields });

describe('resizeTarget', () => {
  const landscape = { width: 741, height: 500 };

  it('fills a preset of another shape (cover), never stretches it', () => {
    expect(resizeTarget(landscape, parse({ preset: 'instagram-story' }))).toEqual({
      width: 1080,
      height: 1920,
      fit: 'cover',
    });
    expect(resizeTarget(landscape, parse({ preset: 'instagram-story', fit: 'contain' }))).toEqual({
      width: 1080,
      height: 1920,
      fit: 'contain',
    });
  });

  it('stretches only when the aspect ratio is unlocked (or stretch is asked)', () => {
    // The old screen sent every preset with the lock off: a preset still fills, unless stretch is chosen.
    expect(resizeTarget(landscape, parse({ preset: 'instagram-story', maintainAspectRatio: 'false' })).fit).toBe(
      'cover',
    );
    expect(resizeTarget(landscape, parse({ preset: 'instagram-story', fit: 'stretch' })).fit).toBe('stretch');
    expect(resizeTarget(landscape, parse({ width: '300', height: '300', maintainAspectRatio: 'false' })).fit).toBe(
      'stretch',
    );
    expect(resizeTarget(landscape, parse({ width: '300', height: '300', fit: 'stretch' }))).toEqual({
      width: 300,
      height: 300,
      fit: 'stretch',
    });
  });

  it('gives a locked custom size the largest picture inside the box', () => {
    expect(resizeTarget(landscape, parse({ width: '400', height: '400' }))).toEqual({
      width: 400,
      height: 270,
      fit: 'inside',
    });
    expect(resizeTarget({ width: 10, height: 10 }, parse({ width: '1000', height: '500' }))).toEqual({
      width: 500,
      height: 500,
      fit: 'inside',
    });
  });

  it("keeps the aspect ratio when only one side is sent, whatever the fit or the lock (Tinify's scale)", () => {
    const photo = { width: 4000, height: 3000 };
    expect(resizeTarget(photo, parse({ width: '1600' }))).toEqual({ width: 1600, height: 1200, fit: 'inside' });
    expect(resizeTarget(photo, parse({ height: '900' }))).toEqual({ width: 1200, height: 900, fit: 'inside' });
    expect(resizeTarget(photo, parse({ width: '1600', fit: 'cover' }))).toEqual({
      width: 1600,
      height: 1200,
      fit: 'inside',
    });
    expect(resizeTarget(photo, parse({ width: '1600', maintainAspectRatio: 'false' }))).toEqual({
      width: 1600,
      height: 1200,
      fit: 'inside',
    });
    expect(resizeTarget({ width: 3, height: 1000 }, parse({ height: '10' }))).toEqual({
      width: 1,
      height: 10,
      fit: 'inside',
    });
  });

  it('uses the 800 × 600 box when neither side nor a preset is sent, and a preset over one side', () => {
    expect(resizeTarget({ width: 4000, height: 3000 }, parse({}))).toEqual({ width: 800, height: 600, fit: 'inside' });
    expect(resizeTarget({ width: 4000, height: 3000 }, parse({ preset: 'instagram-story', width: '100' }))).toEqual({
      width: 1080,
      height: 1920,
      fit: 'cover',
    });
  });

  it('refuses a result over 50 megapixels, and rejects an unknown fit or colour', () => {
    expect(resizeProblem({ width: 10_000, height: 10_000 })).toMatch(
      /100\.0 megapixels; the largest picture we make is 50 megapixels/,
    );
    expect(resizeProblem({ width: 5000, height: 10_000 })).toBeNull();
    expect(resizeFieldsSchema.safeParse({ operation: 'resize', fit: 'squash' }).success).toBe(false);
    expect(resizeFieldsSchema.safeParse({ operation: 'resize', background: 'red' }).success).toBe(false);
  });
});

describe('coverCrop', () => {
  it('keeps the centred part with the box shape', () => {
    const c = coverCrop({ width: 4000, height: 3000 }, { width: 1080, height: 1920 });
    expect(c.height).toBe(3000);
    expect(c.width / c.height).toBeCloseTo(1080 / 1920, 2);
    expect(c.x).toBe(Math.floor((4000 - c.width) / 2));
    expect(c.y).toBe(0);
  });
});
