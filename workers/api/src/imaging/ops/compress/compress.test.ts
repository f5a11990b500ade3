import { describe, expect, it } from 'vitest';
import { mosaic } from './judge/sample';
import { createRaster, crop } from '../../codecs/raster';
import type { ImageService, ServiceJob } from '../../service/types';
import { avifWins } from './auto-whole';
import { possibleFormats } from './compress';
import { calibrated, serviceSample } from './large-auto';

describe('avifWins', () => {
  it('takes a faithful AVIF when it is smaller, or when the other choice fell short of the target even if smaller', () => {
    expect(avifWins(900, { bytes: 1000, looksSame: true })).toBe(true);
    expect(avifWins(1100, { bytes: 1000, looksSame: true })).toBe(false);
    expect(avifWins(1030, { bytes: 1000, looksSame: false })).toBe(true);
  });
});

describe('possibleFormats', () => {
  it('is the asked format for a fixed quality; JPEG, WebP or PNG where the engine chooses', () => {
    expect(possibleFormats({ quality: 80, format: 'original' }, 'jpeg')).toEqual(['jpeg']);
    expect(possibleFormats({ quality: 'auto', format: 'original' }, 'png')).toEqual(['png']);
    expect(possibleFormats({ quality: 'auto', format: 'auto' }, 'jpeg')).toEqual(['jpeg', 'webp', 'png']);
    expect(possibleFormats({ quality: 80, format: 'webp', targetBytes: 5000 }, 'webp')).toEqual([
      'jpeg',
      'webp',
      'png',
    ]);
  });
});

describe('serviceSample', () => {
  it('cuts the sample tiles of a large photo in one call, pixel for pixel', { timeout: 90_000 }, async () => {
    const photo = createRaster(4000, 3000);
    // (i × 7919) mod 251 repeats every 251 bytes: write one period, then double it natively (a 48 MB loop in JS took
    // most of this test's time on a loaded machine).
    for (let i = 0; i < 251; i++) photo.data[i] = (i * 7919) % 251;
    for (let filled = 251; filled < photo.data.length; filled *= 2) photo.data.copyWithin(filled, 0, filled);
    const calls: ServiceJob[] = [];
    // A stand-in service that answers the regions of the raster above: enough to check the call and what is cut.
    const images: ImageService = {
      name: 'local',
      async run(job) {
        calls.push(job);
        const regions = job.output.regions ?? [];
        const parts = regions.map((r) => crop(photo, r.left, r.top, r.width, r.height).data);
        const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        parts.reduce((at, p) => (bytes.set(p, at), at + p.length), 0);
        return { bytes, width: photo.width, height: photo.height, format: 'rgba' };
      },
    };
    const { raster, tiles } = await serviceSample(images, { bytes: new Uint8Array(), steps: [], size: photo });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.output).toMatchObject({ format: 'rgba', regions: tiles });
    expect(raster.data).toEqual(mosaic(tiles.map((t) => crop(photo, t.left, t.top, t.width, t.height))).data);
  });
});

describe('calibrated', () => {
  // At a target of 0.025 (the anchored targets are at most AUTO_TARGET_SCORE, often lower).
  const T = 0.025;
  it('keeps the quality whose measured score is near the target', () => {
    expect(calibrated(80, 0.024, -0.15, T)).toEqual({ quality: 80, predicted: 0.024 });
  });

  it('moves down as far as the slope says stays faithful when the service did better than the isolate', () => {
    // ln(0.025 / 0.0114) / 0.179 = 4.4 steps: four.
    const r = calibrated(80, 0.0114, -0.179, T);
    expect(r.quality).toBe(76);
    expect(r.predicted).toBeLessThanOrEqual(0.025);
  });

  it('does not move down where that is not allowed (a JPEG re-encoded as JPEG), but still up', () => {
    expect(calibrated(80, 0.0114, -0.179, T, 0)).toEqual({ quality: 80, predicted: 0.0114 });
    expect(calibrated(80, 0.03, -0.15, T, 0).quality).toBeGreaterThan(80);
  });

  it('moves up one step more than the slope says when the service missed, within the quality range', () => {
    expect(calibrated(80, 0.03, -0.15, T).quality).toBe(80 + Math.ceil(Math.log(0.03 / 0.025) / 0.15) + 1);
    expect(calibrated(95, 0.2, -0.05, T).quality).toBe(97);
    expect(calibrated(12, 0.0001, -0.2, T).quality).toBe(10);
  });
});
