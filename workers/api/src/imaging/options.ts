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

/** One encoder setting `quality=auto` searches: options over the format's defaults, and its highest quality. */
export interface AutoSetting {
  options: Readonly<Record<string, number | boolean>>;
  maxQuality?: number;
}

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
    { options: { quant_table: 0 } },
    { options: { quant_table: 4 } },
    // The flat table writes the largest files at the top qualities: at 95 the noisy 5 MP test picture grew mozjpeg
    // to 115 MB (the other tables and qualities up to 92 stay at 96 MB). It wins at lower qualities (77 on chelsea).
    { options: { quant_table: 1 }, maxQuality: 90 },
  ],
  webp: [{ options: { method: 6, sns_strength: 80 } }, { options: { method: 6, sns_strength: 100 } }],
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
  privacyReencode: 5_000_000,
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
