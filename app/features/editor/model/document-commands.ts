import type { Template } from '../../../../core/api/templates';
import { boxMaxFontSize } from '../../../../core/memes/text-fit';
import { evenlySpacedBoxes } from '../../../../core/templates/default-boxes';
import { readingOrder } from '../../../../core/templates/reading-order';
import { selectedObject, type DocumentView, type Edit, type NewText } from './document';
import { outputSizes, type ExportSize, type OutputSize } from './export-plan';
import {
  autoCropBounds,
  exportArea,
  exportMultiplier,
  fitImage,
  templateBoxRect,
  type Rect,
  type Size,
} from './geometry';
import type { Selection, TextView } from './store';
import { NEW_LAYER_STYLE, layerName, styleFromTemplateBox, templateText } from './text-style';

/**
 * The commands that change the whole document (ADR 0183): a new picture or template, captions into a template's
 * boxes, Auto Crop, and what a download holds; and what the canvas publishes to React, read from the same view.
 */

/**
 * A picture (an upload, an AI image) replaces the picture layer; text and shapes stay. It is fitted to the window
 * (docs/product.md §4.1) and the canvas becomes the picture plus its margins, no longer cropped.
 */
export function placePicture(view: DocumentView, natural: Size, window: Size, name = 'Image'): Edit[] {
  const pictures = view.objects.filter((o) => o.kind === 'image').map((o) => o.id);
  return [
    ...(pictures.length > 0 ? [{ kind: 'remove', ids: pictures } as const] : []),
    ...picture(natural, window, name),
  ];
}

function picture(natural: Size, window: Size, name: string): Edit[] {
  const fit = fitImage(natural, window);
  return [
    { kind: 'add-image', left: fit.image.left, top: fit.image.top, scale: fit.scale, name: layerName(name, 'Image') },
    { kind: 'frame', size: fit.canvas, imageArea: fit.image, cropped: false },
  ];
}

/**
 * A template replaces the whole document: its picture, and one empty caption per box, fitted to it and holding the
 * template's first example as a placeholder (ADR 0161), shown on the canvas and in the captions list, never exported.
 */
export function loadTemplate(template: Template, natural: Size, window: Size): Edit[] {
  const edits: Edit[] = [{ kind: 'clear' }, ...picture(natural, window, template.name)];
  const image = fitImage(natural, window).image;
  const example = template.examples[0] ?? [];
  template.textBoxes.forEach((box, index) => {
    const rect = templateBoxRect(box, image);
    const line = templateText(box, example[index] ?? '').trim();
    const max = boxMaxFontSize(rect.height);
    edits.push({
      kind: 'add-text',
      select: false,
      text: '',
      style: { ...styleFromTemplateBox(box), fontSize: max },
      box: rect,
      angle: box.angle,
      name: `Text ${index + 1}`,
      memeBox: { ...rect, max, index, upper: box.style === 'upper', ...(line ? { example: line } : {}) },
    });
  });
  return edits;
}

/**
 * A caption's lines into the template's boxes in order, one line per box; boxes past the last line are emptied. A
 * picture without boxes gets the classic top and bottom captions first. Nothing stays selected.
 */
export function fillCaption(view: DocumentView, lines: readonly string[]): Edit[] {
  const boxed = view.objects
    .filter((o) => o.kind === 'text' && o.memeBox)
    .sort((a, b) => a.memeBox!.index - b.memeBox!.index);
  const edits: Edit[] = [];
  if (boxed.length === 0) {
    evenlySpacedBoxes(2).forEach((b, index) => {
      const rect = templateBoxRect(b, view.imageArea);
      const max = boxMaxFontSize(rect.height);
      const text = (lines[index] ?? '').toUpperCase();
      const add: NewText = {
        text,
        style: { ...NEW_LAYER_STYLE, strokeWidth: 2, fontSize: max },
        box: rect,
        name: layerName(text, `Text ${index + 1}`),
        memeBox: { ...rect, max, index, upper: true },
      };
      edits.push({ kind: 'add-text', select: false, ...add });
    });
  }
  boxed.forEach((o, i) => {
    const line = lines[i] ?? '';
    const text = o.memeBox!.upper ? line.toUpperCase() : line;
    edits.push({ kind: 'set-text', id: o.id, text, name: layerName(text, `Text ${i + 1}`) });
  });
  return [...edits, { kind: 'select', id: null }];
}

/**
 * Auto Crop trims the canvas to everything shown (no padding: ADR 0120): every object moves by the cut, and the
 * canvas is marked cropped, so a download holds exactly this. None when nothing shows.
 */
export function autoCrop(view: DocumentView): Edit[] {
  const shown = view.objects.flatMap((o) => (o.content ? [o.content] : []));
  const crop = autoCropBounds(shown, view.canvas);
  if (!crop) return [];
  const { imageArea } = view;
  return [
    { kind: 'select', id: null },
    { kind: 'move', dx: -crop.left, dy: -crop.top },
    {
      kind: 'frame',
      size: { width: crop.width, height: crop.height },
      imageArea: { ...imageArea, left: imageArea.left - crop.left, top: imageArea.top - crop.top },
      cropped: true,
    },
  ];
}

/**
 * What a download holds: the picture plus anything placed in the margins (untouched margins are cut), exactly the
 * content after Auto Crop, or the whole canvas without a picture; in full at 2× the screen or the picture's own
 * resolution when that is larger (up to EXPORT_MAX_SIDE), and as a share copy of at most SHARE_MAX_SIDE.
 */
export function exportRegion(view: DocumentView): { area: Rect; sizes: Record<ExportSize, OutputSize> } {
  const image = view.objects.find((o) => o.kind === 'image' && o.visible);
  const content = view.objects.flatMap((o) => (o !== image && o.content ? [o.content] : []));
  const area = exportArea(view.canvas, image ? image.box : null, content, view.cropped);
  return { area, sizes: outputSizes(area, exportMultiplier(image ? (image.native ?? 1) : null, area)) };
}

/** Whether anything shows (a picture, a caption with text, a shape): a background alone is not yet a meme. */
export const hasSomethingToExport = (view: DocumentView): boolean => view.objects.some((o) => o.content !== null);

/**
 * Every layer with text in reading order, for the captions list: rows from the top, each left to right, so the Two
 * Buttons' left button is Caption 1 though its box sits lower than the right one's (core/templates/reading-order.ts).
 */
export function captionsOf(view: DocumentView): TextView[] {
  return readingOrder(
    view.objects.filter((o) => o.text),
    (o) => o.box,
  ).map((o) => ({
    id: o.id,
    text: o.text!.value,
    kind: o.kind === 'shape' ? 'shape' : 'text',
    example: o.memeBox?.example,
  }));
}

/** What the panels show of the selection: one layer with text (a caption, or a shape's label) or something else. */
export function selectionOf(view: DocumentView): Selection {
  if (view.selection.ids.length === 0) return { kind: 'none' };
  const obj = selectedObject(view);
  if (!obj?.text) return { kind: 'other' };
  return { kind: 'text', id: obj.id, text: obj.text.value, style: obj.text.style, example: obj.memeBox?.example };
}
