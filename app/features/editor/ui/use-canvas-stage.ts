import { useEffect, type RefObject } from 'react';
import type { MemeCanvas } from '../canvas/meme-canvas';
import { WIDE } from './use-wide-layout';
/** On a phone the canvas takes at most this share of the window, so the text field and keyboard fit below it. */
const PHONE_CANVAS_SHARE = 0.5;
/** The stage's padding (p-2) on each side. */
const STAGE_PAD = 16;

/** The editor's ties to the canvas's stage (canvas-stage.tsx): its size, and the focus after in-place editing. */
export function useCanvasStage(editor: MemeCanvas | null, stage: RefObject<HTMLDivElement>) {
  // The canvas fits the room it has: the stage on wide screens, the width and half the height on a phone.
  useEffect(() => {
    const el = stage.current;
    if (!editor || !el) return;
    const wide = window.matchMedia(WIDE);
    const fit = () =>
      editor.setViewport({
        width: el.clientWidth - STAGE_PAD,
        height: wide.matches ? el.clientHeight - STAGE_PAD : Math.round(window.innerHeight * PHONE_CANVAS_SHARE),
      });
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    window.addEventListener('resize', fit);
    wide.addEventListener('change', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
      wide.removeEventListener('change', fit);
    };
  }, [editor, stage]);

  // When in-place editing ends (Escape, or a click elsewhere), fabric blurs its hidden field: the keyboard focus
  // goes back to the canvas rather than to the page's body.
  useEffect(() => {
    if (!editor) return;
    editor.editingEnded = () => {
      if (document.activeElement === document.body || document.activeElement === null)
        stage.current?.focus({ preventScroll: true });
    };
    return () => {
      editor.editingEnded = null;
    };
  }, [editor, stage]);
}
