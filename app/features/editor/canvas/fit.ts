import type { Textbox } from 'fabric';
import { cssFontStack } from '../../../../core/fonts';
import { FIT_MIN_FONT_PX, fitText, type Measure } from '../../../../core/memes/text-fit';
import { boxAfterTransform } from '../model/commands';
import type { MemeBox } from '../model/document';
import type { Rect } from '../model/geometry';
import type { TextStyle } from '../model/text-style';

export type { MemeBox };

type Boxed = { memeBox?: MemeBox };

/** The template box a caption fits (model/document.ts), kept on the fabric object and saved in snapshots. */
export const memeBoxOf = (obj: object): MemeBox | undefined => (obj as Boxed).memeBox;
export const setMemeBox = (obj: object, box: MemeBox | undefined) => {
  (obj as Boxed).memeBox = box;
};

let context: CanvasRenderingContext2D | null = null;

/** Measures a line in a font (`family` a CSS stack), as fabric will draw it. */
function measureFont(fontStyle: string, fontWeight: string | number, family: string): Measure {
  context ??= document.createElement('canvas').getContext('2d');
  const ctx = context;
  return (text, size) => {
    if (!ctx) return text.length * size * 0.6;
    ctx.font = `${fontStyle} ${fontWeight} ${size}px ${family}`;
    return ctx.measureText(text).width;
  };
}

/** Measures with a style's font: the commands' `TextMeasure.width` (model/document.ts). */
export const measureStyle = (style: TextStyle): Measure =>
  measureFont(style.fontStyle, style.fontWeight, cssFontStack(style.fontFamily));

const overflows = (t: Textbox, box: Rect) => {
  let widest = 0;
  for (let i = 0; i < t.textLines.length; i++) widest = Math.max(widest, t.getLineWidth(i));
  return t.width > box.width + 0.5 || widest > box.width + 0.5 || t.calcTextHeight() > box.height + 0.5;
};

/**
 * Sizes a boxed text to its box (text-fit's rule with the browser's measurements), confirms with fabric's own
 * layout (one size down at a time, should fabric wrap differently) and centres the lines in the box vertically.
 */
export function fitToBox(t: Textbox): void {
  const box = memeBoxOf(t);
  if (!box) return;
  const layout = fitText(t.text, box, measureFont(t.fontStyle, t.fontWeight, t.fontFamily), box.max);
  let size = layout.fontSize;
  t.set({ fontSize: size, width: box.width, left: box.left });
  t.initDimensions();
  while (size > FIT_MIN_FONT_PX && overflows(t, box)) {
    size -= 1;
    t.set({ fontSize: size, width: box.width });
    t.initDimensions();
  }
  t.set({ top: box.top + Math.max(0, (box.height - t.height) / 2) });
  t.setCoords();
}

/**
 * After the person moved or resized a boxed text, its box follows (model/commands.ts's `boxAfterTransform`) and the
 * text goes back to scale 1, to be re-fitted rather than stretched.
 */
export function moveBoxWithText(t: Textbox): void {
  const box = memeBoxOf(t);
  if (!box) return;
  setMemeBox(t, boxAfterTransform(box, t));
  t.set({ scaleX: 1, scaleY: 1 });
}
