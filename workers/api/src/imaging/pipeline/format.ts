/** Which format a result is written in, and which formats the image service reads and writes. */
import type { ImageFormat } from '../../../../../core/api/images';
import { isOutputFormat, type OutputFormat } from '../codecs/encode';
import type { ServiceFormat } from '../service/types';

/** "original" for a format we cannot write (GIF) means PNG, said in a note. */
export function resolveFormat(requested: OutputFormat | 'original', input: ImageFormat, notes: string[]): OutputFormat {
  if (requested !== 'original') return requested;
  if (isOutputFormat(input)) return input;
  notes.push(`${input.toUpperCase()} pictures cannot be written; the result is a PNG.`);
  return 'png';
}

/** Both image services (the Images binding and libvips) read these; BMP and TIFF are decoded only in the isolate. */
export const SERVICE_READS: readonly ImageFormat[] = ['jpeg', 'png', 'webp', 'gif'];

export const serviceWrites = (f: OutputFormat): f is ServiceFormat => f === 'jpeg' || f === 'png' || f === 'webp';
