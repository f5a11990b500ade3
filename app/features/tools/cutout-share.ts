/**
 * How much of a background removal's result is subject, read in the browser from the picture it already loads for
 * the preview. The server streams the result to storage without holding it (ADR 0114), and a WebP cut-out cannot be
 * read row by row as the blur's PNG mask is (workers/api/src/imaging/codecs/png-alpha.ts), so the screen asks the
 * question the blur's server asks, with the same bound (SUBJECT_MIN_SHARE), on a small copy.
 */

/** The copy's longest side: enough for a share of 0.5% (about 250 of its pixels at 4:3) to be seen. */
const SAMPLE_SIDE = 256;

/** Loads `url` (same origin: the API's stored result) and answers the share of pixels at least half opaque. */
export async function subjectShare(url: string): Promise<number | null> {
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const scale = Math.min(1, SAMPLE_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
    const width = Math.max(1, Math.round(img.naturalWidth * scale));
    const height = Math.max(1, Math.round(img.naturalHeight * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return null;
    ctx.drawImage(img, 0, 0, width, height);
    return opaqueShareOf(ctx.getImageData(0, 0, width, height).data);
  } catch {
    // A picture the browser cannot load or read back: no verdict, and the result is shown as made.
    return null;
  }
}

/** The share of RGBA pixels whose alpha is at least 128. */
export function opaqueShareOf(rgba: Uint8ClampedArray): number {
  const pixels = rgba.length / 4;
  if (pixels === 0) return 0;
  let opaque = 0;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! >= 128) opaque++;
  return opaque / pixels;
}
