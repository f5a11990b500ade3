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
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, channels: 3 };
  } catch {
    throw new BadImageError('The image could not be read. Please upload a PNG, JPEG, GIF or WebP image.');
  }
}

export function encodePng(px: Pixels): Promise<Buffer> {
  return sharp(px.data, { raw: { width: px.width, height: px.height, channels: px.channels } }).png().toBuffer();
}
