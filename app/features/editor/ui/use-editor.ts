import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { EditorStore, INITIAL_STATE, type EditorState } from '../model/store';
import * as canvasModule from '../canvas/index.client';
import type { MemeCanvas } from '../canvas/meme-canvas';

if (typeof window !== 'undefined') {
  // Impact is the template font: ask for it now rather than when the first text is drawn.
  void document.fonts?.load('400 32px "Impact"').catch(() => undefined);
}

/** React reads the document model through this: re-renders on every store change. */
export function useEditorState(store: EditorStore): EditorState {
  return useSyncExternalStore(store.subscribe, store.getState, () => INITIAL_STATE);
}

/**
 * Creates the fabric canvas once the <canvas> element exists. fabric comes in with the route through the static
 * import of `canvas/index.client.ts` above (ADR 0081): its chunk is preloaded with the editor route's own, and is
 * an empty module in the server build.
 */
export function useMemeCanvas(store: EditorStore) {
  const elementRef = useRef<HTMLCanvasElement>(null);
  const [editor, setEditor] = useState<MemeCanvas | null>(null);
  const [loadError, setLoadError] = useState(false);

  useEffect(() => {
    let disposed = false;
    let instance: MemeCanvas | null = null;
    Promise.resolve(canvasModule)
      .then(({ MemeCanvas }) => {
        if (disposed || !elementRef.current) return;
        instance = new MemeCanvas(elementRef.current, store);
        // bench/editor.ts and the e2e specs inspect the live editor; they set this flag before the page loads.
        const w = window as { __MEMEFORGE_BENCH__?: boolean; __memeEditor?: MemeCanvas };
        if (w.__MEMEFORGE_BENCH__) w.__memeEditor = instance;
        setEditor(instance);
      })
      .catch(() => setLoadError(true));
    return () => {
      disposed = true;
      instance?.dispose();
    };
  }, [store]);

  return { elementRef, editor, loadError };
}

export function useStore(): EditorStore {
  const [store] = useState(() => new EditorStore());
  return store;
}
