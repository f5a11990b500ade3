import { cache, type Canvas } from 'fabric';
import { fitToBox } from './fit';
import { relayoutGroup, textsIn } from './objects';

/** Waits (briefly) for the meme webfonts, so text is measured and drawn with them and not with a fallback. */
const FONT_WAIT_MS = 1500;

export async function ensureFonts(families: string[]): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts) return;
  const loads = [...new Set(families)].flatMap((f) => [
    document.fonts.load(`400 32px "${f}"`),
    document.fonts.load(`700 32px "${f}"`),
  ]);
  await Promise.race([Promise.allSettled(loads), new Promise((r) => setTimeout(r, FONT_WAIT_MS))]);
}

/** Re-measures (and re-fits) every text; fabric caches glyph widths per family, and widths taken with a fallback font must go. */
export function relayoutText(canvas: Canvas): void {
  cache.clearFontCache();
  for (const obj of canvas.getObjects()) {
    for (const t of textsIn(obj)) {
      t.initDimensions();
      fitToBox(t);
    }
    relayoutGroup(obj);
  }
  canvas.requestRenderAll();
}
