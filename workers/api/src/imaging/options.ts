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
/**
 * Encoder settings `quality=auto` searches, per format (the smallest faithful file of all wins). Measured with
 * bench/imaging.ts on the corpus photos at SSIM 0.99: mozjpeg's default table (3) wins on some photos and table 4
 * (PSNR-HVS tuned) on others by up to 8%; libwebp at method 6 with spatial noise shaping 80 is 5–12% smaller than
 * method 4 / 50 at the same SSIM (and never worse where WebP wins).
 */
export const AUTO_TUNINGS = {
  jpeg: [{ quant_table: 3 }, { quant_table: 4 }],
  webp: [{ method: 6, sns_strength: 80 }],
} as const;
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

/** Anything declaring more pixels than this is refused before decoding (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;
