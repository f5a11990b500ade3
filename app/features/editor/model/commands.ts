import { NEW_TEXT_DEFAULT, SHAPES, type ShapeKind } from '../../../../core/editor';
import { FIT_MIN_FONT_PX, boxForSize } from '../../../../core/memes/text-fit';
import {
  objectById,
  selectedObject,
  type DocumentView,
  type Edit,
  type MemeBox,
  type ObjectView,
  type TextMeasure,
} from './document';
import { placeNewText, type Rect } from './geometry';
import { shapePosition } from './shapes';
import { NEW_LAYER_STYLE, applyStyle, layerName, type TextStyle } from './text-style';

/**
 * The editing commands as plans (ADR 0183): each reads the document and answers the edits that carry it out, or
 * none when there is nothing to do. They decide; canvas/apply.ts only does what they say.
 */

/**
 * 'Add Text' (docs/product.md §4.3): above the picture if no text is there, else below it, else inside near the top;
 * the new layer is selected. Its height, which decides where it fits, is measured at the width it will have.
 */
export function addText(
  view: DocumentView,
  measure: TextMeasure,
  text = NEW_TEXT_DEFAULT,
  style: TextStyle = NEW_LAYER_STYLE,
): Edit[] {
  const texts = view.objects.filter((o) => o.kind === 'text').map((o) => o.box);
  const { width } = placeNewText(view.imageArea, view.canvas, texts, 0);
  const at = placeNewText(view.imageArea, view.canvas, texts, measure.height(text, style, width));
  return [
    { kind: 'add-text', text, style, box: { left: at.left, top: at.top, width }, name: layerName(text), select: true },
  ];
}

/** A shape lands on the picture, nudged past the shapes already there, named by its label. */
export function addShape(view: DocumentView, shape: ShapeKind, color: string): Edit[] {
  const count = view.objects.filter((o) => o.kind === 'shape').length;
  const at = shapePosition(shape, view.imageArea, count);
  return [{ kind: 'add-shape', shape, color, ...at, name: layerName(SHAPES[shape].text) }];
}

/** New text for a layer with text (a caption, or a shape's label); the layer is named after it. */
export function writeText(view: DocumentView, id: string, text: string): Edit[] {
  const obj = objectById(view, id);
  if (!obj?.text) return [];
  return [{ kind: 'set-text', id, text, name: layerName(text) }];
}

/**
 * A style change for the selected layer's text, clamped to the controls' ranges. A size the person chose for a
 * boxed caption is kept rather than shrunk back: the box grows, centred, to hold the caption at that size, and that
 * size becomes the most it grows to (ADR 0120). Free text has no box to grow.
 */
export function setStyle(view: DocumentView, measure: TextMeasure, patch: Partial<TextStyle>): Edit[] {
  const obj = selectedObject(view);
  if (!obj?.text) return [];
  const style = applyStyle(obj.text.style, patch);
  const box = obj.memeBox;
  if (patch.fontSize === undefined || !box) return [{ kind: 'set-style', id: obj.id, style }];
  const grown = boxForSize(obj.text.value, box, style.fontSize, measure.width(style));
  return [{ kind: 'set-style', id: obj.id, style, memeBox: { ...grown, max: style.fontSize } }];
}

/** The shape colour applies to the selected shapes' filled parts, never to text or the picture. */
export function recolour(view: DocumentView, color: string): Edit[] {
  const ids = view.selection.ids.filter((id) => objectById(view, id)?.kind === 'shape');
  return ids.length === 0 ? [] : [{ kind: 'recolour', ids, color }];
}

/** A hidden layer cannot stay selected. */
export function toggleVisibility(view: DocumentView, id: string): Edit[] {
  const obj = objectById(view, id);
  if (!obj) return [];
  const hiding = obj.visible;
  const deselect = hiding && view.selection.ids.includes(id);
  return [{ kind: 'visible', id, visible: !hiding }, ...(deselect ? [{ kind: 'select', id: null } as const] : [])];
}

export function removeLayer(view: DocumentView, id: string): Edit[] {
  if (!objectById(view, id)) return [];
  return [
    { kind: 'select', id: null },
    { kind: 'remove', ids: [id] },
  ];
}

/** The picture and hidden layers cannot be selected. */
export function selectLayer(view: DocumentView, id: string): Edit[] {
  const obj = objectById(view, id);
  if (!obj || obj.kind === 'image' || !obj.visible) return [];
  return [{ kind: 'select', id }];
}

/** Delete removes the selection, except the picture, which only a new picture or template replaces. */
export function deleteSelection(view: DocumentView): Edit[] {
  const ids = view.selection.ids.filter((id) => objectById(view, id)?.kind !== 'image');
  if (ids.length === 0) return [];
  return [
    { kind: 'select', id: null },
    { kind: 'remove', ids },
  ];
}

/** The arrow keys move the selection (one object, or several as one); the picture is locked in place. */
export function nudge(view: DocumentView, dx: number, dy: number): Edit[] {
  const { ids, group } = view.selection;
  if (ids.length === 0) return [];
  if (!group && objectById(view, ids[0]!)?.kind === 'image') return [];
  return [{ kind: 'move', dx, dy, selection: true }];
}

/**
 * After the person moved or resized a boxed caption, its box follows: the scaling is folded into the box (width,
 * height and the size it may grow to), kept centred on the text, so the text is re-fitted at scale 1 rather than
 * stretched. `placed` is the text as fabric left it: its corner, its unscaled size and the scale.
 */
export function boxAfterTransform(
  box: MemeBox,
  placed: Pick<Rect, 'left' | 'top' | 'width' | 'height'> & { scaleX: number; scaleY: number },
): MemeBox {
  const { scaleX: sx, scaleY: sy } = placed;
  const height = box.height * sy;
  const centre = placed.top + (placed.height * sy) / 2;
  return {
    ...box,
    left: placed.left,
    top: centre - height / 2,
    width: placed.width * sx,
    height,
    max: Math.max(FIT_MIN_FONT_PX, Math.round(box.max * sy)),
  };
}

/** The layers panel's list: topmost first. */
export const layersOf = (view: DocumentView) =>
  [...view.objects].reverse().map((o: ObjectView) => ({ id: o.id, name: o.name, type: o.kind, visible: o.visible }));
