import { useState } from 'react';
import { FontSizeInput } from './font-size-input';
import { BACKGROUND_PALETTE, STROKE_WIDTH_RANGE } from '../../../../core/editor';
import { FONT_FAMILIES } from '../../../../core/fonts';
import type { MemeCanvas } from '../canvas/meme-canvas';
import type { EditorState } from '../model/store';
import { toggleStyle, type TextStyle } from '../model/text-style';
import { ColorInput, Swatches, ToggleButton, buttonClass, controlClass } from './controls';

const BACKGROUNDS = BACKGROUND_PALETTE.map((value) => ({ name: `Background ${value}`, value }));

/** Style controls for the selected text (disabled without one), Auto Crop and the background palette. */
export function TopToolbar({
  state,
  editor,
  onAutoCrop,
}: {
  state: EditorState;
  editor: MemeCanvas | null;
  onAutoCrop: () => void;
}) {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const style: TextStyle | null = state.selection.kind === 'text' ? state.selection.style : null;
  const off = !style || !editor;
  const set = (patch: Partial<TextStyle>) => editor?.setStyle(patch);

  return (
    <div
      role="toolbar"
      aria-label="Text style"
      className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-700"
    >
      <select
        aria-label="Font"
        className={controlClass}
        disabled={off}
        value={style?.fontFamily ?? ''}
        onChange={(e) => set({ fontFamily: e.target.value })}
      >
        {style && !FONT_FAMILIES.includes(style.fontFamily) ? (
          <option value={style.fontFamily}>{style.fontFamily}</option>
        ) : null}
        {!style ? <option value="">Font</option> : null}
        {FONT_FAMILIES.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </select>
      <FontSizeInput value={style?.fontSize ?? null} disabled={off} onCommit={(fontSize) => set({ fontSize })} />
      <ToggleButton
        label="Bold"
        pressed={style?.fontWeight === 'bold'}
        disabled={off}
        onClick={() => style && set(toggleStyle(style, 'bold'))}
      >
        <b>B</b>
      </ToggleButton>
      <ToggleButton
        label="Italic"
        pressed={style?.fontStyle === 'italic'}
        disabled={off}
        onClick={() => style && set(toggleStyle(style, 'italic'))}
      >
        <i>I</i>
      </ToggleButton>
      <ToggleButton
        label="Underline"
        pressed={!!style?.underline}
        disabled={off}
        onClick={() => style && set(toggleStyle(style, 'underline'))}
      >
        <u>U</u>
      </ToggleButton>
      {(['left', 'center', 'right'] as const).map((a) => (
        <ToggleButton
          key={a}
          label={`Align ${a}`}
          pressed={style?.textAlign === a}
          disabled={off}
          onClick={() => set({ textAlign: a })}
        >
          {a === 'left' ? '⇤' : a === 'center' ? '↔' : '⇥'}
        </ToggleButton>
      ))}
      <ColorInput label="Colour" value={style?.fill ?? '#000000'} disabled={off} onChange={(fill) => set({ fill })} />
      <ColorInput
        label="Outline"
        value={style?.stroke ?? '#000000'}
        disabled={off}
        onChange={(stroke) => set({ stroke })}
      />
      <input
        type="number"
        aria-label="Outline width"
        className={`${controlClass} w-14`}
        min={STROKE_WIDTH_RANGE.min}
        max={STROKE_WIDTH_RANGE.max}
        disabled={off}
        value={style?.strokeWidth ?? ''}
        onChange={(e) => e.target.value !== '' && set({ strokeWidth: Number(e.target.value) })}
      />
      <button type="button" className={buttonClass} disabled={!editor} onClick={onAutoCrop}>
        ✂️ Auto Crop
      </button>
      <div className="relative">
        <button
          type="button"
          aria-label="Background colour"
          aria-expanded={paletteOpen}
          disabled={!editor}
          onClick={() => setPaletteOpen((o) => !o)}
          className="flex items-center gap-1 rounded px-2 py-1 text-sm text-slate-800 hover:bg-slate-200 dark:text-slate-100 dark:hover:bg-slate-700"
        >
          <span className="h-5 w-5 rounded border border-slate-400" style={{ backgroundColor: state.background }} />
          Background
        </button>
        {paletteOpen ? (
          <Swatches
            label="Background palette"
            colors={BACKGROUNDS}
            onPick={(c) => {
              editor?.setBackground(c);
              setPaletteOpen(false);
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
