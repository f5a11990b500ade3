import { Textbox, type Canvas } from 'fabric';
import { fitToBox, memeBoxOf, setMemeBox } from './fit';

/**
 * A template's example captions are placeholders (ADR 0161): a box starts empty, and while it is empty the canvas
 * shows its example faintly, as a text field shows its placeholder. The example is never the caption's text, so it is
 * never exported, shared, named in the layers or counted by Auto Crop.
 */
const EXAMPLE_OPACITY = 0.45;

/** Canvases being drawn for a file: examples are left out. */
const exporting = new WeakSet<Canvas>();

/** Runs `draw` (an export's drawing of the canvas) with the examples hidden. */
export function withoutExamples<T>(canvas: Canvas, draw: () => T): T {
  exporting.add(canvas);
  try {
    return draw();
  } finally {
    exporting.delete(canvas);
  }
}

/** The faint copy drawn for each empty box, remade only when the box, its example or its style changes. */
const drawn = new WeakMap<Textbox, { key: string; copy: Textbox }>();
const patched = new WeakSet<Textbox>();

const STYLE = [
  'fontFamily',
  'fontStyle',
  'fontWeight',
  'fill',
  'stroke',
  'strokeWidth',
  'textAlign',
  'underline',
  'angle',
  'paintFirst',
  'strokeLineJoin',
] as const;

function copyOf(t: Textbox, example: string): Textbox {
  const box = memeBoxOf(t)!;
  const style = Object.fromEntries(STYLE.map((k) => [k, t[k]]));
  const key = JSON.stringify([example, box, style]);
  const was = drawn.get(t);
  if (was?.key === key) return was.copy;
  const copy = new Textbox(example, {
    ...style,
    originX: 'left',
    originY: 'top',
    left: box.left,
    top: box.top,
    width: box.width,
    opacity: EXAMPLE_OPACITY,
  });
  setMemeBox(copy, box);
  fitToBox(copy);
  drawn.set(t, { key, copy });
  return copy;
}

/**
 * Teaches one template caption (its instance: behaviour is not saved in snapshots, and runs again after every load)
 * to draw its box's example over itself while its text is empty, on screen only.
 */
export function showExampleWhenEmpty(t: Textbox): void {
  if (patched.has(t)) return;
  patched.add(t);
  const render = t.render.bind(t);
  t.render = (ctx) => {
    render(ctx);
    const example = memeBoxOf(t)?.example;
    if (!example || t.text !== '' || !t.visible || (t.canvas && exporting.has(t.canvas))) return;
    copyOf(t, example).render(ctx);
  };
}
