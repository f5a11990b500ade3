/**
 * The engine's options and defaults in one place (Squoosh's `meta` files), and the pixel budgets measured for each
 * WASM operation. Budgets were measured with `workers/api/test/imaging-memory.test.ts` (it fails if they drift):
 * the WASM memory peak of the largest accepted input stays under 100 MB per codec.
 */
export const JPEG_OPTIONS = {
  // mozjpeg's auto_subsample switches to full-resolution chroma at high quality and doubles q90 files.
  auto_subsample: false,
  chroma_subsample: 2,
  progressive: true,
  optimize_coding: true,
} as const;

export const WEBP_OPTIONS = { method: 4 } as const;

/** oxipng costs ~0.5–1 s of CPU per megapixel: it runs only on PNGs up to this size (a 1080p screenshot fits). */
export const OXIPNG_MAX_PIXELS = 2_100_000;
export const OXIPNG_LEVEL = 2;

/**
 * `quality=auto` keeps the smallest candidate whose SSIM (ssim.js Weber, see ssim.ts) against the source is at least
 * this. 0.99 is about what libvips JPEG q75 scores on the corpus photos (0.97–0.996, bench/imaging.ts); 0.95 let the
 * search fall to WebP q10, visibly blocky.
 */
export const AUTO_SSIM_THRESHOLD = 0.99;
/** The highest quality `quality=auto` tries: above it files grow fast for no visible gain. */
export const AUTO_MAX_QUALITY = 95;

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
const FLAT_JPEG_COST: AutoCost = { base: 0, perQuality: 0.03 };
const WEBP_M6_COST: AutoCost = { base: 1, perQuality: 0.025 };
/** A plain encode at the format's defaults (the target-size search): one unit at quality 80 by definition. */
export const AUTO_PLAIN_COST: AutoCost = { base: 0.2, perQuality: 0.01 };
/**
 * Decoding a candidate and scoring its SSIM, per round trip of `quality=auto`: measured 0.03–0.5 (decode) plus
 * 0.11–0.9 (SSIM) on the photos, up to 2.3 on chelsea (451×300, small enough that SSIM reads every pixel).
 */
export const AUTO_CHECK_COST = 0.6;
/**
 * What one `quality=auto` or `targetBytes` request may spend on its search, in fixed-encode units (see AutoCost):
 * the request stops trying once the next encode would pass it and keeps the best file found. The unbounded search
 * spent 47–93 units on the corpus photos (17–31 round trips) and 133 on a crafted noise PNG where no setting is
 * ever faithful (every setting searched to its top quality). Four units, the first guess, pay for one or two
 * round trips: no search at all. The worst case: `npm run bench:imaging -- --auto-budget`.
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
 * Encoder settings `quality=auto` searches, per format (the smallest faithful file of all wins). Measured with
 * the per-setting searches of ADR 0050 (addendum, session 3) on the corpus photos at SSIM 0.99: mozjpeg's Annex K
 * table (0) is 2–6% smaller than its default table 3 on five of the six photos; table 4 (PSNR-HVS) is 3% smaller
 * than table 0 on the Hubble field; the flat table (1) is 22% smaller on chelsea's fur, and 8% smaller than any WebP
 * there. libwebp at method 6 with spatial noise shaping 80 is 5–12% smaller than method 4 / 50; SNS 100 is 4%
 * smaller again on motorcycle_left but 3–5% larger on rocket and coffee, so both are tried.
 */
export const AUTO_TUNINGS: Readonly<Record<'jpeg' | 'webp', readonly AutoSetting[]>> = {
  jpeg: [
    { options: { quant_table: 0 }, cost: JPEG_COST },
    { options: { quant_table: 4 }, cost: JPEG_COST },
    // The flat table writes the largest files at the top qualities: at 95 the noisy 5 MP test picture grew mozjpeg
    // to 115 MB (the other tables and qualities up to 92 stay at 96 MB). It wins at lower qualities (77 on chelsea).
    { options: { quant_table: 1 }, maxQuality: 90, cost: FLAT_JPEG_COST },
  ],
  webp: [
    { options: { method: 6, sns_strength: 80 }, cost: WEBP_M6_COST },
    { options: { method: 6, sns_strength: 100 }, cost: WEBP_M6_COST },
  ],
};
/** Palette reduction of a PNG is kept only when it stays this faithful. */
export const PALETTE_SSIM_THRESHOLD = 0.999;
/** SSIM is computed on a copy downscaled to about this many pixels (cost is linear in pixels). */
export const SSIM_SAMPLE_PIXELS = 250_000;

/** The default quality when none is given for a lossy output. */
export const DEFAULT_QUALITY = 80;

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
  convert: 5_000_000,
  blur: 5_000_000,
  pixelate: 5_000_000,
  watermark: 5_000_000,
} as const;
export type WasmOperation = keyof typeof WASM_PIXEL_BUDGET;

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
