/** Text watermark: drawn with a real OFL font, at a corner or the centre, with opacity. */
// Zod-free, so the tool screens import no zod; watermark.ts re-exports this beside its schema (ADR 0195).

export const WATERMARK_MAX_CHARS = 100;
export const WATERMARK_SIZE = { min: 12, max: 48, default: 20 } as const;
/** Watermark `size` is in pixels on a picture this wide; the font scales with the picture. */
export const WATERMARK_REFERENCE_WIDTH = 800;
export const WATERMARK_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export const WATERMARK_OPACITY_DEFAULT = 0.7;
export const WATERMARK_COLOUR_DEFAULT = '#ffffff';

/** A logo watermark: a small picture of its own (a PNG with transparency, or a WebP), sent as the `logo` file. */
export const WATERMARK_LOGO_FORMATS = ['png', 'webp'] as const;
export const WATERMARK_LOGO_MAX_BYTES = 1_000_000;
export const WATERMARK_LOGO_MAX_SIDE = 2000;
/** A tiled watermark has at most this many marks: a tiny mark on a large picture gets wider gaps instead. */
export const WATERMARK_MAX_TILES = 400;

/**
 * The strip the watermark is drawn in, for a picture `width` pixels wide: one line of text in a strip as wide as the
 * picture (so the renderer's canvas stays small), the font scaled from `size` at WATERMARK_REFERENCE_WIDTH, the text
 * anchored start/middle/end inside a side padding, its baseline `textY` from the strip's top.
 */
export function watermarkStrip(width: number, size: number, position: WatermarkPosition) {
  const fontPx = Math.max(8, Math.round((size * width) / WATERMARK_REFERENCE_WIDTH));
  const stripHeight = Math.ceil(fontPx * 1.5);
  const pad = Math.round(Math.max(fontPx * 0.5, width * 0.02));
  const anchor = position.endsWith('left') ? 'start' : position.endsWith('right') ? 'end' : 'middle';
  const x = anchor === 'start' ? pad : anchor === 'end' ? width - pad : width / 2;
  return { fontPx, stripHeight, x, anchor, textY: Math.round(fontPx * 1.1) } as const;
}

/** Where the strip goes on a picture `height` pixels high: a margin from the top or bottom edge, or the middle. */
export function watermarkStripTop(height: number, stripHeight: number, position: WatermarkPosition): number {
  const margin = Math.round(Math.max(height * 0.02, stripHeight * 0.2));
  if (position === 'center') return Math.round((height - stripHeight) / 2);
  return position.startsWith('top') ? margin : height - stripHeight - margin;
}

/**
 * The whole geometry in the picture's pixels: the Worker draws the strip there (workers/api/src/imaging/ops/watermark/draw.ts)
 * and the live preview draws the same text at the same place, so the two cannot drift apart.
 */
export function watermarkLayout(width: number, height: number, size: number, position: WatermarkPosition) {
  const strip = watermarkStrip(width, size, position);
  const top = watermarkStripTop(height, strip.stripHeight, position);
  return { ...strip, top, baseline: top + strip.textY } as const;
}

/** Why a watermark's mark is not sound: no text and no logo, or both; null when there is exactly one. */
export function watermarkMarkProblem(text: string | undefined, hasLogo: boolean): string | null {
  if (text && hasLogo) return 'Send watermark text or a logo, not both.';
  if (!text && !hasLogo) return 'Watermark text is required, or a logo picture as the `logo` file.';
  return null;
}

interface Box {
  width: number;
  height: number;
}

/** A logo's size on a picture `width` wide: 2.5 times the text's font size at the same `size`, its own shape kept. */
export function logoSize(width: number, size: number, logo: Box): Box {
  const height = Math.max(8, Math.round(watermarkStrip(width, size, 'top-left').fontPx * 2.5));
  return { width: Math.max(1, Math.round((logo.width * height) / logo.height)), height };
}

/** Where a mark (a logo) of this size sits: the text's padding from the sides and margin from the top or bottom. */
export function markPlace(picture: Box, mark: Box, position: WatermarkPosition): { x: number; y: number } {
  const pad = Math.round(picture.width * 0.02);
  const x = position.endsWith('left')
    ? pad
    : position.endsWith('right')
      ? picture.width - mark.width - pad
      : Math.round((picture.width - mark.width) / 2);
  return { x, y: watermarkStripTop(picture.height, mark.height, position) };
}

/**
 * A tiled watermark: the mark repeated in rows across the whole picture, a mark's width apart and two of its heights
 * between rows, every other row shifted half a step (a brick pattern, so no column of marks lines up). Marks cut by
 * an edge are kept. At most WATERMARK_MAX_TILES: the gaps widen on a large picture with a small mark.
 */
export function watermarkTiles(picture: Box, mark: Box): { rows: { y: number; xs: number[] }[]; step: Box } {
  let step = { width: mark.width * 2, height: mark.height * 3 };
  const count = (s: Box) => (Math.ceil(picture.width / s.width) + 1) * Math.ceil(picture.height / s.height);
  while (count(step) > WATERMARK_MAX_TILES)
    step = { width: Math.ceil(step.width * 1.1), height: Math.ceil(step.height * 1.1) };
  const rows: { y: number; xs: number[] }[] = [];
  for (let y = Math.round(mark.height / 2), r = 0; y < picture.height; y += step.height, r++) {
    const xs: number[] = [];
    for (
      let x = Math.round(mark.width / 2) - (r % 2 ? Math.round(step.width / 2) : 0);
      x < picture.width;
      x += step.width
    )
      if (x + mark.width > 0) xs.push(x);
    rows.push({ y, xs });
  }
  return { rows, step };
}
