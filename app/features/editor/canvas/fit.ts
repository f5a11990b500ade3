import type { FabricObject, Textbox } from 'fabric';
import type { Rect } from '../model/geometry';
import { FIT_MIN_FONT_PX, boxForSize, fitText, type Measure } from '../../../../core/memes/text-fit';

/**
 * A text layer that belongs to a template box keeps that box (canvas pixels), the size it may grow to, its place in
 * the template's order and the template's example for it, shown faintly while the box is empty (examples.ts); free
 * text layers have none and keep their size. Saved in snapshots.
 */
export interface MemeBox extends Rect {
  max: number;
  index: number;
  upper: boolean;
  example?: string;
}

type Boxed = FabricObject & { memeBox?: MemeBox };

export const memeBoxOf = (obj: FabricObject): MemeBox | undefined => (obj as Boxed).memeBox;
export const setMemeBox = (obj: FabricObject, box: MemeBox | undefined) => {
  (obj as Boxed).memeBox = box;
};

let context: CanvasRenderingContext2D | null = null;

/** Measures with the text's own font, as fabric will draw it. */
function measureFor(t: Textbox): Measure {
  context ??= document.createElement('canvas').getContext('2d');
  const ctx = context;
  return (text, size) => {
    if (!ctx) return text.length * size * 0.6;
    ctx.font = `${t.fontStyle} ${t.fontWeight} ${size}px ${t.fontFamily}`;
    return ctx.measureText(text).width;
  };
}

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
  const layout = fitText(t.text, box, measureFor(t), box.max);
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
 * After the person moved or resized a boxed text, its box follows: scaling is folded into the box (width, height
 * and the size it may grow to), so the text is re-fitted at scale 1 rather than stretched.
 */
export function moveBoxWithText(t: Textbox): void {
  const box = memeBoxOf(t);
  if (!box) return;
  const { scaleX: sx, scaleY: sy } = t;
  const height = box.height * sy;
  const centre = t.top + (t.height * sy) / 2;
  t.set({ scaleX: 1, scaleY: 1 });
  setMemeBox(t, {
    ...box,
    left: t.left,
    top: centre - height / 2,
    width: t.width * sx,
    height,
    max: Math.max(FIT_MIN_FONT_PX, Math.round(box.max * sy)),
  });
}

/**
 * A size the person typed for a boxed caption is kept rather than shrunk back to the box: the box grows, centred,
 * to hold the caption at that size, and that size becomes the most it grows to. Free text has no box to grow.
 */
export function keepTypedSize(t: Textbox, size: number): void {
  const box = memeBoxOf(t);
  if (!box) return;
  setMemeBox(t, { ...boxForSize(t.text, box, size, measureFor(t)), max: size });
}
