import { useEffect } from 'react';
import type { MemeCanvas } from '../canvas/meme-canvas';

const NUDGE: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redo, Delete removes the selection, arrows nudge (Shift: 10 px). */
export function useEditorKeys(editor: MemeCanvas | null) {
  useEffect(() => {
    if (!editor) return;
    const onKey = (e: KeyboardEvent) => {
      if (typingIn(e.target)) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') {
        e.preventDefault();
        void (e.shiftKey ? editor.redo() : editor.undo());
      } else if (mod && key === 'y') {
        e.preventDefault();
        void editor.redo();
      } else if (e.key === 'Delete' || e.key === 'Backspace') {
        if (editor.deleteSelection()) e.preventDefault();
      } else if (NUDGE[e.key] && !mod) {
        const [dx, dy] = NUDGE[e.key] ?? [0, 0];
        const step = e.shiftKey ? 10 : 1;
        if (editor.nudge(dx * step, dy * step)) e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editor]);
}
