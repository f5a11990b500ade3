/** Phone-size photos and sharp's reference results, from the PHOTOS service (test/support/node-services.ts). */
import { env } from 'cloudflare:workers';

export interface PhotoOptions {
  width: number;
  height: number;
  seed?: number;
  orientation?: number;
  gps?: boolean;
  format?: 'jpeg' | 'png' | 'webp' | 'heic' | 'avif';
  quality?: number;
  /**
   * Display P3 pixels with their profile (libvips' `sP3C`), as a phone tags its photos (a HEIC: in its `colr` box, as
   * an iPhone's); 'p3-nclx', an AVIF's: the same pixels named by code points alone (primaries 12, sRGB transfer).
   */
  profile?: 'p3' | 'p3-nclx';
}

export interface ReferenceOp {
  crop?: { left: number; top: number; width: number; height: number };
  resize?: { width: number; height: number; fit: 'cover' | 'contain' | 'stretch' | 'inside'; background?: string };
  rotate?: { angle: number };
  flip?: { axis: 'h' | 'v' };
  blur?: { sigma: number };
}

async function bytesOf(res: Response): Promise<Uint8Array> {
  if (!res.ok) throw new Error(`PHOTOS: ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** One retry: the Node-side service can drop a connection while a long sharp job holds its event loop. */
const photos = (url: string, init: RequestInit) => env.PHOTOS.fetch(url, init).catch(() => env.PHOTOS.fetch(url, init));

export async function makePhoto(o: PhotoOptions): Promise<Uint8Array> {
  return bytesOf(await photos('http://photos/photo', { method: 'POST', body: JSON.stringify(o) }));
}

/** sharp's own result of `op` on the upright picture, as PNG. */
export async function reference(image: Uint8Array, op: ReferenceOp): Promise<Uint8Array> {
  const url = `http://photos/reference?op=${encodeURIComponent(JSON.stringify(op))}`;
  return bytesOf(await photos(url, { method: 'POST', body: image as Uint8Array<ArrayBuffer> }));
}

/** What libvips reads the bytes as: an AVIF is `{ format: 'heif', compression: 'av1' }`. */
export async function sharpMeta(
  image: Uint8Array,
): Promise<{ format?: string; compression?: string; width?: number; height?: number }> {
  const res = await photos('http://photos/meta', { method: 'POST', body: image as Uint8Array<ArrayBuffer> });
  if (!res.ok) throw new Error(`PHOTOS: ${await res.text()}`);
  return res.json();
}
