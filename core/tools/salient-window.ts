/**
 * Where a cover resize crops ("keep the subject", ADR 0134): the window of the box's shape over the picture that holds
 * the most edge energy, searched on a small grey copy. Pure, so the API's two paths (isolate and image service) and
 * the Resize tool's framing preview take the same window. Cover crops one axis only, so the search is a slide along
 * that axis over a profile of the energy summed across the other.
 */

/** A small grey copy of a picture (0–255 per pixel, row by row). */
export interface GreyThumb {
  width: number;
  height: number;
  grey: Float32Array;
}

/** The long side of the grey copy: enough to place a subject, small enough to read in a few milliseconds. */
export const THUMB_LONG_SIDE = 96;

/**
 * A grey copy of RGBA pixels at most `longSide` on its long side, each pixel the average of the area it covers
 * (transparent pixels count as what they show over white, as the Resize tool's preview draws them).
 */
export function greyThumb(
  rgba: ArrayLike<number>,
  width: number,
  height: number,
  longSide = THUMB_LONG_SIDE,
): GreyThumb {
  const scale = Math.min(1, longSide / Math.max(width, height));
  const tw = Math.max(1, Math.round(width * scale));
  const th = Math.max(1, Math.round(height * scale));
  const sum = new Float32Array(tw * th);
  const count = new Uint32Array(tw * th);
  for (let y = 0; y < height; y++) {
    const ty = Math.min(th - 1, Math.floor((y * th) / height));
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const a = rgba[i + 3]! / 255;
      const luma = 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
      const t = ty * tw + Math.min(tw - 1, Math.floor((x * tw) / width));
      sum[t]! += luma * a + 255 * (1 - a);
      count[t]!++;
    }
  }
  for (let t = 0; t < sum.length; t++) sum[t] = count[t] ? sum[t]! / count[t]! : 255;
  return { width: tw, height: th, grey: sum };
}

/** Edge energy summed across the other axis: one value per column (`x`) or per row (`y`) of the thumb. */
export function energyProfile(t: GreyThumb, axis: 'x' | 'y'): Float64Array {
  const at = (x: number, y: number) =>
    t.grey[Math.min(t.height - 1, Math.max(0, y)) * t.width + Math.min(t.width - 1, Math.max(0, x))]!;
  const profile = new Float64Array(axis === 'x' ? t.width : t.height);
  for (let y = 0; y < t.height; y++) {
    for (let x = 0; x < t.width; x++) {
      const e = Math.abs(at(x + 1, y) - at(x - 1, y)) + Math.abs(at(x, y + 1) - at(x, y - 1));
      profile[axis === 'x' ? x : y]! += e;
    }
  }
  return profile;
}

/**
 * A window must hold this much more energy than the centred one to move the crop: on a flat or evenly busy picture
 * the crop stays centred rather than wandering after noise.
 */
export const MOVE_MARGIN = 1.1;
/** Windows within this share of the best count as equally good; the crop takes the middle of their run. */
const TIE = 0.98;

/**
 * The start of the most salient window `fraction` of the axis long, as a fraction of the axis (0 to 1 − fraction).
 * Among windows about as good as the best (a subject smaller than the window fits in many), the middle one, so the
 * subject is framed with room around it rather than against an edge.
 */
export function salientStart(t: GreyThumb, axis: 'x' | 'y', fraction: number): number {
  const centred = (1 - fraction) / 2;
  if (fraction >= 1) return 0;
  const profile = energyProfile(t, axis);
  const n = profile.length;
  const win = Math.min(n, Math.max(1, Math.round(fraction * n)));
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + profile[i]!;
  const scores = Array.from({ length: n - win + 1 }, (_, s) => prefix[s + win]! - prefix[s]!);
  const mid = (n - win) / 2;
  const centreScore = (scores[Math.floor(mid)]! + scores[Math.ceil(mid)]!) / 2;
  let best = 0;
  for (let s = 1; s < scores.length; s++) {
    const better =
      scores[s]! > scores[best]! || (scores[s] === scores[best] && Math.abs(s - mid) < Math.abs(best - mid));
    if (better) best = s;
  }
  if (!(scores[best]! > centreScore * MOVE_MARGIN)) return centred;
  let lo = best;
  let hi = best;
  while (lo > 0 && scores[lo - 1]! >= scores[best]! * TIE) lo--;
  while (hi < scores.length - 1 && scores[hi + 1]! >= scores[best]! * TIE) hi++;
  return Math.min(1 - fraction, Math.max(0, (lo + hi) / 2 / n));
}
