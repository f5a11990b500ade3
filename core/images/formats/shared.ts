import type { FrameRect } from '../../animation/frames';

/** What every format reader finds in a file header. `orientation` is the EXIF value (1 = upright). */
export interface HeaderInfo {
  width: number;
  height: number;
  orientation: number;
  /** An animated GIF, WebP or PNG (APNG): the engine keeps the first frame and says so. */
  animated?: boolean;
  /** Frames of an animated GIF or WebP (the image service limits the area of all frames together). */
  frames?: number;
  /** The first GIF or animated WebP frame whose rectangle reaches outside the canvas (refused: ADR 0151). */
  frameOutside?: FrameRect;
}

export interface ReadOptions {
  maxPixels: number;
  /**
   * The bytes are only the start of a longer file (a stream's first part): read the header and stop at the image
   * data, checking the structure only as far as the bytes go. PNG, JPEG and WebP only.
   */
  prefix?: boolean;
}

/**
 * Why a file was refused. `corrupt`: the structure is broken or cut off. `unsupported`: a variant no browser shows
 * (12-bit JPEG). `too_many_pixels`: the header declares more pixels than allowed (a decompression bomb).
 */
export type ProblemKind = 'corrupt' | 'unsupported' | 'too_many_pixels';

export class ImageProblem extends Error {
  constructor(
    readonly kind: ProblemKind,
    message: string,
  ) {
    super(message);
    this.name = 'ImageProblem';
  }
}

export const corrupt = (why: string) => new ImageProblem('corrupt', why);

/** Throws as soon as the declared size is known, so nothing larger is ever read further, let alone decoded. */
export function checkDimensions(width: number, height: number, { maxPixels }: ReadOptions): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw corrupt(`invalid dimensions ${width}x${height}`);
  }
  if (width * height > maxPixels) {
    throw new ImageProblem('too_many_pixels', `${width}x${height} is more than ${maxPixels} pixels`);
  }
}

export function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function ascii(bytes: Uint8Array, offset: number, length: number): string {
  if (offset + length > bytes.length) throw corrupt('unexpected end of file');
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/** Reads bounds-checked: every reader turns an out-of-range read into `corrupt`, never a crash. */
export function need(bytes: Uint8Array, end: number): void {
  if (end > bytes.length || end < 0) throw corrupt('unexpected end of file');
}
