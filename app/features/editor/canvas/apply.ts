import type { Canvas, FabricImage, FabricObject } from 'fabric';
import type { Edit } from '../model/document';
import { fitToBox, setMemeBox } from './fit';
import {
  applyRuntimeFlags,
  layerOf,
  makeShape,
  makeText,
  recolourTargets,
  relayoutGroup,
  setLayerName,
  styleToFabric,
  tag,
  textsIn,
} from './objects';

export type Frame = Extract<Edit, { kind: 'frame' }>;

/**
 * Applies a command's edits (model/document.ts) to fabric, in order, and draws once. It decides nothing: the
 * commands in model/ did. `picture` is the image an 'add-image' places (loaded before the command was planned, for
 * its size). Answers the canvas's new frame, if an edit set one, for MemeCanvas to keep.
 */
export function applyEdits(canvas: Canvas, edits: Edit[], picture?: FabricImage): Frame | null {
  const byId = (id: string) => canvas.getObjects().find((o) => layerOf(o).id === id);
  const add = (obj: FabricObject, select: boolean) => {
    applyRuntimeFlags(obj);
    canvas.add(obj);
    if (select) canvas.setActiveObject(obj);
  };
  let frame: Frame | null = null;
  for (const edit of edits) {
    switch (edit.kind) {
      case 'clear':
        canvas.discardActiveObject();
        canvas.remove(...canvas.getObjects());
        break;
      case 'add-image':
        if (!picture) throw new Error('add-image needs the loaded picture');
        picture.set({ left: edit.left, top: edit.top, scaleX: edit.scale, scaleY: edit.scale });
        add(tag(picture, 'image', edit.name), false);
        canvas.sendObjectToBack(picture);
        break;
      case 'add-text': {
        const t = makeText(edit.text, edit.style, edit.box, edit.angle);
        if (edit.memeBox) {
          setMemeBox(t, edit.memeBox);
          fitToBox(t);
        }
        add(tag(t, 'text', edit.name), edit.select);
        break;
      }
      case 'add-shape':
        add(tag(makeShape(edit.shape, edit.color, edit), 'shape', edit.name), true);
        break;
      case 'set-text':
      case 'set-style': {
        const obj = byId(edit.id);
        const t = obj ? textsIn(obj)[0] : undefined;
        if (!obj || !t) break;
        if (edit.kind === 'set-text') {
          t.set({ text: edit.text });
          setLayerName(obj, edit.name);
        } else {
          t.set(styleToFabric(edit.style));
          t.initDimensions();
          if (edit.memeBox) setMemeBox(t, edit.memeBox);
        }
        // A shape's group re-fits around its label; a boxed caption re-fits its box.
        if (obj !== t) relayoutGroup(obj);
        fitToBox(t);
        break;
      }
      case 'recolour':
        for (const o of recolourTargets(edit.ids.flatMap((id) => byId(id) ?? []))) o.set({ fill: edit.color });
        break;
      case 'background':
        canvas.backgroundColor = edit.color;
        break;
      case 'visible':
        byId(edit.id)?.set({ visible: edit.visible });
        break;
      case 'remove':
        canvas.remove(...edit.ids.flatMap((id) => byId(id) ?? []));
        break;
      case 'move': {
        const active = canvas.getActiveObject();
        for (const o of edit.selection ? (active ? [active] : []) : canvas.getObjects()) {
          o.set({ left: o.left + edit.dx, top: o.top + edit.dy });
          o.setCoords();
        }
        break;
      }
      case 'select': {
        const obj = edit.id === null ? undefined : byId(edit.id);
        if (obj) canvas.setActiveObject(obj);
        else canvas.discardActiveObject();
        break;
      }
      case 'frame':
        canvas.setDimensions(edit.size);
        frame = edit;
        break;
    }
  }
  canvas.requestRenderAll();
  return frame;
}
