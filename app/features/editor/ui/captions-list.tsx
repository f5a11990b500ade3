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
          <CaptionField
            id={t.id}
            text={t.text}
            placeholder={t.example ?? (t.kind === 'shape' ? 'Text in the shape' : 'Type a caption')}
            selected={t.id === selectedId}
            editor={editor}
          />
        </li>
      ))}
    </ul>
  );
}

/** Lines a caption field grows to before it scrolls. */
const MAX_FIELD_LINES = 4;

/**
 * One caption's field, as tall as its text (up to MAX_FIELD_LINES lines): a caption that wraps or has two lines is read
 * whole, not scrolled so that its first line is hidden.
 */
function CaptionField(props: {
  id: string;
  text: string;
  placeholder: string;
  selected: boolean;
  editor: MemeCanvas | null;
}) {
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const el = field.current;
    if (!el) return;
    const fit = () => {
      const style = getComputedStyle(el);
      const frame = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
      const most =
        MAX_FIELD_LINES * parseFloat(style.lineHeight) +
        parseFloat(style.paddingTop) +
        parseFloat(style.paddingBottom) +
        frame;
      el.style.height = 'auto';
      el.style.height = `${Math.min(el.scrollHeight + frame, most)}px`;
    };
    fit();
    // The column's width decides where the text wraps. Fitted in the next frame: a size changed inside the observer's
    // own callback would be reported as a loop.
    const seen = new ResizeObserver(() => requestAnimationFrame(fit));
    seen.observe(el);
    return () => seen.disconnect();
  }, [props.text]);
  return (
    <textarea
      ref={field}
      id={`caption-${props.id}`}
      data-layer={props.id}
      rows={1}
      value={props.text}
      placeholder={props.placeholder}
      onFocus={() => props.editor?.selectLayer(props.id)}
      onChange={(e) => props.editor?.setTextOf(props.id, e.target.value)}
      className={`${controlClass} min-w-0 flex-1 resize-none text-base lg:text-sm ${props.selected ? 'ring-2 ring-brand-500' : ''}`}
    />
  );
}
