import { describe, expect, it } from 'vitest';
import { compressAuto } from '../src/imaging/compress';
import { decode } from '../src/imaging/decode';
import { encode } from '../src/imaging/encode';
import { AUTO_MAX_QUALITY, AUTO_SSIM_THRESHOLD, AUTO_TUNINGS, type AutoSetting } from '../src/imaging/options';
import { readHeader } from '../src/imaging/sniff';
import { similarity } from '../src/imaging/ssim';
import { syntheticPhoto } from './support/synthetic';

/** The lowest whole quality of one setting whose SSIM reaches the threshold, found without any shortcut. */
async function lowestOf(src: ReturnType<typeof syntheticPhoto>, format: 'jpeg' | 'webp', setting: AutoSetting) {
  const tuning = setting.options;
  let lo = 10;
  let hi = setting.maxQuality ?? AUTO_MAX_QUALITY;
  let best: Uint8Array | null = null;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const bytes = await encode(src, format, { quality: mid, tuning });
    if (similarity(src, await decode(bytes, readHeader(bytes)!)) >= AUTO_SSIM_THRESHOLD) {
      best = bytes;
      hi = mid;
    } else lo = mid + 1;
  }
  return best ?? (await encode(src, format, { quality: hi, tuning }));
}

describe('quality=auto', () => {
  // The search stops a setting early once it cannot beat the smallest faithful file so far: that must never cost
  // the smallest file, so the answer is compared with every setting searched in full.
  it('answers the smallest faithful file of all its settings', { timeout: 60_000 }, async () => {
    // A smooth picture where only JPEG reaches the threshold, and a noisy one where every setting does.
    for (const [width, height, noise] of [
      [160, 120, 2],
      [480, 400, 12],
    ] as const) {
      const src = syntheticPhoto(width, height, 1, noise);
      const auto = await compressAuto(src, ['jpeg', 'webp']);
      expect(auto.ssim).toBeGreaterThanOrEqual(AUTO_SSIM_THRESHOLD);
      const sizes: number[] = [];
      for (const format of ['jpeg', 'webp'] as const) {
        for (const setting of AUTO_TUNINGS[format]) {
          const bytes = await lowestOf(src, format, setting);
          if (similarity(src, await decode(bytes, readHeader(bytes)!)) >= AUTO_SSIM_THRESHOLD) sizes.push(bytes.length);
        }
      }
      expect(sizes.length).toBeGreaterThan(1);
      expect(auto.bytes.length).toBe(Math.min(...sizes));
    }
  });
});
