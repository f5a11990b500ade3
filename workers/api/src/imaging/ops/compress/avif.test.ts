import { describe, expect, it } from 'vitest';
import { createRaster, type Raster } from '../../codecs/raster';
import { plainPng } from '../../codecs/plain-png';
import { ImageServiceError } from '../../service/types';
import { AVIF_TRIES, AvifSearch, type AvifEncoder } from './avif';

/**
 * A stand-in for the image service's AVIF that the judge below can read back: a PNG one pixel high and `quality`
 * pixels wide, padded after its end so the file grows 4% a step, as AVIF files do near the answers.
 */
function fakeService(fail: number[] = []) {
  const asked: number[] = [];
  const encoder: AvifEncoder = async (_picture, quality) => {
    asked.push(quality);
    if (fail.includes(quality)) throw new ImageServiceError(503, 'the binding answered another format', {});
    const png = plainPng(new Uint8Array(quality * 3), quality, 1, 3);
    const out = new Uint8Array(png.length + Math.round(1000 * Math.exp(0.04 * quality)));
    out.set(png);
    return out;
  };
  return { encoder, asked };
}

/** The judge's score falls 6% a quality step: 0.04 is met from quality 62 up (0.0418 at 61, 0.0393 at 62). */
const scoreAt = (quality: number) => 0.11 * Math.exp(-0.06 * (quality - 45));
const judge = (r: Raster) => scoreAt(r.width);
const photo = createRaster(8, 8);

describe('AvifSearch', () => {
  it('makes a third AVIF between two tries that bracket the target, and keeps it when it meets the target', async () => {
    const { encoder, asked } = fakeService();
    const search = new AvifSearch(encoder, photo, judge, 0.04);
    const best = await search.best(Infinity);
    expect(asked.slice(0, 2)).toEqual([...AVIF_TRIES]);
    expect(search.calls).toBe(3);
    expect(best!.quality).toBe(asked[2]);
    expect(best!.quality).toBeGreaterThan(AVIF_TRIES[0]);
    expect(best!.quality).toBeLessThan(AVIF_TRIES[1]);
    expect(best!.score).toBeLessThanOrEqual(0.04);
  });

  it('makes no third AVIF where the line puts no smaller file than the other format by enough, and says so', async () => {
    const { encoder, asked } = fakeService();
    const search = new AvifSearch(encoder, photo, judge, 0.04);
    // The other format's file is smaller than any AVIF that meets the target.
    const best = await search.best(1000);
    expect(asked).toHaveLength(2);
    expect(search.calls).toBe(2);
    // The try at 66 met the target; it is answered, and the caller compares it with the other file.
    expect(best!.quality).toBe(AVIF_TRIES[1]);
    expect(search.share).toBeGreaterThan(1);
  });

  it('answers a try that met the target without a third call where the line points no lower', async () => {
    const { encoder, asked } = fakeService();
    // Met at the top try only, and just: the line, aimed a little under the target, points at that try or above it.
    const search = new AvifSearch(encoder, photo, judge, scoreAt(AVIF_TRIES[1]) * 1.001);
    const best = await search.best(Infinity);
    expect(asked).toHaveLength(2);
    expect(best!.quality).toBe(AVIF_TRIES[1]);
  });

  it('leaves AVIF out, with the reason, when the service cannot make it', async () => {
    const { encoder } = fakeService([AVIF_TRIES[1]]);
    const search = new AvifSearch(encoder, photo, judge, 0.04);
    expect(await search.best(Infinity)).toBeNull();
    expect(search.missed).toMatch(/could not be made just now/);
  });

  it('says what the closest AVIF scored when none meets the target', async () => {
    const { encoder } = fakeService();
    const search = new AvifSearch(encoder, photo, judge, 0.001);
    expect(await search.best(Infinity)).toBeNull();
    expect(search.missed).toMatch(/would need a quality over \d+/);
  });
});
