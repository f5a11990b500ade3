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

/** oxipng costs ~0.5 s of CPU per megapixel: it runs only on PNGs up to this size. */
export const OXIPNG_MAX_PIXELS = 1_000_000;
export const OXIPNG_LEVEL = 2;

/** `quality=auto` keeps the smallest candidate whose SSIM against the source is at least this. */
export const AUTO_SSIM_THRESHOLD = 0.95;
/** Candidate qualities tried by `quality=auto`, best first. */
export const AUTO_QUALITIES = [85, 75, 65, 55, 45] as const;
/** Palette reduction of a PNG is kept only when it stays this faithful. */
export const PALETTE_SSIM_THRESHOLD = 0.99;
/** SSIM is computed on a copy downscaled to about this many pixels (cost is linear in pixels). */
export const SSIM_SAMPLE_PIXELS = 250_000;

/** The default quality when none is given for a lossy output. */
export const DEFAULT_QUALITY = 80;

/**
 * Pixel budgets of the WASM path, per operation. The decode→operate→encode pipeline holds the decoded RGBA in the
 * decoder's memory, a copy in the operation's module and the encoder's input and output; 4 MP keeps every module
 * under 100 MB (measured peaks in the memory test). Watermark adds resvg's canvas of the same size.
 */
export const WASM_PIXEL_BUDGET = {
  decode: 16_000_000,
  resize: 8_000_000,
  crop: 8_000_000,
  rotate: 8_000_000,
  compress: 8_000_000,
  convert: 8_000_000,
  blur: 8_000_000,
  pixelate: 8_000_000,
  watermark: 4_000_000,
  privacyReencode: 8_000_000,
} as const;
export type WasmOperation = keyof typeof WASM_PIXEL_BUDGET;

/** Anything declaring more pixels than this is refused before decoding (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;
