/** Text watermark: drawn with a real OFL font, at a corner or the centre, with opacity. */
import { z } from '../api/zod';
import { hexColour, intField } from './fields';

export const WATERMARK_MAX_CHARS = 100;
export const WATERMARK_SIZE = { min: 12, max: 48, default: 20 } as const;
/** Watermark `size` is in pixels on a picture this wide; the font scales with the picture. */
export const WATERMARK_REFERENCE_WIDTH = 800;
export const WATERMARK_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];
export const WATERMARK_OPACITY_DEFAULT = 0.7;
export const WATERMARK_COLOUR_DEFAULT = '#ffffff';

export const watermarkFieldsSchema = z.object({
  operation: z.literal('watermark'),
  text: z
    .string({ message: 'Watermark text is required.' })
    .trim()
    .min(1, 'Watermark text must not be blank.')
    .max(WATERMARK_MAX_CHARS, `Watermark text must be at most ${WATERMARK_MAX_CHARS} characters.`),
  position: z.enum(WATERMARK_POSITIONS, { message: `Position must be one of ${WATERMARK_POSITIONS.join(', ')}.` }).default('bottom-right'),
  opacity: z.coerce
    .number({ message: 'Opacity must be a number.' })
    .min(0, 'Opacity must be between 0 and 1.')
    .max(1, 'Opacity must be between 0 and 1.')
    .default(WATERMARK_OPACITY_DEFAULT),
  size: intField('Size', WATERMARK_SIZE.min, WATERMARK_SIZE.max).default(WATERMARK_SIZE.default),
  color: hexColour('Colour').default(WATERMARK_COLOUR_DEFAULT),
});
export type WatermarkOptions = z.infer<typeof watermarkFieldsSchema>;

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
