import { describe, expect, it } from 'vitest';
import { RESIZE_PRESETS } from '../resize-presets';
import { convertFieldsSchema, modifyFieldsSchema, optimizeFieldsSchema, securityFieldsSchema } from './tools';

describe('tool field schemas (multipart strings in, typed values out)', () => {
  it('coerces compress fields and accepts quality=auto', () => {
    expect(optimizeFieldsSchema.parse({ operation: 'compress', quality: '55', format: 'webp' })).toEqual({
      operation: 'compress',
      quality: 55,
      format: 'webp',
    });
    expect(optimizeFieldsSchema.parse({ operation: 'compress', quality: 'auto' })).toMatchObject({
      quality: 'auto',
      format: 'original',
    });
    expect(optimizeFieldsSchema.safeParse({ operation: 'compress', quality: '9' }).success).toBe(false);
    expect(optimizeFieldsSchema.safeParse({ operation: 'compress', quality: '55.5' }).success).toBe(false);
  });

  it("leaves resize's sides unset unless sent (one alone keeps the shape; none is the 800×600 box, core/tools/resize.ts), keeps the aspect ratio, and reads form booleans", () => {
    const parsed = modifyFieldsSchema.parse({ operation: 'resize' });
    expect(parsed).toMatchObject({ maintainAspectRatio: true });
    expect(parsed).not.toHaveProperty('width');
    expect(modifyFieldsSchema.parse({ operation: 'resize', width: '1600' })).toMatchObject({ width: 1600 });
    expect(modifyFieldsSchema.parse({ operation: 'resize', maintainAspectRatio: 'false' })).toMatchObject({
      maintainAspectRatio: false,
    });
    expect(modifyFieldsSchema.safeParse({ operation: 'resize', maintainAspectRatio: 'maybe' }).success).toBe(false);
  });

  it('keeps the ten original presets first, in order (docs/product.md §5.3), then the platform sizes', () => {
    // The original ids are part of the API: a client that sends one keeps getting the same size.
    expect(RESIZE_PRESETS.slice(0, 10).map((p) => p.id)).toEqual([
      'instagram-square',
      'instagram-story',
      'facebook-cover',
      'twitter-header',
      'a4',
      'us-letter',
      '4x6-photo',
      '5x7-photo',
      'banner-wide',
      'thumbnail',
    ]);
    expect(RESIZE_PRESETS.slice(0, 4).map((p) => p.id)).toEqual([
      'instagram-square',
      'instagram-story',
      'facebook-cover',
      'twitter-header',
    ]);
    expect(RESIZE_PRESETS.find((p) => p.id === 'youtube-thumbnail')).toMatchObject({ width: 1280, height: 720 });
    expect(new Set(RESIZE_PRESETS.map((p) => p.id)).size).toBe(RESIZE_PRESETS.length);
    expect(modifyFieldsSchema.safeParse({ operation: 'resize', preset: 'youtube-thumbnail' }).success).toBe(true);
    expect(modifyFieldsSchema.safeParse({ operation: 'resize', preset: 'a4' }).success).toBe(true);
    expect(modifyFieldsSchema.safeParse({ operation: 'resize', preset: 'a3' }).success).toBe(false);
  });

  it('rotates only by quarter turns', () => {
    expect(modifyFieldsSchema.parse({ operation: 'rotate', angle: '270' })).toMatchObject({ angle: 270, flip: 'none' });
    expect(modifyFieldsSchema.safeParse({ operation: 'rotate', angle: '45' }).success).toBe(false);
  });

  it('trims watermark text and refuses markup-like colours', () => {
    expect(securityFieldsSchema.parse({ operation: 'watermark', text: '  hi  ' })).toMatchObject({
      text: 'hi',
      position: 'bottom-right',
      opacity: 0.7,
      size: 20,
      color: '#ffffff',
    });
    expect(
      securityFieldsSchema.safeParse({ operation: 'watermark', text: 'hi', color: '#fff"/><script>' }).success,
    ).toBe(false);
    // Text may be left out (a logo is then the mark), never sent blank; tiled is a form boolean, off unless sent.
    const logoOnly = securityFieldsSchema.parse({ operation: 'watermark' });
    expect(logoOnly).toMatchObject({ tiled: false });
    expect(logoOnly.operation === 'watermark' && logoOnly.text).toBeUndefined();
    expect(securityFieldsSchema.safeParse({ operation: 'watermark', text: '   ' }).success).toBe(false);
    expect(securityFieldsSchema.parse({ operation: 'watermark', text: 'hi', tiled: 'true' })).toMatchObject({
      tiled: true,
    });
    expect(securityFieldsSchema.safeParse({ operation: 'watermark', text: 'hi', tiled: 'sometimes' }).success).toBe(
      false,
    );
  });

  it('parses selective-blur rectangles from JSON and refuses negative ones', () => {
    const ok = securityFieldsSchema.parse({
      operation: 'blur',
      method: 'selective',
      regions: '[{"x":1,"y":2,"width":3,"height":4}]',
    });
    expect(ok).toMatchObject({ regions: [{ x: 1, y: 2, width: 3, height: 4 }], strength: 10 });
    expect(
      securityFieldsSchema.safeParse({ operation: 'blur', regions: '[{"x":-1,"y":0,"width":3,"height":4}]' }).success,
    ).toBe(false);
  });

  it('privacy defaults: EXIF and location removed, timestamp kept', () => {
    expect(securityFieldsSchema.parse({ operation: 'privacy' })).toEqual({
      operation: 'privacy',
      removeExif: true,
      removeLocation: true,
      removeTimestamp: false,
    });
  });

  it('convert quality defaults to 90 and never keeps metadata', () => {
    expect(convertFieldsSchema.parse({ format: 'tiff' })).toEqual({
      operation: 'convert',
      format: 'tiff',
      quality: 90,
      maintainMetadata: false,
    });
  });
});
