/** Decoded pixels (8-bit RGBA, rows top to bottom) and the geometric operations that need no codec. */
export interface Raster {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export function createRaster(width: number, height: number): Raster {
  return { data: new Uint8ClampedArray(width * height * 4), width, height };
}

/** Quarter turns clockwise, then an optional horizontal mirror: enough to express rotate, flip and every EXIF orientation. */
export function transform(src: Raster, quarterTurns: 0 | 1 | 2 | 3, mirror: boolean): Raster {
  if (quarterTurns === 0 && !mirror) return src;
  const { width: w, height: h } = src;
  const swap = quarterTurns % 2 === 1;
  const out = createRaster(swap ? h : w, swap ? w : h);
  const ow = out.width;
  const s32 = new Uint32Array(src.data.buffer, src.data.byteOffset, w * h);
  const d32 = new Uint32Array(out.data.buffer);
  // Where source pixel (x, y) lands in the output.
  const at = (x: number, y: number) => {
    let nx: number;
    let ny: number;
    if (quarterTurns === 0) [nx, ny] = [x, y];
    else if (quarterTurns === 1) [nx, ny] = [h - 1 - y, x];
    else if (quarterTurns === 2) [nx, ny] = [w - 1 - x, h - 1 - y];
    else [nx, ny] = [y, w - 1 - x];
    if (mirror) nx = ow - 1 - nx;
    return ny * ow + nx;
  };
  // Along a source row the landing place moves by a fixed step (±1 or ±the output's width): worked out once a row,
  // not once a pixel.
  for (let y = 0; y < h; y++) {
    const start = at(0, y);
    const step = at(1, y) - start;
    const row = y * w;
    for (let x = 0; x < w; x++) d32[start + x * step] = s32[row + x]!;
  }
  return out;
}

/** Turns pixels stored under EXIF orientation 1–8 into an upright picture. */
export function applyOrientation(src: Raster, orientation: number): Raster {
  switch (orientation) {
    case 2:
      return transform(src, 0, true);
    case 3:
      return transform(src, 2, false);
    case 4:
      return transform(src, 2, true);
    case 5:
      return transform(src, 1, true);
    case 6:
      return transform(src, 1, false);
    case 7:
      return transform(src, 3, true);
    case 8:
      return transform(src, 3, false);
    default:
      return src;
  }
}

export function flip(src: Raster, direction: 'horizontal' | 'vertical'): Raster {
  return direction === 'horizontal' ? transform(src, 0, true) : transform(src, 2, true);
}

export function crop(src: Raster, x: number, y: number, width: number, height: number): Raster {
  const out = createRaster(width, height);
  for (let row = 0; row < height; row++) {
    const start = ((y + row) * src.width + x) * 4;
    out.data.set(src.data.subarray(start, start + width * 4), row * width * 4);
  }
  return out;
}

/** Writes `patch` into `dst` at (x, y), replacing the pixels. */
export function paste(dst: Raster, patch: Raster, x: number, y: number): void {
  for (let row = 0; row < patch.height; row++) {
    const from = row * patch.width * 4;
    dst.data.set(patch.data.subarray(from, from + patch.width * 4), ((y + row) * dst.width + x) * 4);
  }
}

export function hasTransparency(src: Raster): boolean {
  for (let i = 3; i < src.data.length; i += 4) if ((src.data[i] ?? 255) < 255) return true;
  return false;
}

/** Composites onto white, for formats that cannot store alpha. */
export function flattenOntoWhite(src: Raster): Raster {
  if (!hasTransparency(src)) return src;
  const out = createRaster(src.width, src.height);
  const s = src.data;
  const d = out.data;
  for (let i = 0; i < s.length; i += 4) {
    const a = (s[i + 3] ?? 255) / 255;
    d[i] = (s[i] ?? 0) * a + 255 * (1 - a);
    d[i + 1] = (s[i + 1] ?? 0) * a + 255 * (1 - a);
    d[i + 2] = (s[i + 2] ?? 0) * a + 255 * (1 - a);
    d[i + 3] = 255;
  }
  return out;
}
