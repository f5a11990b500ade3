import { describe, expect, it } from 'vitest';
import { wasmMemory } from '../src/imaging/codecs';
import { decode } from '../src/imaging/decode';
import { encode, encodePng, type OutputFormat } from '../src/imaging/encode';
import { readHeader } from '../src/imaging/sniff';
import { AUTO_TUNINGS, OXIPNG_MAX_PIXELS, WASM_PIXEL_BUDGET } from '../src/imaging/options';
import { blur, pixelate, resize } from '../src/imaging/pixels';
import { watermark } from '../src/imaging/watermark';
import { syntheticPhoto } from './support/synthetic';

const LIMIT = 100 * 1024 * 1024;
const MB = (n: number) => Math.round(n / 104857.6) / 10;

/** A picture of exactly `pixels` pixels at 3:2. */
function atBudget(pixels: number) {
  const width = Math.floor(Math.sqrt(pixels * 1.5));
  return syntheticPhoto(width, Math.floor(pixels / width));
}

// WASM memory only grows, so after each step every module's byteLength is its peak so far; asserting after every
// operation at the largest input it accepts proves the budgets in options.ts.
function expectUnderLimit(step: string) {
  const peaks = wasmMemory();
  console.log(step, JSON.stringify(Object.fromEntries(Object.entries(peaks).map(([k, v]) => [k, MB(v)]))));
  for (const [codec, bytes] of Object.entries(peaks)) expect(bytes, `${codec} after ${step}`).toBeLessThan(LIMIT);
}

describe('WASM memory stays under 100 MB at each operation’s pixel budget', () => {
  it('decode → encode in every format at the compress/convert budget', { timeout: 180_000 }, async () => {
    const src = atBudget(WASM_PIXEL_BUDGET.compress);
    for (const format of ['jpeg', 'webp', 'png'] as OutputFormat[]) {
      const bytes = await encode(src, format, { quality: 80 });
      expectUnderLimit(`encode ${format} ${MB(src.width * src.height * 4)} MB RGBA`);
      const back = await decode(bytes, readHeader(bytes)!);
      expect([back.width, back.height]).toEqual([src.width, src.height]);
      expectUnderLimit(`decode ${format}`);
    }
    // quality=auto searches with other encoder settings (libwebp method 6 keeps more state than method 4).
    for (const format of ['jpeg', 'webp'] as const) {
      for (const tuning of AUTO_TUNINGS[format]) {
        await encode(src, format, { quality: 80, tuning });
        expectUnderLimit(`encode ${format} ${JSON.stringify(tuning)}`);
      }
    }
  });

  it('oxipng at the largest PNG it is given', { timeout: 120_000 }, async () => {
    await encodePng(atBudget(OXIPNG_MAX_PIXELS), true);
    expectUnderLimit('png + oxipng');
  });

  it('resize at its budget (input or output, whichever is larger)', { timeout: 120_000 }, async () => {
    const src = atBudget(WASM_PIXEL_BUDGET.resize);
    const half = await resize(src, Math.round(src.width / 2), Math.round(src.height / 2));
    expectUnderLimit('resize down');
    await resize(half, src.width, src.height);
    expectUnderLimit('resize up to the budget');
  });

  it('blur, pixelate and watermark at their budgets', { timeout: 120_000 }, async () => {
    const src = atBudget(Math.min(WASM_PIXEL_BUDGET.blur, WASM_PIXEL_BUDGET.pixelate, WASM_PIXEL_BUDGET.watermark));
    await blur(src, 50);
    expectUnderLimit('blur strength 50');
    await pixelate(src, 10);
    expectUnderLimit('pixelate');
    await watermark(src, { text: 'Memeforge watermark', position: 'center', opacity: 0.7, size: 48, color: '#ffffff' });
    expectUnderLimit('watermark');
  });
});
