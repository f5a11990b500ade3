/**
 * Where a rendered meme's captions go, in the output picture's pixels: the editor's rule, worked out where the
 * editor works it out. The editor shows a template at most IMAGE_FIT's 1000 × 600 (core/editor.ts) and fits each
 * caption to its box there (`fitText`, from a size of `boxMaxFontSize` down to FIT_MIN_FONT_PX); a download is that
 * canvas scaled up. So the API lays the captions out on the same editing canvas and scales the result to the
 * picture it draws: a caption sent to `POST /api/memes/render` wraps and shrinks as it would in the editor.
 * Pure code; the Worker passes a `Measure` made from the shipped font file's advance widths.
 */
import type { TextBox } from '../api/templates';
import { IMAGE_FIT } from '../editor';
import { FONT_SIZE_MULT, LINE_HEIGHT, boxMaxFontSize, fitText, type Measure, type Size } from './text-fit';

/**
 * The outline a template caption gets in the editor (styleFromTemplateBox) and from the API: the opposite of its fill,
 * so white text is outlined in black (the meme convention) and black text in white.
 */
export const outlineFor = (fill: string): string =>
  /^(black|#000(000)?|#111(111)?|#222(222)?)$/i.test(fill.trim()) ? '#ffffff' : '#000000';

/** The outline width the editor gives a template caption, in editing-canvas pixels (styleFromTemplateBox). */
export const TEMPLATE_OUTLINE_PX = 2;

/**
 * fabric's baseline within a line: it draws a line's glyphs `fontSize × FONT_SIZE_FRACTION` above the bottom of the
 * line's `fontSize × FONT_SIZE_MULT` (Text#_fontSizeFraction).
 */
const FONT_SIZE_FRACTION = 0.222;

/** The scale at which the editor shows a picture this size in a desktop window (fitImage's rule, never enlarged). */
export function editorScale(picture: Size): number {
  return Math.min(1, IMAGE_FIT.maxWidth / picture.width, IMAGE_FIT.maxHeight / picture.height);
}

export interface CaptionLine {
  text: string;
  /** The baseline's left end, centre or right end (by `anchor`), in output pixels. */
  x: number;
  y: number;
}

export interface CaptionLayout {
  /** In output pixels. */
  fontSize: number;
  outline: number;
  anchor: 'start' | 'middle' | 'end';
  lines: CaptionLine[];
  /** The box in output pixels, and the turn about its centre (degrees, clockwise). */
  box: { left: number; top: number; width: number; height: number };
  angle: number;
  /** False when even the smallest size overflows the box (the editor then lets the text grow past it too). */
  fits: boolean;
}

export interface CaptionStyle {
  uppercase?: boolean;
  align?: TextBox['align'];
}

/**
 * Lays `text` out in `box` on a picture `natural` (the template's size) drawn `output` pixels wide and high.
 * `measure` is the font's at 1 px per unit of font size, whatever the scale.
 */
export function layoutCaption(
  text: string,
  box: TextBox,
  natural: Size,
  output: Size,
  measure: Measure,
  style: CaptionStyle = {},
): CaptionLayout {
  const shown = (style.uppercase ?? box.style === 'upper') ? text.toUpperCase() : text;
  const align = style.align ?? box.align;
  // The editing canvas: the picture at the editor's scale.
  const scale = editorScale(natural);
  const editW = natural.width * scale;
  const editH = natural.height * scale;
  const rect = { width: box.scale_x * editW, height: box.scale_y * editH };
  const fit = fitText(shown, rect, measure, boxMaxFontSize(rect.height));
  // Editing canvas → output picture.
  const sx = output.width / editW;
  const sy = output.height / editH;
  const k = Math.min(sx, sy);
  const left = box.anchor_x * output.width;
  const top = box.anchor_y * output.height;
  const width = box.scale_x * output.width;
  const height = box.scale_y * output.height;
  const fontSize = fit.fontSize * k;
  const advance = fontSize * FONT_SIZE_MULT * LINE_HEIGHT;
  const blockTop = top + Math.max(0, (height - fit.height * k) / 2);
  const firstBaseline = blockTop + fontSize * (FONT_SIZE_MULT - FONT_SIZE_FRACTION);
  const anchor = align === 'left' ? 'start' : align === 'right' ? 'end' : 'middle';
  const x = align === 'left' ? left : align === 'right' ? left + width : left + width / 2;
  return {
    fontSize,
    outline: TEMPLATE_OUTLINE_PX * k,
    anchor,
    lines: fit.lines.map((line, i) => ({ text: line, x, y: firstBaseline + i * advance })),
    box: { left, top, width, height },
    angle: box.angle,
    fits: fit.fits,
  };
}
