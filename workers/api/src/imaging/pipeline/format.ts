/** Which format a result is written in, and which formats the image service reads and writes. */
import type { ImageFormat } from '../../../../../core/api/images';
import { isOutputFormat, type OutputFormat } from '../codecs/encode';
import type { ServiceFormat } from '../service/types';

/** "original" for a format we cannot write means PNG (GIF) or JPEG (HEIC, a photo), said in a note. */
export function resolveFormat(requested: OutputFormat | 'original', input: ImageFormat, notes: string[]): OutputFormat {
  if (requested !== 'original') return requested;
  if (isOutputFormat(input)) return input;
  if (input === 'heic') {
    notes.push('HEIC pictures are not written; the result is a JPEG, which every device opens.');
    return 'jpeg';
  }
  notes.push(`${input.toUpperCase()} pictures cannot be written; the result is a PNG.`);
  return 'png';
}

/**
 * Both image services (the Images binding and libvips) read these; BMP, TIFF and AVIF are decoded only in the
 * isolate (the binding reads AVIF on Enterprise plans only), HEIC only by the service (ADR 0132).
 */
export const SERVICE_READS: readonly ImageFormat[] = ['jpeg', 'png', 'webp', 'gif', 'heic'];

/** The service writes AVIF (the isolate never does) and JPEG, PNG and WebP. */
export const serviceWrites = (f: OutputFormat): f is ServiceFormat =>
  f === 'jpeg' || f === 'png' || f === 'webp' || f === 'avif';
