import { useEffect, useRef } from 'react';
import type { MemeCanvas } from '../canvas/meme-canvas';
import { textLabels, type EditorState } from '../model/store';
import { controlClass } from './controls';

/**
 * Every caption of the meme as a text field (and the text of each shape, numbered apart), top of the meme first, right after the canvas in the tab order: one
 * Tab from the canvas reaches the top caption, so changing a caption by keyboard takes a few keys. Focusing a
 * field selects its caption on the canvas; selecting a caption on the canvas (a tap on a phone) brings its field
 * into view. A picture without captions offers the classic top and bottom pair.
 */
export function CaptionsList({ state, editor }: { state: EditorState; editor: MemeCanvas | null }) {
  const list = useRef<HTMLUListElement>(null);
  const selectedId = state.selection.kind === 'text' ? state.selection.id : null;
  const wantFocus = useRef(false);

  useEffect(() => {
    if (!selectedId || !list.current) return;
    const field = list.current.querySelector<HTMLElement>(`[data-layer="${CSS.escape(selectedId)}"]`);
    if (field && field !== document.activeElement) field.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  // After 'Add top and bottom text', the top caption's field takes the focus the button had.
  useEffect(() => {
    if (!wantFocus.current || state.texts.length === 0) return;
    wantFocus.current = false;
    list.current?.querySelector<HTMLElement>('textarea')?.focus();
  }, [state.texts.length]);

  const hasPicture = state.layers.some((l) => l.type === 'image');
  const labels = textLabels(state.texts);
  if (state.texts.length === 0) {
    if (!hasPicture || !editor) return null;
    return (
      <div className="px-2 pb-2">
        <button
          type="button"
          data-add-captions
          onClick={() => {
            wantFocus.current = true;
            editor.fillCaption(['', '']);
          }}
          className="w-full rounded-lg border border-dashed border-slate-400 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          Add top and bottom text
        </button>
      </div>
    );
  }
  return (
    <ul ref={list} aria-label="Captions" className="flex max-h-32 flex-col gap-1 overflow-y-auto px-2 pb-2 lg:max-h-48">
      {state.texts.map((t, i) => (
        <li key={t.id} className="flex items-start gap-2">
          <label
            htmlFor={`caption-${t.id}`}
            className="w-20 shrink-0 pt-1.5 text-xs font-medium text-slate-700 dark:text-slate-200"
          >
            {labels[i]}
          </label>
          <textarea
            id={`caption-${t.id}`}
            data-layer={t.id}
            rows={1}
            value={t.text}
            placeholder={t.example ?? (t.kind === 'shape' ? 'Text in the shape' : 'Type a caption')}
            onFocus={() => editor?.selectLayer(t.id)}
            onChange={(e) => editor?.setTextOf(t.id, e.target.value)}
            className={`${controlClass} min-w-0 flex-1 resize-y text-base lg:text-sm ${t.id === selectedId ? 'ring-2 ring-brand-500' : ''}`}
          />
        </li>
      ))}
    </ul>
  );
}
