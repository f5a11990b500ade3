import { cache, type Canvas } from 'fabric';
import { fitToBox } from './fit';
import { relayoutGroup, textsIn } from './objects';

/** Waits (briefly) for the meme webfonts, so text is measured and drawn with them and not with a fallback. */
const FONT_WAIT_MS = 1500;

export async function ensureFonts(families: string[]): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return;
  const loads = [...new Set(families)].flatMap((f) =>
    ['400', '700', 'italic 400', 'italic 700'].map((face) => document.fonts.load(`${face} 32px "${f}"`)),
  );
  await Promise.race([Promise.allSettled(loads), new Promise((r) => setTimeout(r, FONT_WAIT_MS))]);
}

/**
 * Re-measures (and re-fits) every text and redraws it: fabric caches glyph widths per family, and widths taken with
 * a fallback font must go. A Textbox's `initDimensions` (unlike a Text's) leaves its cached bitmap alone, so each
 * text and its shape are marked dirty, or the canvas kept showing the fallback drawing until the next edit.
 */
export function relayoutText(canvas: Canvas): void {
  cache.clearFontCache();
  for (const obj of canvas.getObjects()) {
    for (const t of textsIn(obj)) {
      t.initDimensions();
      fitToBox(t);
      t.set({ dirty: true });
    }
    relayoutGroup(obj);
    obj.set({ dirty: true });
  }
  canvas.requestRenderAll();
}
