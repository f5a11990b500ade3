import type { KeyboardEvent, RefObject } from 'react';
import type { MemeCanvas } from '../canvas/meme-canvas';
import type { MotionPlayer, MotionState } from '../canvas/motion-player';
import type { EditorState } from '../model/store';
import { MotionControl } from './motion-control';
import { ViewBar } from './view-bar';

/**
 * The canvas's column: Undo/Redo and zoom, the stage that holds the canvas (or says why there is none yet), and the
 * play control of a moving picture. Its size and focus are kept by use-canvas-stage.ts.
 */
export function CanvasStage({
  stage,
  elementRef,
  captions,
  editor,
  state,
  loadError,
  motion,
}: {
  stage: RefObject<HTMLDivElement>;
  /** The <canvas> fabric draws on (use-editor.ts). */
  elementRef: RefObject<HTMLCanvasElement>;
  /** The captions' fields, where Enter goes when no caption is selected. */
  captions: RefObject<HTMLDivElement>;
  editor: MemeCanvas | null;
  state: EditorState;
  loadError: boolean;
  motion: { player: MotionPlayer | null; state: MotionState };
}) {
  const onStageKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.target !== stage.current || !editor) return;
    e.preventDefault();
    // Enter edits the selected caption in place; with none selected it goes to the top caption's field.
    if (!editor.editSelected())
      captions.current?.querySelector<HTMLElement>('[aria-label="Captions"] textarea, [data-add-captions]')?.focus();
  };

  return (
    <div className="lg:col-start-2 lg:row-span-2 lg:row-start-2 lg:flex lg:min-h-0 lg:flex-col">
      {/* On a wide screen the bar stands at the canvas's left, so the canvas keeps the column's full height. */}
      <div className="lg:flex lg:min-h-0 lg:flex-1 lg:flex-row">
        <ViewBar state={state} editor={editor} />
        <section
          ref={stage}
          aria-label="Canvas"
          // Focusable, so a zoomed-in canvas can be scrolled from the keyboard; Enter edits the selected caption.
          tabIndex={0}
          aria-keyshortcuts="Enter"
          onKeyDown={onStageKey}
          className="flex min-w-0 items-start justify-center overflow-auto p-2 lg:min-h-0 lg:flex-1"
        >
          {loadError ? (
            <p role="alert" className="p-6 text-red-600 dark:text-red-400">
              The editor could not start. Please reload the page.
            </p>
          ) : null}
          {!editor && !loadError ? <p className="p-6 text-slate-500 dark:text-slate-400">Loading editor…</p> : null}
          <div className="m-auto shadow-lg dark:ring-1 dark:ring-slate-500" data-testid="canvas-frame">
            <canvas ref={elementRef} aria-label="Meme canvas" />
          </div>
        </section>
      </div>
      <MotionControl player={motion.player} state={motion.state} />
    </div>
  );
}
