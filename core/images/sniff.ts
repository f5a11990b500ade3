/**
 * The Worker's one image-header reader: identifies an image from its bytes alone (never the client's type or file
 * name) and reads its size, EXIF orientation and whether it is animated from the header, without decoding pixels. Each reader also checks the file's structure, so damaged or truncated files are
 * refused here, and the pixel budget is enforced as soon as the header declares the size (decompression bombs).
 */
import { IMAGE_MIME_TYPES, type ImageFormat } from './kinds';
import { MAX_IMAGE_PIXELS } from '../limits';
import { readAvif } from './formats/avif';
import { foreignFormat } from './foreign';
import { readBmp } from './formats/bmp';
import { readGif } from './formats/gif';
import { readHeic } from './formats/heic';
import { ftypBrands, heifKind } from './formats/isobmff';
import { readJpeg } from './formats/jpeg';
import { readPng } from './formats/png';
import { ImageProblem, type HeaderInfo, type ProblemKind, type ReadOptions } from './formats/shared';
import { readTiff } from './formats/tiff';
import { readWebp } from './formats/webp';

export { ImageProblem, type ProblemKind };

export interface ImageInfo extends HeaderInfo {
  format: ImageFormat;
  mimeType: string;
}

/** What the imaging code needs of a file before decoding it. */
export type ImageHeader = ImageInfo;

export type SniffResult =
  | { ok: true; info: ImageInfo }
  | {
      ok: false;
      problem: ProblemKind | 'unknown_format';
      detail: string;
      /** Set once the first bytes named one. */
      format?: ImageFormat;
      /** A kind of file recognised but not taken ("JPEG XL pictures", foreign.ts), for the refusal's words. */
      foreign?: string;
    };

const READERS: Record<ImageFormat, (bytes: Uint8Array, options: ReadOptions) => HeaderInfo> = {
  jpeg: readJpeg,
  png: readPng,
  webp: readWebp,
  gif: readGif,
  bmp: readBmp,
  tiff: readTiff,
  avif: readAvif,
  heic: readHeic,
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const text = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The format the first bytes announce, or null. SVG and everything else is not an image we accept. */
export function detectFormat(bytes: Uint8Array): ImageFormat | null {
  // The start-of-image marker alone names a JPEG: a bad byte after it is a damaged JPEG (the reader says so), not "no image".
  if (startsWith(bytes, [0xff, 0xd8])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, text('RIFF')) && startsWith(bytes, text('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, text('GIF87a')) || startsWith(bytes, text('GIF89a'))) return 'gif';
  if (startsWith(bytes, text('BM'))) return 'bmp';
  if (startsWith(bytes, text('II*\0')) || startsWith(bytes, text('MM\0*'))) return 'tiff';
  // AVIF and HEIC: one container (ISO-BMFF), told apart by the brands its first box names.
  if (startsWith(bytes, text('ftyp'), 4)) return heifKind(ftypBrands(bytes));
  return null;
}

/** Format, size and EXIF orientation of an image, or why it is refused. Never throws. */
export function sniffImage(
  bytes: Uint8Array,
  { maxPixels = MAX_IMAGE_PIXELS, prefix }: Partial<ReadOptions> = {},
): SniffResult {
  const format = detectFormat(bytes);
  if (!format) {
    const foreign = foreignFormat(bytes);
    return {
      ok: false,
      problem: 'unknown_format',
      detail: 'not a supported image format',
      ...(foreign ? { foreign } : {}),
    };
  }
  if (prefix && format !== 'png' && format !== 'jpeg' && format !== 'webp')
    return { ok: false, problem: 'unsupported', detail: `${format} is not read from a prefix`, format };
  try {
    const header = READERS[format](bytes, { maxPixels, prefix });
    return { ok: true, info: { ...header, format, mimeType: IMAGE_MIME_TYPES[format] } };
  } catch (err) {
    if (err instanceof ImageProblem) return { ok: false, problem: err.kind, detail: err.message, format };
    // A RangeError from a DataView read past the end is a truncated file like any other.
    return { ok: false, problem: 'corrupt', detail: 'unexpected end of file', format };
  }
}

/**
 * The header of bytes that need no HTTP answer when they are no image (our own encoders' output, an AI service's
 * answer): null when they are not a well-formed image. Client uploads go through `assertImage`, which says why.
 */
export function readHeader(bytes: Uint8Array): ImageHeader | null {
  const result = sniffImage(bytes, { maxPixels: Number.POSITIVE_INFINITY });
  return result.ok ? result.info : null;
}

/**
 * The header of the first bytes of a longer PNG, JPEG or WebP (a streamed result's first part): format and size,
 * the structure checked only as far as the bytes go. Null when they do not start such an image.
 */
export function readHeadOf(bytes: Uint8Array): ImageHeader | null {
  const result = sniffImage(bytes, { maxPixels: Number.POSITIVE_INFINITY, prefix: true });
  return result.ok ? result.info : null;
}

/** Width and height as people see the picture: EXIF orientations 5–8 turn it a quarter. */
export function displaySize(info: HeaderInfo): { width: number; height: number } {
  return info.orientation >= 5
    ? { width: info.height, height: info.width }
    : { width: info.width, height: info.height };
}
