import { Textbox, type Canvas } from 'fabric';
import { layerName } from '../model/text-style';
import { fitToBox, memeBoxOf, moveBoxWithText } from './fit';
import { setLayerName } from './objects';
import { enablePinch } from './pinch';

/**
 * What the person does on the canvas itself, through fabric: selecting, dragging, scaling and turning (a boxed
 * caption's box follows and the caption re-fits), typing in place (the box re-fits as they type; double-click, or a
 * tap on the selected text) and pinching. Answers the function that stops the pinch handling.
 */
export function followGestures(
  canvas: Canvas,
  on: { selection: () => void; edited: () => void; typing: () => void; editingExited: () => void },
): () => void {
  canvas.on('selection:created', on.selection);
  canvas.on('selection:updated', on.selection);
  canvas.on('selection:cleared', on.selection);
  canvas.on('object:modified', ({ target }) => {
    if (target instanceof Textbox && memeBoxOf(target)) {
      moveBoxWithText(target);
      fitToBox(target);
    }
    on.edited();
  });
  canvas.on('text:changed', ({ target }) => {
    if (target instanceof Textbox) fitToBox(target);
    setLayerName(target, layerName(target.text));
    on.typing();
  });
  canvas.on('text:editing:exited', on.editingExited);
  return enablePinch(canvas, on.edited);
}
