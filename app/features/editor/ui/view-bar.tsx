import type { MemeCanvas } from '../canvas/meme-canvas';
import type { EditorState } from '../model/store';
import { ZOOM_STEPS } from '../model/zoom';
import { buttonClass } from './controls';

// 40 px targets for touch; 32 px on wide screens, where the bar is a column at the canvas's left (ADR 0160).
const barButton = `${buttonClass} min-h-10 min-w-10 lg:min-h-8`;

/** Undo and Redo (for touch, where there is no Ctrl+Z) and the zoom: −, the scale, +, Fit and 100%. */
export function ViewBar({ state, editor }: { state: EditorState; editor: MemeCanvas | null }) {
  const { scale, fit } = state.zoom;
  const percent = `${Math.round(scale * 100)}%`;
  return (
    <div
      role="toolbar"
      aria-label="History and zoom"
      className="flex items-center gap-1 overflow-x-auto px-2 py-1 lg:flex-col lg:items-stretch lg:overflow-visible lg:border-r lg:border-slate-200 lg:px-1 lg:py-2 dark:lg:border-slate-700"
    >
      <button
        type="button"
        className={barButton}
        disabled={!editor || !state.canUndo}
        onClick={() => void editor?.undo()}
        aria-label="Undo"
      >
        <span aria-hidden="true">↶</span>
        <span className="ml-1 hidden sm:inline">Undo</span>
      </button>
      <button
        type="button"
        className={barButton}
        disabled={!editor || !state.canRedo}
        onClick={() => void editor?.redo()}
        aria-label="Redo"
      >
        <span aria-hidden="true">↷</span>
        <span className="ml-1 hidden sm:inline">Redo</span>
      </button>
      <span
        className="mx-1 h-6 w-px bg-slate-300 lg:mx-0 lg:my-1 lg:h-px lg:w-full dark:bg-slate-600"
        aria-hidden="true"
      />
      <button
        type="button"
        className={barButton}
        disabled={!editor || scale <= ZOOM_STEPS[0]}
        onClick={() => editor?.setZoom('out')}
        aria-label="Zoom out"
      >
        −
      </button>
      <output
        aria-label="Zoom"
        aria-live="polite"
        className="w-12 text-center lg:w-auto text-sm tabular-nums text-slate-700 dark:text-slate-200"
      >
        {percent}
      </output>
      <button
        type="button"
        className={barButton}
        disabled={!editor || scale >= ZOOM_STEPS[ZOOM_STEPS.length - 1]!}
        onClick={() => editor?.setZoom('in')}
        aria-label="Zoom in"
      >
        +
      </button>
      <button
        type="button"
        className={barButton}
        disabled={!editor}
        aria-pressed={fit}
        onClick={() => editor?.setZoom('fit')}
      >
        Fit
      </button>
      <button
        type="button"
        className={barButton}
        disabled={!editor}
        aria-pressed={!fit && scale === 1}
        onClick={() => editor?.setZoom('actual')}
      >
        100%
      </button>
    </div>
  );
}
