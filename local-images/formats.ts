/**
 * The formats the offline image service reads, as the Images binding does (ADR 0132), and its HEIC decoder.
 */
import decodeHeic from 'heic-decode';
import type { Metadata } from 'sharp';
import { frameOutsideProblem } from '../core/animation/frames';
import { readHeader } from '../core/images/sniff';

/**
 * What the Images binding reads, as sharp names it: HEIC is `heif` with HEVC pictures. AVIF (`heif` with AV1) is not
 * read, as the binding reads it on Enterprise plans only: the Worker decodes AVIF itself (ADR 0132).
 */
export const READS: readonly string[] = ['jpeg', 'png', 'webp', 'gif', 'heic'];

export const formatOf = (meta: Metadata) => (meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format);

/**
 * A HEIC's pixels as RGBA. sharp's libvips has no HEVC decoder, so libheif (heic-decode, WASM) decodes it, applying
 * its rotation as the binding does. Throws on a picture it cannot read.
 */
export async function heicPixels(bytes: Uint8Array): Promise<{ data: Buffer; width: number; height: number }> {
  const image = await decodeHeic({ buffer: bytes });
  return { data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), width: image.width, height: image.height };
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
