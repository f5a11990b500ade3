import { useState } from 'react';
import { SHAPES, SHAPE_COLORS, SHAPE_KINDS, type ShapeKind } from '../../../../core/editor';
import type { MemeCanvas } from '../canvas/meme-canvas';
import { Swatches, buttonClass } from './controls';

/** 'Add Text', the shape colour (also recolours the selection) and one button per shape. */
export function ShapeToolbar({
  editor,
  onAdded,
}: {
  editor: MemeCanvas | null;
  onAdded: (what: 'text' | 'shape') => void;
}) {
  const [color, setColor] = useState<string>(SHAPE_COLORS[3].value);
  const [open, setOpen] = useState(false);
  const add = (kind: ShapeKind) => {
    editor?.addShape(kind, color);
    onAdded('shape');
  };
  return (
    <div
      role="toolbar"
      aria-label="Insert"
      className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-700"
    >
      <button
        type="button"
        className={buttonClass}
        disabled={!editor}
        onClick={() => {
          editor?.addText();
          onAdded('text');
        }}
      >
        ➕ Add Text
      </button>
      <div className="relative">
        <button
          type="button"
          aria-label="Shape colour"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="flex items-center gap-1 rounded px-2 py-1 text-sm text-slate-800 hover:bg-slate-200 dark:text-slate-100 dark:hover:bg-slate-700"
        >
          <span className="h-5 w-5 rounded-full border border-slate-400" style={{ backgroundColor: color }} />
          Shape colour
        </button>
        {open ? (
          <Swatches
            label="Shape colours"
            colors={SHAPE_COLORS}
            onPick={(c) => {
              setColor(c);
              setOpen(false);
              editor?.setShapeColor(c);
            }}
          />
        ) : null}
      </div>
      {SHAPE_KINDS.map((kind) => (
        <button key={kind} type="button" className={buttonClass} disabled={!editor} onClick={() => add(kind)}>
          {SHAPES[kind].label}
        </button>
      ))}
    </div>
  );
}
