import { describe, expect, it } from 'vitest';
import { EXPORT_QUALITY, SHARE_MAX_BYTES, SHARE_MAX_SIDE } from '../../../../core/limits';
import {
  ESTIMATE_MARGIN,
  byteBudget,
  lowerQuality,
  outputSizes,
  pickQuality,
  sampleStrips,
  SAMPLE_PIXELS,
  scaleEstimate,
} from './export-plan';

describe('export sizes', () => {
  it('a 12 MP phone photo is offered at its own 4032 px and as a 2048 px share copy', () => {
    // Shown at 1000 × 750 with a caption above: 4.032 file pixels per canvas pixel.
    const sizes = outputSizes({ width: 1000, height: 833.6 }, 4.032);
    expect(sizes.original).toMatchObject({ width: 4032, height: 3361 });
    expect(sizes.share).toMatchObject({ width: SHARE_MAX_SIDE, height: 1707 });
    expect(sizes.share.multiplier * 1000).toBeCloseTo(SHARE_MAX_SIDE, 6);
  });

  it('caps a tall picture by its height, and never enlarges a small meme', () => {
    expect(outputSizes({ width: 600, height: 1200 }, 3).share).toMatchObject({ width: 1024, height: SHARE_MAX_SIDE });
    const small = outputSizes({ width: 800, height: 500 }, 2);
    expect(small.share).toEqual(small.original);
    expect(small.share).toEqual({ width: 1600, height: 1000, multiplier: 2 });
  });

  it('holds only share-size JPG and WebP to the byte budget', () => {
    expect(byteBudget('share', 'jpg')).toBe(SHARE_MAX_BYTES);
    expect(byteBudget('share', 'webp')).toBe(SHARE_MAX_BYTES);
    expect(byteBudget('share', 'png')).toBeNull();
    expect(byteBudget('original', 'jpg')).toBeNull();
  });
});

describe('size estimates from samples', () => {
  it('samples full-width 32-row strips from the first row to the last, on 16-row blocks, about 0.6 MP in all', () => {
    const strips = sampleStrips(4032, 3024)!;
    expect(strips).toHaveLength(4);
    expect(strips[0]).toEqual({ left: 0, top: 0, width: 4032, height: 32 });
    expect(strips[3]).toEqual({ left: 0, top: 3024 - 32, width: 4032, height: 32 });
    // A narrower picture gets more strips, spread over its height just as evenly.
    const tall = sampleStrips(1600, 3000)!;
    expect(tall).toHaveLength(11);
    expect(tall.length * 32 * 1600).toBeLessThanOrEqual(SAMPLE_PIXELS);
    for (const s of tall.slice(0, -1)) expect(s.top % 16).toBe(0);
    for (const [i, s] of tall.entries()) if (i > 0) expect(s.top - tall[i - 1]!.top).toBeGreaterThan(240);
  });

  it('encodes a picture whole when it is small enough to: a template at 2×, a share-size photo', () => {
    expect(sampleStrips(1600, 1000)).toBeNull();
    expect(sampleStrips(2048, 1536)).toBeNull();
    expect(sampleStrips(1800, 2000)).toBeNull();
    // So wide and short that the strips would cover half of it.
    expect(sampleStrips(80_000, 100)).toBeNull();
  });

  it('scales bytes per pixel and pays the fixed overhead once', () => {
    // 1,000,620 bytes for 1 MP with a 620-byte header: 1 byte a pixel, so 12 MP is 12 MB plus one header.
    expect(scaleEstimate(1_000_620, 1_000_000, 12_000_000, 620)).toBe(12_000_620);
    expect(scaleEstimate(100, 1_000, 2_000, 200)).toBe(200);
  });
});

describe('quality for the budget', () => {
  const bytesAt = (q: number) => Math.round(9_000_000 * q ** 3);

  it('keeps quality 0.92 when the estimate fits with room to spare', async () => {
    const seen: number[] = [];
    const picked = await pickQuality(async (q) => (seen.push(q), 1_000_000), SHARE_MAX_BYTES);
    expect(picked).toEqual({ quality: EXPORT_QUALITY, bytes: 1_000_000 });
    expect(seen).toEqual([EXPORT_QUALITY]);
  });

  it('steps down to the highest quality that fits under the budget with the margin', async () => {
    const picked = await pickQuality(async (q) => bytesAt(q), SHARE_MAX_BYTES);
    expect(picked.bytes).toBeLessThanOrEqual(SHARE_MAX_BYTES * ESTIMATE_MARGIN);
    expect(picked.quality).toBe(0.75);
    expect(bytesAt(0.8)).toBeGreaterThan(SHARE_MAX_BYTES * ESTIMATE_MARGIN);
  });

  it('without a budget asks once, at 0.92', async () => {
    const seen: number[] = [];
    await pickQuality(async (q) => (seen.push(q), 50_000_000), null);
    expect(seen).toEqual([EXPORT_QUALITY]);
  });

  it("answers the ladder's bottom when nothing fits, and steps down one rung at a time", async () => {
    expect((await pickQuality(async () => 99_000_000, SHARE_MAX_BYTES)).quality).toBe(0.4);
    expect(lowerQuality(0.92)).toBe(0.85);
    expect(lowerQuality(0.4)).toBeNull();
  });
});
