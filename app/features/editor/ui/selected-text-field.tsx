import type { MemeCanvas } from '../canvas/meme-canvas';
import type { EditorState } from '../model/store';
import { controlClass } from './controls';

/**
 * On a phone the selected caption is edited right under the canvas, which stays in view above the keyboard
 * (the side panel's text box is far below). Hidden on wide screens, where the panel sits beside the canvas.
 */
export function SelectedTextField({ state, editor }: { state: EditorState; editor: MemeCanvas | null }) {
  if (state.selection.kind !== 'text') return null;
  return (
    <div className="px-2 pb-2 lg:hidden">
      <textarea
        aria-label="Selected text"
        rows={2}
        value={state.selection.text}
        onChange={(e) => editor?.setText(e.target.value)}
        className={`${controlClass} w-full resize-none text-base`}
      />
    </div>
  );
}
