import type { TextStyle } from './text-style';
import type { Size } from './geometry';
import { CANVAS_INITIAL } from '../../../../core/limits';

export interface LayerView {
  id: string;
  name: string;
  type: 'text' | 'image' | 'shape';
  visible: boolean;
}

/** A layer's text as the captions list shows it. */
export interface TextView {
  id: string;
  text: string;
  kind: 'text' | 'shape';
  /** The template's example for this box: the field's placeholder (ADR 0161). */
  example?: string;
}

/**
 * The captions list's label of each text: captions are numbered among captions only and a shape's text among
 * shapes ("Shape 1"), so adding a Star never turns the template's Caption 3 into Caption 4.
 */
export function textLabels(texts: readonly Pick<TextView, 'kind'>[]): string[] {
  const counts = { text: 0, shape: 0 };
  return texts.map((t) => `${t.kind === 'shape' ? 'Shape' : 'Caption'} ${++counts[t.kind]}`);
}

export type Selection =
  | { kind: 'none' }
  /** A text layer, or a shape whose text is being edited through the panel. */
  | { kind: 'text'; id: string; text: string; style: TextStyle; example?: string }
  | { kind: 'other' };

export interface EditorState {
  ready: boolean;
  /** Topmost first, as the layers panel lists them. */
  layers: LayerView[];
  /** Every layer with text, top of the meme first. */
  texts: TextView[];
  selection: Selection;
  canUndo: boolean;
  canRedo: boolean;
  /** Counts edits, so the shell can tell whether anything changed since the last download. */
  edits: number;
  /** Whether anything shows on the canvas (a picture, a caption, a shape): a blank canvas has nothing to download. */
  exportable: boolean;
  background: string;
  canvas: Size;
  /** The display scale of the canvas, and whether it follows the room ('fit') or was set by the person. */
  zoom: { scale: number; fit: boolean };
  busy: string | null;
}

export const INITIAL_STATE: EditorState = {
  ready: false,
  layers: [],
  texts: [],
  selection: { kind: 'none' },
  canUndo: false,
  canRedo: false,
  edits: 0,
  exportable: false,
  background: '#ffffff',
  canvas: { ...CANVAS_INITIAL },
  zoom: { scale: 1, fit: true },
  busy: null,
};

/** A tiny observable the canvas adapter writes and React reads with useSyncExternalStore. */
export class EditorStore {
  private state: EditorState = INITIAL_STATE;
  private listeners = new Set<() => void>();

  getState = (): EditorState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(patch: Partial<EditorState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }
}
