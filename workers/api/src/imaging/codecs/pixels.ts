/** Pixel operations that run in WASM: resize (Lanczos3 from Squoosh), blur and pixelate (photon); compositing in JS. */
import { photonGaussianBlur, photonPixelate, resizeLanczos } from './codecs';
import { crop, paste, type Raster } from './raster';

export async function resize(src: Raster, width: number, height: number): Promise<Raster> {
  if (width === src.width && height === src.height) return src;
  return resizeLanczos(src, width, height);
}

/** photon panics when a radius or cell is larger than the picture; both are limited to what the picture can hold. */
export async function blur(src: Raster, radius: number): Promise<Raster> {
  const r = Math.min(Math.round(radius), Math.floor((Math.min(src.width, src.height) - 1) / 2));
  return r < 1 ? src : photonGaussianBlur(src, r);
}

export async function pixelate(src: Raster, cell: number): Promise<Raster> {
  const c = Math.min(Math.round(cell), Math.min(src.width, src.height));
  return c < 2 ? src : photonPixelate(src, c);
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Clips a rectangle to the image; null when nothing is left. */
export function clip(rect: Rect, width: number, height: number): Rect | null {
  const x = Math.max(0, Math.floor(rect.x));
  const y = Math.max(0, Math.floor(rect.y));
  const w = Math.min(width, Math.ceil(rect.x + rect.width)) - x;
  const h = Math.min(height, Math.ceil(rect.y + rect.height)) - y;
  return w > 0 && h > 0 ? { x, y, width: w, height: h } : null;
}

/** Applies an operation to each rectangle only, in place on a copy of the image. */
export async function inRegions(src: Raster, rects: Rect[], op: (patch: Raster) => Promise<Raster>): Promise<Raster> {
  const out: Raster = { data: new Uint8ClampedArray(src.data), width: src.width, height: src.height };
  for (const rect of rects) {
    const r = clip(rect, src.width, src.height);
    if (!r) continue;
    paste(out, await op(crop(out, r.x, r.y, r.width, r.height)), r.x, r.y);
  }
  return out;
}

/** Alpha-blends `overlay` (RGBA, straight alpha) onto `dst` at (x, y), scaled by `opacity`. Plain JS: one pass. */
export function composite(dst: Raster, overlay: Raster, x: number, y: number, opacity: number): Raster {
  const out: Raster = { data: new Uint8ClampedArray(dst.data), width: dst.width, height: dst.height };
  compositeInto(out, overlay, x, y, opacity);
  return out;
}

/** `composite` in place, for many marks on one picture (a tiled watermark) without a copy each. */
export function compositeInto(out: Raster, overlay: Raster, x: number, y: number, opacity: number): void {
  for (let row = 0; row < overlay.height; row++) {
    const ty = y + row;
    if (ty < 0 || ty >= out.height) continue;
    for (let col = 0; col < overlay.width; col++) {
      const tx = x + col;
      if (tx < 0 || tx >= out.width) continue;
      const s = (row * overlay.width + col) * 4;
      const a = ((overlay.data[s + 3] ?? 0) / 255) * opacity;
      if (a === 0) continue;
      const d = (ty * out.width + tx) * 4;
      for (let c = 0; c < 3; c++) out.data[d + c] = (overlay.data[s + c] ?? 0) * a + (out.data[d + c] ?? 0) * (1 - a);
      out.data[d + 3] = Math.max(out.data[d + 3] ?? 0, Math.round(a * 255));
    }
  }
}
