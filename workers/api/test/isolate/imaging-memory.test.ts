import { describe, expect, it } from 'vitest';
import {
  IDLE_WASM_LIMIT_BYTES,
  resetWasmPeaks,
  WASM_OPERATION_LIMIT_BYTES,
  wasmMemory,
  wasmPeaks,
} from '../../src/imaging/codecs/wasm-memory';
import { decode } from '../../src/imaging/codecs/decode';
import { encode, encodePng, type OutputFormat } from '../../src/imaging/codecs/encode';
import { readHeader } from '../../src/imaging/intake/sniff';
import { compressAuto } from '../../src/imaging/ops/compress/auto-whole';
import {
  AVIF_AUTO_MAX_PIXELS,
  AVIF_MAX_QUALITY,
  AVIF_WHOLE_MAX_PIXELS,
  type AvifEncoder,
} from '../../src/imaging/ops/compress/avif';
import { judgeMemory, resetJudgeMemory } from '../../src/imaging/ops/compress/judge/judge';
import {
  AUTO_MAX_QUALITY,
  AUTO_SETTINGS,
  AUTO_WASM_PIXELS,
  ENCODE_PIXEL_BUDGET,
  OXIPNG_MAX_PIXELS,
  WASM_PIXEL_BUDGET,
} from '../../src/imaging/options';
import { blur, composite, pixelate, resize } from '../../src/imaging/codecs/pixels';
import { drawCaptions } from '../../src/imaging/ops/meme/captions';
import { watermark } from '../../src/imaging/ops/watermark/draw';
import { rasteriseSvg } from '../../src/imaging/text/rasterise';
import { MEME_MAX_PIXELS, memeStyleSchema } from '../../../../core/tools/meme';
import { evenlySpacedBoxes } from '../../../../core/templates/default-boxes';
import { AVIF_MAX_SIDE } from '../../../../core/image-service';
import { makePhoto } from '../support/photos';
import { syntheticPhoto } from '../support/synthetic';

/** An AVIF at the largest side taken, near its largest file (quality 95): made once, for the two tests that decode it. */
let largest: Promise<Uint8Array> | undefined;
const largestAvif = () =>
  (largest ??= makePhoto({ width: AVIF_MAX_SIDE, height: AVIF_MAX_SIDE, format: 'avif', quality: 95 }));

const MB = (n: number) => Math.round(n / 104857.6) / 10;

/** Random RGB (opaque) of about `pixels` pixels at 3:2: the largest file any encoder writes for that size. */
function noiseAt(pixels: number) {
  const width = Math.floor(Math.sqrt(pixels * 1.5));
  const height = Math.floor(pixels / width);
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 1;
  for (let i = 0; i < data.length; i++)
    data[i] = (i & 3) === 3 ? 255 : (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
  return { data, width, height };
}

/** A picture of exactly `pixels` pixels at 3:2. */
function atBudget(pixels: number) {
  const width = Math.floor(Math.sqrt(pixels * 1.5));
  return syntheticPhoto(width, Math.floor(pixels / width));
}

// WASM memory only grows, so after each step every module's byteLength is its peak so far (wasmPeaks also counts
// instances dropped since). Asserting after every operation at the largest input it accepts proves the budgets in
// options.ts: no operation grows its codec past WASM_OPERATION_LIMIT_BYTES (80 MB), and the idle instances kept
// between operations hold at most IDLE_WASM_LIMIT_BYTES (20 MB), so the isolate's WASM memory stays under 100 MB.
function expectUnderLimit(step: string) {
  const peaks = wasmPeaks();
  const idle = Object.values(wasmMemory()).reduce((a, b) => a + b, 0);
  console.log(
    step,
    JSON.stringify(Object.fromEntries(Object.entries(peaks).map(([k, v]) => [k, MB(v)]))),
    'idle',
    MB(idle),
  );
  for (const [codec, bytes] of Object.entries(peaks))
    expect(bytes, `${codec} after ${step}`).toBeLessThan(WASM_OPERATION_LIMIT_BYTES);
  expect(idle, `idle instances after ${step}`).toBeLessThanOrEqual(IDLE_WASM_LIMIT_BYTES);
}

describe('WASM memory stays under 100 MB at each operation’s pixel budget', () => {
  it('decode → encode in every format at its encoder budget, worst case: noise at quality 100', {
    timeout: 300_000,
  }, async () => {
    // An encoder's memory follows the file it writes, and noise makes the largest file a picture of that size can.
    for (const format of ['jpeg', 'webp', 'png'] as const) {
      const src = noiseAt(ENCODE_PIXEL_BUDGET[format]);
      const bytes = await encode(src, format, { quality: 100, optimise: false });
      expectUnderLimit(
        `encode ${format} noise ${MB(src.width * src.height)} MP at quality 100 (${MB(bytes.length)} MB file)`,
      );
      const back = await decode(bytes, readHeader(bytes)!);
      expect([back.width, back.height]).toEqual([src.width, src.height]);
      expectUnderLimit(`decode ${format}`);
      if (format === 'png') continue;
      // quality=auto searches with its own encoder settings, up to its highest quality.
      for (const { options, maxQuality = AUTO_MAX_QUALITY } of [AUTO_SETTINGS[format]]) {
        await encode(src, format, { quality: maxQuality, tuning: options });
        expectUnderLimit(`encode ${format} noise ${JSON.stringify(options)} at quality ${maxQuality}`);
      }
    }
    // Converting to BMP or TIFF (written in JS) decodes up to the convert budget, from a file of any format.
    const big = noiseAt(WASM_PIXEL_BUDGET.convert);
    for (const format of ['jpeg', 'webp', 'png'] as const) {
      const bytes = await encode(big, format, { quality: 100, optimise: false }); // beyond the budget: made for the test
      resetWasmPeaks();
      await decode(bytes, readHeader(bytes)!);
      expectUnderLimit(`decode ${format} noise ${MB(big.width * big.height)} MP`);
    }
  });

  it('AVIF decode at the largest AVIF taken (1,200², ADR 0132), from a file near its largest (quality 95)', {
    timeout: 120_000,
  }, async () => {
    const avif = await largestAvif();
    resetWasmPeaks();
    const raster = await decode(avif, readHeader(avif)!);
    expect([raster.width, raster.height]).toEqual([AVIF_MAX_SIDE, AVIF_MAX_SIDE]);
    expectUnderLimit(`decode avif ${AVIF_MAX_SIDE}² (${MB(avif.length)} MB file)`);
    expect(wasmPeaks().avifDec).toBeGreaterThan(0);
  });

  it('quality=auto at the largest picture it searches in the isolate: its judges and its encodes together', {
    timeout: 300_000,
  }, async () => {
    // Noise: the largest files, and no quality that looks the same, so every probe and check is made.
    const src = noiseAt(AUTO_WASM_PIXELS);
    for (const format of ['jpeg', 'webp'] as const) {
      resetWasmPeaks();
      resetJudgeMemory();
      await compressAuto(src, [format]);
      const codec = Math.max(...Object.values(wasmPeaks()));
      console.log(
        `quality=auto ${format} noise ${MB(AUTO_WASM_PIXELS)} MP: judges ${MB(judgeMemory())} MB, largest codec ${MB(codec)} MB`,
      );
      // Judges are not pooled: each search's are counted in full, as if none had been collected yet.
      expect(judgeMemory() + codec).toBeLessThan(WASM_OPERATION_LIMIT_BYTES);
    }
  });

  it('format=auto with AVIF at the largest picture it judges AVIF whole on (ADR 0135): judges and AVIF decode together, idle codecs within theirs', {
    timeout: 300_000,
  }, async () => {
    resetWasmPeaks();
    resetJudgeMemory();
    // The judges at their largest (noise: every probe and check is made), then the AVIF decode of a whole photo.
    await compressAuto(noiseAt(AVIF_WHOLE_MAX_PIXELS), ['webp']);
    const width = Math.floor(Math.sqrt(AVIF_WHOLE_MAX_PIXELS * (4 / 3)));
    const avif = await makePhoto({
      width,
      height: Math.floor(AVIF_WHOLE_MAX_PIXELS / width),
      format: 'avif',
      quality: 95,
    });
    await decode(avif, readHeader(avif)!);
    const { avifDec = 0 } = wasmPeaks();
    // What the other codecs keep while the AVIF is decoded: their idle instances (their encodes have ended).
    const { avifDec: _, ...idle } = wasmMemory();
    const kept = Object.values(idle).reduce((x, y) => x + y, 0);
    console.log(
      `format=auto with AVIF at ${MB(AVIF_WHOLE_MAX_PIXELS)} MP: judges ${MB(judgeMemory())} MB, AVIF decode ${MB(avifDec)} MB, other codecs kept ${MB(kept)} MB`,
    );
    // Judges are counted in full, as if none had been collected yet; the idle instances have their own budget.
    expect(judgeMemory() + avifDec).toBeLessThan(WASM_OPERATION_LIMIT_BYTES);
    expect(kept).toBeLessThanOrEqual(IDLE_WASM_LIMIT_BYTES);
  });

  it('format=auto with AVIF judged on samples at the largest AVIF (1,200², ADR 0169): the AVIF decodes end before the judges are made', {
    timeout: 300_000,
  }, async () => {
    // Quality 95, over the most auto makes (AVIF_MAX_QUALITY): a larger file than any try, so a larger decode.
    expect(AVIF_MAX_QUALITY).toBeLessThan(95);
    const avif = await largestAvif();
    const source = syntheticPhoto(AVIF_MAX_SIDE, AVIF_MAX_SIDE);
    expect(source.width * source.height).toBe(AVIF_AUTO_MAX_PIXELS);
    resetWasmPeaks();
    resetJudgeMemory();
    // The judges' memory when each AVIF comes back, a moment after the search began, and is decoded: none yet, since
    // the search waits for both decodes before it makes them.
    const judgesWhenMade: number[] = [];
    const encoder: AvifEncoder = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      judgesWhenMade.push(judgeMemory());
      return avif;
    };
    const r = await compressAuto(source, ['avif', 'webp', 'jpeg'], undefined, { avif: encoder });
    expect(r.search?.samples).toEqual({ count: 8, width: 224, height: 224 });
    const { avifDec = 0, ...others } = wasmPeaks();
    const codec = Math.max(...Object.values(others));
    console.log(
      `format=auto with AVIF judged on samples at ${MB(AVIF_AUTO_MAX_PIXELS)} MP: AVIF decode ${MB(avifDec)} MB before the judges ${MB(judgeMemory())} MB; largest other codec ${MB(codec)} MB`,
    );
    expect(judgesWhenMade).toEqual([0, 0]);
    expect(avifDec).toBeGreaterThan(0);
    expect(avifDec).toBeLessThan(WASM_OPERATION_LIMIT_BYTES);
    expect(judgeMemory() + codec).toBeLessThan(WASM_OPERATION_LIMIT_BYTES);
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

  /**
   * A meme in the isolate (ops/meme/meme.ts): its background resized to about the meme's size, its captions drawn by
   * resvg as a layer that size and composited. The resize, input and output both at the budget, bounds it (76 MiB at
   * 1.4 MP); under the watermark's budget it borrowed it took 135 MB at 2.5 MP (ADR 0180).
   */
  it('a meme at its budget: the background resized, its captions drawn and composited', {
    timeout: 120_000,
  }, async () => {
    const src = atBudget(WASM_PIXEL_BUDGET.meme);
    const output = { width: src.width - 1, height: src.height };
    const background = await resize(src, output.width, output.height);
    const captions = await drawCaptions(
      evenlySpacedBoxes(2),
      ['ONE DOES NOT SIMPLY', 'WALK INTO MORDOR'],
      src,
      output,
      memeStyleSchema.parse({}),
    );
    expect(composite(background, captions, 0, 0, 1).width).toBe(output.width);
    expectUnderLimit(`meme ${((src.width * src.height) / 1e6).toFixed(2)} MP`);
  });

  /**
   * resvg draws a meme's captions as one layer the size of the meme, at about 10 bytes a pixel: 42 MB at 4 MP, which
   * its own glue kept for the isolate's life (ADR 0157). As a codec like the others, it is dropped after such a layer.
   */
  it('resvg at the largest layer it draws: a meme’s captions at MEME_MAX_PIXELS', { timeout: 120_000 }, async () => {
    const width = Math.floor(Math.sqrt(MEME_MAX_PIXELS * 1.5));
    const height = Math.floor(MEME_MAX_PIXELS / width);
    const caption = (y: number, text: string) =>
      `<text x="${width / 2}" y="${y}" text-anchor="middle" font-size="${height / 8}" stroke="#000" stroke-width="${height / 80}" paint-order="stroke">${text}</text>`;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g font-family="Noto Sans" font-weight="700" fill="#fff">` +
      `${caption(height / 6, 'ONE DOES NOT SIMPLY')}${caption(height - height / 12, 'WALK INTO MORDOR')}</g></svg>`;
    const layer = await rasteriseSvg(svg);
    expect(layer.width * layer.height).toBeGreaterThan(0.99 * MEME_MAX_PIXELS);
    expectUnderLimit(`meme captions ${MB(layer.width * layer.height)} MP`);
    expect(wasmPeaks().resvg, 'the layer was drawn in resvg’s memory').toBeGreaterThan(30 * 1024 * 1024);
    expect(wasmMemory().resvg, 'and that memory is not kept').toBeUndefined();
  });

  /**
   * What an isolate keeps after it has used every codec at its largest input, one after the other: before instances
   * could be dropped this was 291 MB (png 79, resize 80, oxipng 67, photon 40, webpDec 25), the sum of every codec's
   * peak 485 MB. Now the idle instances stay within IDLE_WASM_LIMIT_BYTES, and every codec still works afterwards.
   */
  it('keeps the WASM memory retained by all codecs together within the idle limit', { timeout: 300_000 }, async () => {
    const src = atBudget(WASM_PIXEL_BUDGET.compress);
    for (const format of ['jpeg', 'webp', 'png'] as OutputFormat[]) {
      const bytes = await encode(src, format, { quality: 80 });
      await decode(bytes, readHeader(bytes)!);
    }
    await encodePng(atBudget(OXIPNG_MAX_PIXELS), true);
    const small = atBudget(WASM_PIXEL_BUDGET.resize);
    await resize(small, Math.round(small.width / 2), Math.round(small.height / 2));
    await blur(src, 50);
    await pixelate(src, 10);
    const retained = wasmMemory();
    const total = Object.values(retained).reduce((a, b) => a + b, 0);
    console.log(
      'retained',
      JSON.stringify(Object.fromEntries(Object.entries(retained).map(([k, v]) => [k, MB(v)]))),
      'total',
      MB(total),
      'MB',
    );
    expect(total).toBeLessThanOrEqual(IDLE_WASM_LIMIT_BYTES);
    // Dropped codecs come back on their next use and still work.
    const tiny = syntheticPhoto(64, 48);
    for (const format of ['jpeg', 'webp', 'png'] as OutputFormat[]) {
      const again = await encode(tiny, format, { quality: 80 });
      expect(readHeader(again)).toMatchObject({ format, width: 64, height: 48 });
      expect((await decode(again, readHeader(again)!)).width).toBe(64);
    }
    expect((await resize(tiny, 32, 24)).data.length).toBe(32 * 24 * 4);
    expect((await blur(tiny, 3)).width).toBe(64);
  });
});
