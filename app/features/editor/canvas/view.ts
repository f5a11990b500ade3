import { ActiveSelection, FabricImage, type Canvas, type FabricObject } from 'fabric';
import type { DocumentView, ObjectView, TextMeasure } from '../model/document';
import type { Rect } from '../model/geometry';
import { measureStyle, memeBoxOf } from './fit';
import { contentRect, layerOf, makeText, showsSomething, styleOf, textsIn } from './objects';

/**
 * The document as the commands read it (model/document.ts), copied out of fabric. Members of a group selection keep
 * their position relative to the group: a command that reads `content` (Auto Crop, the export) clears the selection
 * before it asks for the view.
 */
export function documentView(canvas: Canvas, imageArea: Rect, cropped: boolean): DocumentView {
  return {
    canvas: { width: canvas.width, height: canvas.height },
    imageArea,
    cropped,
    objects: canvas.getObjects().map(objectView),
    selection: {
      ids: canvas.getActiveObjects().map((o) => layerOf(o).id),
      group: canvas.getActiveObject() instanceof ActiveSelection,
    },
  };
}

function objectView(o: FabricObject): ObjectView {
  const layer = layerOf(o);
  const t = textsIn(o)[0];
  const memeBox = memeBoxOf(o);
  return {
    id: layer.id,
    kind: layer.type,
    name: layer.name,
    visible: layer.visible,
    box: o.getBoundingRect(),
    content: showsSomething(o) ? contentRect(o) : null,
    ...(t ? { text: { value: t.text, style: styleOf(t) } } : {}),
    ...(memeBox ? { memeBox } : {}),
    ...(o instanceof FabricImage ? { native: 1 / (o.scaleX || 1) } : {}),
  };
}

/** Widths through the browser's canvas, heights through fabric's own wrapping. */
export const textMeasure: TextMeasure = {
  width: measureStyle,
  height: (text, style, width) => makeText(text, style, { left: 0, top: 0, width }).height,
};
