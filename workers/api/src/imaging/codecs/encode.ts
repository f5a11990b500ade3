import encodeJpeg from '@jsquash/jpeg/encode';
import encodeWebp from '@jsquash/webp/encode';
import UTIF from 'utif2';
import type { ImageFormat } from '../../../../../core/api/images';
import { OUTPUT_FORMATS } from '../../../../../core/api/tools';
import { encodeBmp } from './bmp';
import { oxipngOptimise, pngEncode, withEmscripten } from './codecs';
import { JPEG_OPTIONS, OXIPNG_LEVEL, OXIPNG_MAX_PIXELS, WEBP_OPTIONS } from '../options';
import { flattenOntoWhite, type Raster } from './raster';
import { yieldToEventLoop } from '../slices';

/** Formats the engine writes. GIF input is converted, never written (first frame only). */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const LOSSY_FORMATS: readonly OutputFormat[] = ['jpeg', 'webp', 'avif'];
export const ALPHA_FORMATS: readonly OutputFormat[] = ['png', 'webp', 'tiff', 'avif'];

export const isOutputFormat = (f: ImageFormat | string): f is OutputFormat =>
  (OUTPUT_FORMATS as readonly string[]).includes(f);

/** A raster is what the jSquash encoders read as ImageData (data, width, height); Workers have no ImageData type. */
const asImageData = (r: Raster) => r as unknown as Parameters<typeof encodeJpeg>[0] & Parameters<typeof encodeWebp>[0];

export interface EncodeOptions {
  quality: number;
  /** PNG only: run oxipng when the image is small enough. */
  optimise?: boolean;
  /** JPEG/WebP only: encoder settings over the defaults (see AUTO_TUNINGS). */
  tuning?: Readonly<Record<string, number | boolean>>;
}

/** Encodes upright RGBA. No metadata is ever written, so nothing of the input's EXIF survives a re-encode. */
export async function encode(src: Raster, format: OutputFormat, opts: EncodeOptions): Promise<Uint8Array> {
  // An encode is a slice of its own (slices.ts): the operation before it, or the decode, ended in another turn.
  await yieldToEventLoop();
  const raster = ALPHA_FORMATS.includes(format) ? src : flattenOntoWhite(src);
  switch (format) {
    case 'jpeg':
      return new Uint8Array(
        await withEmscripten('jpegEnc', () =>
          encodeJpeg(asImageData(raster), { ...JPEG_OPTIONS, ...opts.tuning, quality: opts.quality }),
        ),
      );
    case 'webp':
      return new Uint8Array(
        await withEmscripten('webpEnc', () =>
          encodeWebp(asImageData(raster), { ...WEBP_OPTIONS, ...opts.tuning, quality: opts.quality }),
        ),
      );
    case 'png':
      return encodePng(raster, opts.optimise ?? true);
    case 'bmp':
      return encodeBmp(raster);
    case 'avif':
      // The engine's budgets send every AVIF to the image service (slices.ts): no encoder is bundled (ADR 0132).
      throw new Error('AVIF is written by the image service only');
    case 'tiff':
      return new Uint8Array(
        UTIF.encodeImage(
          new Uint8Array(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength),
          raster.width,
          raster.height,
        ),
      );
  }
}

export async function encodePng(raster: Raster, optimise: boolean): Promise<Uint8Array> {
  const plain = pngEncode(raster);
  if (!optimise || raster.width * raster.height > OXIPNG_MAX_PIXELS) return plain;
  await yieldToEventLoop();
  return optimisePng(plain);
}

/** Lossless recompression of PNG bytes; small files only (see OXIPNG_MAX_PIXELS). */
export async function optimisePng(bytes: Uint8Array): Promise<Uint8Array> {
  return oxipngOptimise(bytes, OXIPNG_LEVEL);
}
