import { FONT_FAMILIES } from '../../../../core/fonts';
import { outlineFor } from '../../../../core/memes/layout';
import { LAYER_NAME_CHARS, STROKE_WIDTH_RANGE, TEXT_SIZE_TOOLBAR } from '../../../../core/editor';
import type { TextBox } from '../../../../core/api/templates';

/** The style of a text layer. Field names are fabric's, so the canvas adapter passes a style through unchanged. */
export interface TextStyle {
  fontSize: number;
  fontFamily: string;
  fill: string;
  stroke: string;
  strokeWidth: number;
  fontWeight: 'normal' | 'bold';
  fontStyle: 'normal' | 'italic';
  underline: boolean;
  textAlign: 'left' | 'center' | 'right';
}

/**
 * The style new text starts with, in the side panel's draft and from 'Add Text': the meme look, white Impact (its
 * stand-in Anton) with a black outline, centred. The original brief's blue left-aligned Comic Sans looked like no meme
 * (docs/product.md §10, ADR 0120). Impact has one weight, so it is not bolded (bold would smear a synthetic stroke over
 * it).
 */
export const DEFAULT_TEXT_STYLE: TextStyle = {
  fontSize: 30,
  fontFamily: 'Impact',
  fill: '#ffffff',
  stroke: '#000000',
  strokeWidth: 3,
  fontWeight: 'normal',
  fontStyle: 'normal',
  underline: false,
  textAlign: 'center',
};

/** What 'Add Text' puts on the canvas, the same meme look (docs/product.md §4.3). */
export const NEW_LAYER_STYLE: TextStyle = DEFAULT_TEXT_STYLE;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Clamps a style edit to the ranges the controls allow, so a typed 500 cannot reach the canvas. */
export function applyStyle(style: TextStyle, patch: Partial<TextStyle>): TextStyle {
  const next = { ...style, ...patch };
  next.fontSize = Math.round(
    clamp(Number(next.fontSize) || style.fontSize, TEXT_SIZE_TOOLBAR.min, TEXT_SIZE_TOOLBAR.max),
  );
  next.strokeWidth = clamp(Number(next.strokeWidth) || 0, STROKE_WIDTH_RANGE.min, STROKE_WIDTH_RANGE.max);
  return next;
}

/**
 * A typed font size: whole pixels within TEXT_SIZE_TOOLBAR, and whether it had to be clamped (the toolbar says so),
 * or null for something that is not a number at all.
 */
export function typedFontSize(typed: string): { size: number; clamped: boolean } | null {
  const n = Number(typed.trim());
  if (typed.trim() === '' || !Number.isFinite(n)) return null;
  const size = Math.round(clamp(n, TEXT_SIZE_TOOLBAR.min, TEXT_SIZE_TOOLBAR.max));
  return { size, clamped: size !== Math.round(n) };
}

/** The toolbar's bold/italic/underline buttons flip one field each. */
export function toggleStyle(style: TextStyle, flag: 'bold' | 'italic' | 'underline'): Partial<TextStyle> {
  if (flag === 'bold') return { fontWeight: style.fontWeight === 'bold' ? 'normal' : 'bold' };
  if (flag === 'italic') return { fontStyle: style.fontStyle === 'italic' ? 'normal' : 'italic' };
  return { underline: !style.underline };
}

/**
 * Layer names are the first 20 characters of the text (one line), or a fallback for empty text (docs/product.md);
 * a cut name ends in an ellipsis, so "When you see it and" is not read as the whole caption.
 */
export function layerName(text: string, fallback = 'Text'): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  if (chars.length === 0) return fallback;
  const head = chars.slice(0, LAYER_NAME_CHARS).join('');
  return chars.length > LAYER_NAME_CHARS ? `${head.trimEnd()}…` : head;
}

/** memegen's font keys → the families we serve; any family we already know passes through. */
const MEMEGEN_FONTS: Record<string, string> = {
  thick: 'Impact',
  impact: 'Impact',
  thin: 'Arial',
  comic: 'Comic Sans MS',
  tiny: 'Arial',
};

export function fontForTemplate(font: string): string {
  if (FONT_FAMILIES.includes(font)) return font;
  return MEMEGEN_FONTS[font.toLowerCase()] ?? 'Impact';
}

/**
 * A template text box's style: white Impact with a black outline is the meme convention, so the outline is always
 * the opposite of a light/dark fill. The size is the box's to choose (text-fit).
 */
export function styleFromTemplateBox(box: TextBox): TextStyle {
  const fill = box.color;
  return applyStyle(NEW_LAYER_STYLE, {
    fontFamily: fontForTemplate(box.font),
    fill,
    stroke: outlineFor(fill),
    strokeWidth: 2,
    textAlign: box.align,
  });
}

/** memegen's `upper` style shows text in capitals. */
export function templateText(box: TextBox, text: string): string {
  return box.style === 'upper' ? text.toUpperCase() : text;
}

/** The family name back from a CSS font stack written by `cssFontStack` (the canvas stores the stack). */
export function familyFromStack(stack: string): string {
  const first = stack.split(',')[0] ?? '';
  return first.trim().replace(/^["']|["']$/g, '');
}
