/**
 * How long the isolate's thread may be held by one piece of pixel work (ADR 0122). A Worker isolate runs one JS
 * thread: while a WASM codec call or a JS loop runs, no other request on that isolate is served, not even
 * `/api/health`. A codec call cannot be interrupted, so the engine keeps each one short instead: every call runs in
 * a turn of the event loop of its own (`decode` and `encode` yield first), and no call is given more pixels than it
 * can work through in SLICE_BUDGET_MS. Larger pictures go to the image service (the Images binding in production,
 * libvips offline), which never holds the isolate; what the service cannot read (TIFF, BMP) is first turned into a
 * PNG here, in slices that fit too.
 *
 * The costs are CPU milliseconds per megapixel, measured with `process.cpuUsage()` around each call of the Worker's
 * own codecs in Node on this project's 2-core machine (`npx tsx --import ./bench/register.mjs bench/slices.ts`), on
 * the worst content measured (noise over a photo-like picture; real photos cost about half), each rounded up.
 */
import type { ImageFormat } from '../../../../core/api/images';
import { AVIF_MAX_SIDE } from '../../../../core/image-service';
import type { OutputFormat } from '../../../../core/tools/convert';

/** The longest a piece of pixel work may hold the isolate's thread (CPU time on the measured machine). */
export const SLICE_BUDGET_MS = 250;

/**
 * Decoding, per input format (mozjpeg, squoosh PNG, libwebp, utif2 in JS, photon for GIF and BMP, libavif with dav1d
 * for AVIF: 355 measured on noise and on a plasma, 1,200² in 510 ms). HEIC is never decoded here (the image service
 * reads it, ADR 0132).
 */
export const DECODE_MS_PER_MP: Readonly<Record<ImageFormat, number>> = {
  jpeg: 30,
  png: 90,
  webp: 80,
  tiff: 100,
  gif: 40,
  bmp: 40,
  avif: 360,
  heic: Infinity,
};

/**
 * Encoding, per output format. mozjpeg slows down as quality rises (more coefficients to code): 400 ms a megapixel up
 * to quality 80, about 1,050 at 97 (the tables `quality=auto` searches). libwebp at method 4 and 6 alike about 330.
 */
const ENCODE_MS_PER_MP = {
  jpeg: (quality: number) => 400 + Math.max(0, quality - 80) * 40,
  webp: () => 330,
  png: () => 70,
  tiff: () => 20,
  bmp: () => 10,
  // Never in the isolate: AVIF is written by the image service only (ADR 0132).
  avif: () => Infinity,
} satisfies Record<OutputFormat, (quality: number) => number>;

/**
 * The operation itself, between decode and encode (Lanczos3 resize, photon blur, the watermark composite, JS loops).
 * Its keys are the operations with a pixel path in the isolate (`WasmOperation`); options.ts gives each its memory
 * budget over the same keys.
 */
const OPERATION_MS_PER_MP = {
  resize: 130,
  crop: 20,
  rotate: 30,
  compress: 0,
  convert: 0,
  blur: 120,
  pixelate: 20,
  watermark: 120,
  // The watermark's figure, which the meme borrowed with its memory budget until ADR 0180 (not measured apart yet).
  meme: 120,
} as const satisfies Record<string, number>;
export type WasmOperation = keyof typeof OPERATION_MS_PER_MP;

/** oxipng at OXIPNG_LEVEL (1,355 measured on noise) and the palette reduction that runs beside it (400). */
export const OXIPNG_MS_PER_MP = 1400;
export const PALETTE_MS_PER_MP = 400;

const within = (msPerMegapixel: number) =>
  msPerMegapixel <= 0 ? Infinity : Math.floor((SLICE_BUDGET_MS / msPerMegapixel) * 1_000_000);

/**
 * The most pixels one decode of `format` may have. AVIF is the exception: the image service cannot read it in
 * production (the Images binding reads AVIF on Enterprise plans only), so the isolate decodes every AVIF taken, up
 * to 1,200² (AVIF_MAX_SIDE, held at intake): one call of about twice a slice, the price of taking AVIF (ADR 0132).
 */
export const decodeSlicePixels = (format: ImageFormat) =>
  format === 'avif' ? AVIF_MAX_SIDE ** 2 : within(DECODE_MS_PER_MP[format]);
/** The most pixels one encode to `format` at `quality` may have (the worst quality where none is given). */
export const encodeSlicePixels = (format: OutputFormat, quality = 100) => within(ENCODE_MS_PER_MP[format](quality));
/** The most pixels the operation's own step may have. */
export const operationSlicePixels = (op: WasmOperation) => within(OPERATION_MS_PER_MP[op]);

/**
 * Ends the current turn of the event loop, so whatever else the isolate has to do (another request, a socket) runs
 * before the next slice. Awaiting a codec alone never leaves the microtask queue.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
