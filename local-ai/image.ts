import sharp from 'sharp';

/** Decoded pixels, row-major RGB(A). */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

export class BadImageError extends Error {}

/** Largest side the service accepts; bigger photos are refused rather than exhausting memory. */
export const MAX_SIDE = 8192;

/** Decodes any image sharp reads into RGB (EXIF orientation applied, alpha dropped). */
export async function decodeRgb(bytes: Uint8Array): Promise<Pixels> {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE })
      .rotate()
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
      channels: 3,
    };
  } catch {
    throw new BadImageError('The image could not be read. Please upload a PNG, JPEG, GIF or WebP image.');
  }
}

export function encodePng(px: Pixels): Promise<Buffer> {
  return sharp(px.data, { raw: { width: px.width, height: px.height, channels: px.channels } })
    .png()
    .toBuffer();
}

/** The containers the Worker may ask a result in (ADR 0114); PNG unless it asks for JPEG or WebP. */
export const RESULT_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

/** Re-encodes a PNG result in the format asked (quality 1–100 for JPEG and WebP; JPEG flattens onto white). */
export function encodeResult(png: Buffer, format: ResultFormat, quality?: number): Promise<Buffer> {
  if (format === 'png') return Promise.resolve(png);
  const image = sharp(png);
  return format === 'jpeg'
    ? image
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: quality ?? 90 })
        .toBuffer()
    : image.webp({ quality: quality ?? 90 }).toBuffer();
}
