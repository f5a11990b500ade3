/**
 * The engine's options and defaults in one place (Squoosh's `meta` files), and the pixel budgets measured for each
 * WASM operation. Budgets were measured with `workers/api/test/isolate/imaging-memory.test.ts` (it fails if they drift):
 * the WASM memory peak of the largest accepted input stays under 100 MB per codec.
 */
import { OXIPNG_MS_PER_MP, SLICE_BUDGET_MS, type WasmOperation } from './slices';
import { ISOLATE_WRITE_MAX_PIXELS } from '../../../../core/tools/convert';

export const JPEG_OPTIONS = {
  // mozjpeg's auto_subsample switches to full-resolution chroma at high quality and doubles q90 files.
  auto_subsample: false,
  chroma_subsample: 2,
  progressive: true,
  optimize_coding: true,
} as const;

export const WEBP_OPTIONS = { method: 4 } as const;

/**
 * oxipng costs 0.5–1.4 s of CPU per megapixel (noise the most), in one WASM call that holds the isolate's thread: it
 * runs only on PNGs it can finish within one slice (slices.ts, ADR 0122), about 0.18 MP (a 2.1 MP 1080p screenshot
 * took it up to 3 s). Larger PNGs are written by the PNG encoder alone (and palette-reduced where that is smaller).
 */
export const OXIPNG_MAX_PIXELS = Math.min(2_100_000, Math.floor((SLICE_BUDGET_MS / OXIPNG_MS_PER_MP) * 1_000_000));
export const OXIPNG_LEVEL = 2;

/**
 * `quality=auto` keeps the smallest file whose distance from the source, by the judge (SSIMULACRA, ops/compress/judge/judge.ts), is at
 * most this. SSIMULACRA reads 0.01 as "cannot be told apart" and 0.03 as "small artefacts"; libvips' default JPEG
 * (q75) scores 0.028–0.067 on the corpus photos by libjxl's `ssimulacra_main` and 0.077 on a 12 MP phone-like photo,
 * so 0.025 is better than that on all of them, and still reachable below the size of an already-compressed JPEG
 * (rocket.jpg needs JPEG q94 for it). ADR 0102 has the measurements.
 */
export const AUTO_TARGET_SCORE = 0.04;
/** The highest quality `quality=auto` tries: above it files grow fast for no visible gain. */
export const AUTO_MAX_QUALITY = 97;
/** Judge-probes one search per format may make (encode, decode, judge), most of them near the answer. */
export const AUTO_PROBES_PER_FORMAT = 5;
/** A search stops once it has the answer to within this many quality steps (the file is then at most ~3% larger). */
export const AUTO_QUALITY_STEP = 2;
/**
 * The judge reads pictures up to this size whole; larger ones on SAMPLE_TILES tiles of SAMPLE_TILE_SIDE (at full
 * resolution, never downscaled). A judge of this many pixels takes about 40 ms (its WASM core, ops/compress/judge/judge.ts) and holds
 * about 35 MB of WASM memory for the reference's planes and its scratch while it lives: 88 bytes a pixel. The cap
 * is what fits beside the encode of a whole AUTO_WASM_PIXELS photo (imaging-memory.test.ts).
 */
export const JUDGE_MAX_PIXELS = 401_408;
export const SAMPLE_TILES = 8;
export const SAMPLE_TILE_SIDE = 224;
/**
 * The search itself runs on a smaller lattice of full-size tiles of the judged picture (about 65,000 pixels), and
 * its answer is then checked on the judged picture, in at most AUTO_VERIFY_ROUNDS encodes (ops/compress/auto.ts).
 */
export const SEARCH_TILES = 4;
/**
 * `quality=auto` runs in the isolate up to this size, the size the judge reads whole; larger photos go to the image
 * service, searched the same way on tiles it cuts. The judges of one search (the lattice's and the judged picture's,
 * about 41 MB together here) may still be alive while the whole photo is encoded (mozjpeg up to 34 bytes a pixel),
 * and both together stay under WASM_OPERATION_LIMIT_BYTES (imaging-memory.test.ts measures it on noise, the worst
 * case). The file is the one the search checked on the whole photo, so no call is made; one such check at
 * AUTO_MAX_QUALITY can hold the isolate up to about 1.7 slices (slices.ts, ADR 0122), an exception bounded by this
 * size and taken only where the photo is hard to compress (ADR 0140).
 */
export const AUTO_WASM_PIXELS = JUDGE_MAX_PIXELS;
export const SEARCH_TILE_SIDE = 128;
export const AUTO_VERIFY_ROUNDS = 3;
/** Encodes the check on the whole picture may add while none has met the target (ops/compress/auto.ts `verify`). */
export const AUTO_VERIFY_MISS_ROUNDS = 2;

/**
 * What one encode costs, in units of a fixed-quality encode of the same picture (the format's defaults at quality 80):
 * `base + perQuality × quality`. Encoders slow down as quality rises (more coefficients to code).
 */
export interface AutoCost {
  base: number;
  perQuality: number;
}

/** One encoder setting `quality=auto` searches: options over the format's defaults, its highest quality, its cost. */
export interface AutoSetting {
  options: Readonly<Record<string, number | boolean>>;
  maxQuality?: number;
  cost: AutoCost;
}

/*
 * Encode costs measured on the six corpus photos, a 512×400 noise picture and an 800×600 synthetic photo (Node, both
 * codecs warmed), each as a share of the fixed quality-80 encode of the same picture in
 * the same format. Ranges at qualities 30 / 52 / 74 / 85 / 95: mozjpeg tables 0 and 4 0.43–0.72 / 0.55–0.83 /
 * 0.85–1.07 / 1.06–1.30 / 1.47–2.17; the flat table 1 0.54–0.98 / 0.96–1.24 / 1.16–1.85 / 1.39–2.24 / 1.90–3.25;
 * libwebp method 6 0.99–2.24 / 1.05–2.36 / 1.14–2.42 / 1.34–3.05 / 1.66–3.70 (method 6 against the method 4 of a
 * fixed encode). The lines below sit at or above most of each range, so the budget errs on stopping early.
 */
const JPEG_COST: AutoCost = { base: 0.1, perQuality: 0.02 };
/** A plain encode at the format's defaults (the target-size search): one unit at quality 80 by definition. */
export const AUTO_PLAIN_COST: AutoCost = { base: 0.2, perQuality: 0.01 };
/**
 * Decoding a candidate and judging it, per probe of `quality=auto`: the judge reads every pixel (about 105 ns each
 * in its WASM core), about what a JPEG q80 encode of the same pixels costs, plus 0.1–0.3 for the decode.
 */
export const AUTO_CHECK_COST = 1.2;
/**
 * What one `quality=auto` or `targetBytes` request may spend on its search, in fixed-encode units (see AutoCost):
 * the request stops trying once the next encode would pass it and keeps the best file found. `quality=auto` is
 * also bounded by its probe counts (AUTO_PROBES_PER_FORMAT, AUTO_VERIFY_ROUNDS), which end it first on every photo
 * measured; the budget is the guard for pictures nobody measured. The worst case:
 * `npm run bench:imaging -- --auto-budget`.
 */
export const AUTO_BUDGET_UNITS = 24;
/**
 * Small pictures may spend more units, up to this many megapixels encoded in all (a fixed encode costs about the
 * same per pixel whatever the size): a unit of a 0.3 MP photo is about 40 ms, so its whole search (50–90 units,
 * 1.5–2.5 s) runs as before. The unit budget bounds the larger ones, up to the 1.7 MP WebP budget: the Hubble field
 * (0.87 MP, 34 units) answers 68.4 KB where the whole search found 66.3 KB.
 */
export const AUTO_BUDGET_MEGAPIXELS = 30;
/**
 * A second guard in milliseconds, for where the clock moves (in production it moves only across I/O, so the
 * `setTimeout` between encodes is what lets it advance, if at all): the unit model is what tests rely on.
 */
export const AUTO_BUDGET_MS = 10_000;

/**
 * The encoder setting `quality=auto` searches per format, over the format's defaults. mozjpeg's Annex K table (0)
 * was the smallest faithful JPEG on five of the six corpus photos (ADR 0123); libwebp keeps the method of a fixed
 * encode (4; method 6 costs about twice the time per probe) with spatial noise shaping 80.
 */
export const AUTO_SETTINGS: Readonly<Record<'jpeg' | 'webp', AutoSetting>> = {
  jpeg: { options: { quant_table: 0 }, cost: JPEG_COST },
  webp: { options: { sns_strength: 80 }, cost: AUTO_PLAIN_COST },
};
/** Palette reduction of a PNG is kept only when the judge scores it at most this (well inside "cannot be told apart"). */
export const PALETTE_MAX_SCORE = 0.008;

/**
 * Pixel budgets of the WASM path, per operation (pixels of the larger of input and output). Measured WASM memory per
 * pixel at 8 MP (imaging-memory.test.ts): mozjpeg decode 7 B, mozjpeg encode 16 B, libwebp encode 13 B, png encode
 * 16 B, Squoosh resize (Lanczos3, float buffers) 32 B, photon blur/pixelate 8 B. A pipeline is decode → operation →
 * encode, so each budget is the smallest that keeps every module it uses under 100 MB, with room for the page-doubling
 * growth of Emscripten heaps. The test asserts the peaks at exactly these sizes.
 */
export const WASM_PIXEL_BUDGET = {
  resize: 2_500_000,
  crop: 5_000_000,
  rotate: 5_000_000,
  compress: 5_000_000,
  // What the Convert screen says TIFF and BMP are written up to (core/tools/convert.ts).
  convert: ISOLATE_WRITE_MAX_PIXELS,
  blur: 5_000_000,
  pixelate: 5_000_000,
  watermark: 5_000_000,
  // A meme resizes its background to about its own size, input and output both up to this (Squoosh's Lanczos3: 57 MB
  // at 1 MP, 76 MiB at 1.4 MP, 81 MiB at 1.5), then composites its captions' resvg layer (its own module). At the
  // watermark's budget it borrowed, a 2.5 MP meme took the resize to 135 MB (ADR 0180).
  meme: 1_400_000,
} as const satisfies Record<WasmOperation, number>;
export type { WasmOperation };

/**
 * Pixel budgets of the WASM encoders, per output format, which bound every operation that writes that format. An
 * encoder's memory follows the file it writes, so these were measured at the worst case (imaging-memory.test.ts):
 * noise at quality 100 and every `quality=auto` setting at its highest quality. Worst case per pixel: libwebp about
 * 40 B, mozjpeg 33 B, png 17 B; Emscripten heaps grow in 20% steps, so each budget keeps the step below 80 MB
 * (WASM_OPERATION_LIMIT_BYTES). A synthetic photo at quality 80 needs half of that. BMP and TIFF are written in JS.
 */
export const ENCODE_PIXEL_BUDGET: Record<'jpeg' | 'webp' | 'png', number> = {
  jpeg: 2_300_000, // 70 MB at noise quality 100; 1920 × 1080 fits
  webp: 1_700_000, // 69 MB
  png: 3_800_000, // 67 MB; 4 MP took 81 MB
};

/** Anything declaring more pixels than this is refused before decoding (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;
