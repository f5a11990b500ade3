// Part of Memeforge's background-removal program, AGPL-3.0-only (see LICENSE).
//
// One cut-out: decode once, run the segmenter on a SIDE×SIDE copy, enlarge its matte to the photo's size and
// refine it there with the photo as the guide (guided-filter.mjs), then write the photo with the matte as alpha.
import sharp from 'sharp';
import { guidedFilter } from './guided-filter.mjs';

/** Bilinear resize of a plane of floats (pixel centres aligned, as image resizers do). */
export function resizePlane(src, sw, sh, dw, dh) {
  const out = new Float32Array(dw * dh);
  const sx = sw / dw;
  const sy = sh / dh;
  for (let y = 0; y < dh; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(sh - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < dw; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(sw - 1, x0 + 1);
      const wx = fx - x0;
      const top = src[y0 * sw + x0] * (1 - wx) + src[y0 * sw + x1] * wx;
      const bottom = src[y1 * sw + x0] * (1 - wx) + src[y1 * sw + x1] * wx;
      out[y * dw + x] = top * (1 - wy) + bottom * wy;
    }
  }
  return out;
}

/**
 * The refinement's window grows with the enlargement (a matte pixel covers scale² photo pixels) so it always spans
 * the blur the enlargement left; eps is small enough to follow a clear edge, large enough not to copy texture.
 */
export const REFINE = { radiusPerScale: 2, minRadius: 2, eps: 1e-3 };

/** The matte (0–1 floats) of the photo at its own size: segmenter on a small copy, enlarged, guided by the photo. */
export async function matteOf(rgba, width, height, segmenter, refine = REFINE) {
  const side = segmenter.side;
  const small = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .resize(side, side, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  const coarse = await segmenter.run(small);
  const enlarged = resizePlane(coarse, side, side, width, height);
  const scale = Math.max(width, height) / side;
  // Only an enlarged matte needs it: at or below the model's size the matte is already as sharp as the photo.
  if (!refine || scale <= 1.25) return enlarged;
  const guide = new Float32Array(width * height);
  for (let i = 0; i < guide.length; i++)
    guide[i] = (0.299 * rgba[i * 4] + 0.587 * rgba[i * 4 + 1] + 0.114 * rgba[i * 4 + 2]) / 255;
  const radius = Math.max(refine.minRadius, Math.round(refine.radiusPerScale * scale));
  return guidedFilter(guide, enlarged, width, height, radius, refine.eps);
}

/** Image bytes in, a PNG of the same picture (upright) with a transparent background out. */
export async function cutout(bytes, segmenter) {
  const { data, info } = await sharp(bytes)
    .rotate()
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw Object.assign(new Error('unreadable image'), { unreadable: true });
    });
  const matte = await matteOf(data, info.width, info.height, segmenter);
  // A picture that already had transparency keeps it: the matte only takes more away.
  for (let i = 0; i < matte.length; i++) data[i * 4 + 3] = Math.round(matte[i] * data[i * 4 + 3]);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}
