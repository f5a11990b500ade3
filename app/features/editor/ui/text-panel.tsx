import { useState, type RefObject } from 'react';
import { CAPTION_STARTERS, NEW_TEXT_DEFAULT, STROKE_WIDTH_RANGE, TEXT_SIZE_PANEL } from '../../../../core/editor';
import { FONT_FAMILIES } from '../../../../core/fonts';
import type { MemeCanvas } from '../canvas/meme-canvas';
import type { EditorState } from '../model/store';
import { DEFAULT_TEXT_STYLE, applyStyle, type TextStyle } from '../model/text-style';
import { CaptionSuggestions } from './caption-suggestions';
import { ColorInput, controlClass } from './controls';

/**
 * The left panel's Text tab: AI captions first (they fill the template's boxes), then the text panel. With a text
 * selected it edits that text; otherwise it holds the draft that 'Add Text Layer' puts on the canvas, starting from
 * the default text style (docs/product.md §4.3).
 */
export function TextPanel(props: {
  state: EditorState;
  editor: MemeCanvas | null;
  inputRef: RefObject<HTMLTextAreaElement>;
  templateId: string | null;
  onAdded: () => void;
  onCaption: () => void;
}) {
  const { state, editor } = props;
  const [draft, setDraft] = useState('');
  const [draftStyle, setDraftStyle] = useState<TextStyle>(DEFAULT_TEXT_STYLE);
  const selected = state.selection.kind === 'text' ? state.selection : null;
  const style = selected?.style ?? draftStyle;
  const text = selected ? selected.text : draft;

  const setText = (value: string) => (selected ? editor?.setText(value) : setDraft(value));
  const setStyle = (patch: Partial<TextStyle>) =>
    selected ? editor?.setStyle(patch) : setDraftStyle((s) => applyStyle(s, patch));
  const addLayer = (value: string) => {
    editor?.addText(value.trim() ? value : NEW_TEXT_DEFAULT, draftStyle);
    setDraft('');
    props.onAdded();
  };

  return (
    <div className="flex flex-col gap-4">
      <CaptionSuggestions
        templateId={props.templateId}
        hasPicture={state.layers.some((l) => l.type === 'image')}
        pictureAddress={() => editor?.pictureAddress() ?? null}
        onPick={(lines) => {
          editor?.fillCaption(lines);
          props.onCaption();
        }}
      />
      <section aria-labelledby="text-panel-heading" className="flex flex-col gap-3">
        <h2 id="text-panel-heading" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          Text
        </h2>
        <textarea
          ref={props.inputRef}
          aria-label="Text"
          rows={2}
          placeholder={selected?.example ?? 'Enter your text here...'}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className={`${controlClass} w-full resize-y`}
        />
        <label className="flex flex-col gap-1 text-xs text-slate-600 dark:text-slate-300">
          Font family
          <select
            className={controlClass}
            value={style.fontFamily}
            onChange={(e) => setStyle({ fontFamily: e.target.value })}
          >
            {FONT_FAMILIES.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-600 dark:text-slate-300">
          Font size: {style.fontSize}px
          <input
            type="range"
            min={TEXT_SIZE_PANEL.min}
            max={TEXT_SIZE_PANEL.max}
            step={1}
            value={Math.min(TEXT_SIZE_PANEL.max, Math.max(TEXT_SIZE_PANEL.min, style.fontSize))}
            onChange={(e) => setStyle({ fontSize: Number(e.target.value) })}
          />
        </label>
        <div className="flex gap-3">
          <ColorInput label="Text colour" value={style.fill} onChange={(fill) => setStyle({ fill })} />
          <ColorInput label="Stroke colour" value={style.stroke} onChange={(stroke) => setStyle({ stroke })} />
        </div>
        <label className="flex flex-col gap-1 text-xs text-slate-600 dark:text-slate-300">
          Stroke width: {style.strokeWidth}
          <input
            type="range"
            min={STROKE_WIDTH_RANGE.min}
            max={STROKE_WIDTH_RANGE.max}
            step={1}
            value={style.strokeWidth}
            onChange={(e) => setStyle({ strokeWidth: Number(e.target.value) })}
          />
        </label>
        <button
          type="button"
          disabled={!editor}
          onClick={() => addLayer(selected ? '' : draft)}
          className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          Add Text Layer
        </button>
        <div>
          <h3 className="mb-1 text-xs font-semibold text-slate-600 dark:text-slate-300">Quick captions</h3>
          <div className="flex flex-wrap gap-1">
            {CAPTION_STARTERS.map((c) => (
              <button
                key={c}
                type="button"
                onClick={() => setText(c)}
                className="rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                {c}
              </button>
            ))}
          </div>
        </div>
      </section>
    </div>
  );
}
