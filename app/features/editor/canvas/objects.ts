import { FabricImage, FabricObject, Group, Path, Textbox } from 'fabric';
import { cssFontStack } from '../../../../core/fonts';
import type { ShapeKind } from '../../../../core/editor';
import type { Rect } from '../model/geometry';
import { shapeOutline } from '../model/shapes';
import { familyFromStack, type TextStyle } from '../model/text-style';
import { showExampleWhenEmpty } from './examples';
import { memeBoxOf } from './fit';
import type { LayerView } from '../model/store';

/** What we keep on every top-level object so a snapshot restores the layers panel too. */
FabricObject.customProperties = ['layerId', 'layerName', 'layerKind', 'memeBox'];

export type LayerKind = LayerView['type'];
type Tagged = FabricObject & { layerId?: string; layerName?: string; layerKind?: LayerKind };

let counter = 0;
export const newLayerId = () => `l${Date.now().toString(36)}${(counter++).toString(36)}`;

export function tag(obj: FabricObject, kind: LayerKind, name: string): FabricObject {
  const t = obj as Tagged;
  t.layerId = newLayerId();
  t.layerKind = kind;
  t.layerName = name;
  return obj;
}

export const layerOf = (obj: FabricObject): LayerView => {
  const t = obj as Tagged;
  return {
    id: t.layerId ?? '',
    name: t.layerName ?? 'Layer',
    type: t.layerKind ?? 'shape',
    visible: obj.visible !== false,
  };
};

export const setLayerName = (obj: FabricObject, name: string) => {
  (obj as Tagged).layerName = name;
};

/**
 * Behaviour flags are not saved in snapshots; they follow from the layer kind and are applied after every load:
 * the image is locked and unselectable; a text layer is edited in place (double-click, or tap it once selected)
 * or in the text field, and the text inside a shape through the text field only.
 */
export function applyRuntimeFlags(obj: FabricObject): void {
  obj.set({ originX: 'left', originY: 'top', cornerSize: 14, touchCornerSize: 32, transparentCorners: false });
  const kind = (obj as Tagged).layerKind;
  if (kind === 'image') {
    obj.set({
      selectable: false,
      evented: false,
      lockMovementX: true,
      lockMovementY: true,
      lockScalingX: true,
      lockScalingY: true,
      hasControls: false,
    });
  }
  for (const t of textsIn(obj)) t.set({ editable: t === obj });
  if (obj instanceof Textbox && memeBoxOf(obj)?.example) showExampleWhenEmpty(obj);
}

/** The text of a layer: the object itself, or the text member of a shape group. */
export function textsIn(obj: FabricObject): Textbox[] {
  if (obj instanceof Textbox) return [obj];
  if (obj instanceof Group) return obj.getObjects().filter((o): o is Textbox => o instanceof Textbox);
  return [];
}

export function styleToFabric(style: Partial<TextStyle>): Record<string, unknown> {
  const { fontFamily, ...rest } = style;
  return fontFamily ? { ...rest, fontFamily: cssFontStack(fontFamily) } : rest;
}

export function styleOf(t: Textbox): TextStyle {
  return {
    fontSize: t.fontSize,
    fontFamily: familyFromStack(t.fontFamily),
    fill: typeof t.fill === 'string' ? t.fill : '#000000',
    stroke: typeof t.stroke === 'string' ? t.stroke : '#000000',
    strokeWidth: t.strokeWidth,
    fontWeight: t.fontWeight === 'bold' || Number(t.fontWeight) >= 600 ? 'bold' : 'normal',
    fontStyle: t.fontStyle === 'italic' ? 'italic' : 'normal',
    underline: t.underline,
    textAlign: t.textAlign === 'left' || t.textAlign === 'right' ? t.textAlign : 'center',
  };
}

export function makeText(
  text: string,
  style: TextStyle,
  box: { left: number; top: number; width: number },
  angle = 0,
): Textbox {
  return new Textbox(text, {
    ...styleToFabric(style),
    left: box.left,
    top: box.top,
    width: box.width,
    angle,
    originX: 'left',
    originY: 'top',
    // Stroke drawn under the fill keeps letters readable at meme outline widths.
    paintFirst: 'stroke',
    strokeLineJoin: 'round',
    splitByGrapheme: false,
  });
}

export function makeShape(kind: ShapeKind, color: string, at: { left: number; top: number }): Group {
  const outline = shapeOutline(kind);
  const body = new Path(outline.path, {
    fill: color,
    stroke: '#111111',
    strokeWidth: 3,
    strokeLineJoin: 'round',
    originX: 'left',
    originY: 'top',
    left: 0,
    top: 0,
  });
  const label = makeText(
    outline.text,
    {
      fontSize: 26,
      fontFamily: 'Impact',
      fill: '#111111',
      stroke: '#ffffff',
      strokeWidth: 0,
      fontWeight: 'normal',
      fontStyle: 'normal',
      underline: false,
      textAlign: 'center',
    },
    outline.textArea,
  );
  const group = new Group([body, label], { left: at.left, top: at.top, originX: 'left', originY: 'top' });
  return group;
}

export async function loadImage(url: string): Promise<FabricImage> {
  return FabricImage.fromURL(url, { crossOrigin: 'anonymous' }, { originX: 'left', originY: 'top' });
}

/** Filled objects a shape colour applies to: shapes and group members with a fill, never text. */
export function recolourTargets(objects: FabricObject[]): FabricObject[] {
  const out: FabricObject[] = [];
  for (const obj of objects) {
    if (obj instanceof Textbox || obj instanceof FabricImage) continue;
    if (obj instanceof Group) out.push(...recolourTargets(obj.getObjects()));
    else if (obj.fill && obj.fill !== 'transparent') out.push(obj);
  }
  return out;
}

/**
 * The part of the canvas an object draws on. A text box's sides are usually empty (a caption is centred in a box
 * as wide as the picture, and its outline pokes a pixel past it), so a text counts by its lines plus half its
 * outline; everything else, and turned text, by fabric's bounding box. Export and Auto Crop trim to these, so
 * no white sliver is left beside the picture.
 */
export function contentRect(o: FabricObject): Rect {
  if (!(o instanceof Textbox) || o.angle % 360 !== 0 || o.originX !== 'left' || o.originY !== 'top')
    return o.getBoundingRect();
  let minX = Infinity;
  let maxX = -Infinity;
  o.textLines.forEach((_, i) => {
    const width = o.getLineWidth(i);
    if (width <= 0) return;
    const left = o._getLineLeftOffset(i);
    minX = Math.min(minX, left);
    maxX = Math.max(maxX, left + width);
  });
  if (!Number.isFinite(minX)) return o.getBoundingRect();
  const pad = o.stroke && o.strokeWidth > 0 ? o.strokeWidth / 2 : 0;
  return {
    left: o.left + (minX - pad) * o.scaleX,
    top: o.top - pad * o.scaleY,
    width: (maxX - minX + 2 * pad) * o.scaleX,
    height: (o.height + 2 * pad) * o.scaleY,
  };
}

/** Whether an object shows anything: hidden layers and empty captions do not. */
export const showsSomething = (o: FabricObject) => o.visible && !(o instanceof Textbox && o.text.trim() === '');

/** A shape group re-fits itself around its text after the text changed. */
export function relayoutGroup(obj: FabricObject): void {
  if (obj instanceof Group) obj.triggerLayout();
}
