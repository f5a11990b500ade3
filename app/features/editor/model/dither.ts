/**
 * Floyd–Steinberg error diffusion onto a palette, for the animated GIF export's "Dithering: on": each pixel takes
 * the nearest palette colour and passes its error on to the pixels right and below (7/16, 3/16, 5/16, 1/16), so a
 * photo's gradients keep their tone instead of breaking into bands. Pure: runs in Node tests and in the browser.
 */

export type Palette = readonly (readonly number[])[];

/** Nearest palette entry by squared RGB distance, remembered per 5-bit-per-channel colour (32,768 entries). */
function nearestFinder(palette: Palette): (r: number, g: number, b: number) => number {
  const memo = new Int16Array(32768).fill(-1);
  return (r, g, b) => {
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    const known = memo[key]!;
    if (known >= 0) return known;
    let best = 0;
    let bestDistance = Infinity;
    for (let i = 0; i < palette.length; i++) {
      const p = palette[i]!;
      const dr = r - p[0]!;
      const dg = g - p[1]!;
      const db = b - p[2]!;
      const d = dr * dr + dg * dg + db * db;
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    memo[key] = best;
    return best;
  };
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** The palette index of each pixel of `rgba` (width × height, alpha ignored), dithered. */
export function ditherToPalette(rgba: ArrayLike<number>, width: number, height: number, palette: Palette): Uint8Array {
  const nearest = nearestFinder(palette);
  const out = new Uint8Array(width * height);
  // Errors carried to this row and the next, three channels per pixel, one pixel of margin on each side.
  let row = new Float32Array((width + 2) * 3);
  let next = new Float32Array((width + 2) * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const e = (x + 1) * 3;
      const r = clamp(rgba[p]! + row[e]!);
      const g = clamp(rgba[p + 1]! + row[e + 1]!);
      const b = clamp(rgba[p + 2]! + row[e + 2]!);
      const index = nearest(r | 0, g | 0, b | 0);
      out[y * width + x] = index;
      const c = palette[index]!;
      const err = [r - c[0]!, g - c[1]!, b - c[2]!];
      for (let k = 0; k < 3; k++) {
        const v = err[k]!;
        row[e + 3 + k] = row[e + 3 + k]! + (v * 7) / 16;
        next[e - 3 + k] = next[e - 3 + k]! + (v * 3) / 16;
        next[e + k] = next[e + k]! + (v * 5) / 16;
        next[e + 3 + k] = next[e + 3 + k]! + v / 16;
      }
    }
    [row, next] = [next, row];
    next.fill(0);
  }
  return out;
}

/** The palette index of each pixel, nearest colour only (Dithering: off): flat areas stay flat and compress best. */
export function mapToPalette(rgba: ArrayLike<number>, width: number, height: number, palette: Palette): Uint8Array {
  const nearest = nearestFinder(palette);
  const out = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) out[i] = nearest(rgba[i * 4]!, rgba[i * 4 + 1]!, rgba[i * 4 + 2]!);
  return out;
}
