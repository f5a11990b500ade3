/**
 * The formats the offline image service reads, as the Images binding does (ADR 0132), and its HEIC decoder.
 */
import { deflateSync } from 'node:zlib';
import decodeHeic from 'heic-decode';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { frameOutsideProblem } from '../core/animation/frames';
import { crc32 } from '../core/images/crc32';
import { heifProfile } from '../core/images/formats/heif-colour';
import { readHeader } from '../core/images/sniff';

/**
 * What the Images binding reads, as sharp names it: HEIC is `heif` with HEVC pictures. AVIF (`heif` with AV1) is not
 * read, as the binding reads it on Enterprise plans only: the Worker decodes AVIF itself (ADR 0132).
 */
export const READS: readonly string[] = ['jpeg', 'png', 'webp', 'gif', 'heic'];

export const formatOf = (meta: Metadata) =>
  meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format;

/**
 * A HEIC's pixels as RGBA, and the colour profile they are in (null for sRGB). sharp's libvips has no HEVC decoder, so
 * libheif (heic-decode, WASM) decodes it, applying its rotation as the binding does; libheif leaves the values in the
 * picture's own colour space (an iPhone's Display P3) and says nothing of it, so the profile is read from the `colr`
 * box here. Throws on a picture it cannot read.
 */
export async function heicPixels(
  bytes: Uint8Array,
): Promise<{ data: Buffer; width: number; height: number; icc: Uint8Array | null }> {
  const image = await decodeHeic({ buffer: bytes });
  return {
    data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    width: image.width,
    height: image.height,
    icc: heifProfile(bytes),
  };
}

const chunk = (type: string, data: Uint8Array) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/**
 * RGBA values in the colour space of `icc`, as sharp reads a tagged file: converted to sRGB as it decodes, as it
 * converts every profiled JPEG, PNG and WebP (the Images binding documents that "embedded color profiles are always
 * applied", developers.cloudflare.com/images/transform-images/transform-via-workers/, `metadata`). sharp takes no
 * profile for raw input, so the values go through an unfiltered PNG carrying the profile (`iCCP`).
 */
export async function withProfile(
  raw: { data: Buffer; width: number; height: number },
  icc: Uint8Array,
): Promise<Sharp> {
  const png = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } })
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
  const iccp = chunk('iCCP', Buffer.concat([Buffer.from('ICC profile\0\0', 'latin1'), deflateSync(icc)]));
  // After the signature (8 bytes) and IHDR (25), before any image data.
  return sharp(Buffer.concat([png.subarray(0, 33), iccp, png.subarray(33)]), { limitInputPixels: false });
}

/**
 * Why a GIF's or animated WebP's frames cannot be read, from core's header reader (the Worker's, and the binding
 * adapter's), before libvips sees them: a frame outside the canvas (ADR 0151). Null for anything else, which
 * libvips then reads or refuses itself.
 */
export function framesOutside(bytes: Uint8Array): string | null {
  const header = readHeader(bytes);
  return header ? frameOutsideProblem(header) : null;
}
