import { describe, expect, it } from 'vitest';
import { boxMaxFontSize } from '../../../../core/memes/text-fit';
import { EXPORT_SCALE } from '../../../../core/limits';
import type { Edit, MemeBox } from './document';
import { PICTURE, TEMPLATE, documentOf, picture, text } from './document.fixture';
import {
  autoCrop,
  captionsOf,
  exportRegion,
  fillCaption,
  hasSomethingToExport,
  loadTemplate,
  placePicture,
  selectionOf,
} from './document-commands';
import { fitImage, templateBoxRect } from './geometry';

const WINDOW = { width: 1920, height: 1080 };
const image = PICTURE.image; // 20, 100, 500 × 300 on a 540 × 500 canvas
const box = (index: number, upper = true): MemeBox => ({
  left: 70,
  top: 110 + index * 200,
  width: 400,
  height: 60,
  max: 24,
  index,
  upper,
});
const ofKind = <K extends Edit['kind']>(edits: Edit[], kind: K) =>
  edits.filter((e): e is Extract<Edit, { kind: K }> => e.kind === kind);

describe('placePicture', () => {
  it('replaces the picture, keeps the rest, and frames the canvas around the new one, uncropped', () => {
    const view = documentOf([picture(), text('t', 'hi', image)], { cropped: true });
    const edits = placePicture(view, { width: 2000, height: 1000 }, WINDOW);
    const fit = fitImage({ width: 2000, height: 1000 }, WINDOW);
    expect(edits).toEqual([
      { kind: 'remove', ids: ['pic'] },
      { kind: 'add-image', left: fit.image.left, top: fit.image.top, scale: fit.scale, name: 'Image' },
      { kind: 'frame', size: fit.canvas, imageArea: fit.image, cropped: false },
    ]);
  });

  it('removes nothing on a blank canvas', () => {
    expect(placePicture(documentOf([]), { width: 10, height: 10 }, WINDOW)[0]?.kind).toBe('add-image');
  });
});

describe('loadTemplate', () => {
  const edits = loadTemplate(TEMPLATE, { width: 500, height: 300 }, WINDOW);
  const captions = ofKind(edits, 'add-text');

  it('starts from nothing: the template’s picture, then one empty caption per box, none selected', () => {
    expect(edits.map((e) => e.kind)).toEqual(['clear', 'add-image', 'frame', 'add-text', 'add-text']);
    expect(ofKind(edits, 'add-image')[0]?.name).toBe('Two Boxes');
    expect(captions.map((c) => [c.text, c.name, c.select])).toEqual([
      ['', 'Text 1', false],
      ['', 'Text 2', false],
    ]);
  });

  it('fits each caption to its box, at most the size the box’s height allows, in the box’s font and turn', () => {
    const rect = templateBoxRect(TEMPLATE.textBoxes[1]!, image);
    expect(captions[1]).toMatchObject({ box: rect, angle: 5, style: { fontFamily: 'Arial', textAlign: 'left' } });
    expect(captions[1]?.memeBox).toEqual({
      ...rect,
      max: boxMaxFontSize(rect.height),
      index: 1,
      upper: false,
      example: 'Bottom line',
    });
  });

  it('keeps the first example as each box’s placeholder, in capitals for an upper-case box', () => {
    expect(captions.map((c) => c.memeBox?.example)).toEqual(['TOP LINE', 'Bottom line']);
  });
});

describe('fillCaption', () => {
  it('fills the boxes in their order, capitals where the box wants them, empties the rest and deselects', () => {
    const view = documentOf([
      picture(),
      text('b', '', image, { memeBox: box(1, false) }),
      text('a', '', image, { memeBox: box(0) }),
      text('c', 'old', image, { memeBox: box(2) }),
    ]);
    expect(fillCaption(view, ['top', 'Bottom'])).toEqual([
      { kind: 'set-text', id: 'a', text: 'TOP', name: 'TOP' },
      { kind: 'set-text', id: 'b', text: 'Bottom', name: 'Bottom' },
      { kind: 'set-text', id: 'c', text: '', name: 'Text 3' },
      { kind: 'select', id: null },
    ]);
  });

  it('gives a picture without boxes the classic top and bottom captions, in capitals', () => {
    const edits = fillCaption(documentOf([picture(), text('free', 'free text', image)]), ['one does not', 'simply']);
    const added = ofKind(edits, 'add-text');
    expect(added.map((a) => [a.text, a.name, a.memeBox?.index, a.memeBox?.upper])).toEqual([
      ['ONE DOES NOT', 'ONE DOES NOT', 0, true],
      ['SIMPLY', 'SIMPLY', 1, true],
    ]);
    expect(added[0]!.box.top).toBeLessThan(image.top + image.height / 2);
    expect(added[1]!.box.top).toBeGreaterThan(image.top + image.height / 2);
    expect(added[0]!.style.strokeWidth).toBe(2);
    expect(ofKind(edits, 'set-text')).toEqual([]);
  });
});

describe('autoCrop', () => {
  it('cuts the canvas to what shows, moving everything by the cut, and marks it cropped', () => {
    const caption = text('t', 'TOP', { left: 100.4, top: 40.6, width: 200, height: 30 });
    const hidden = text('h', 'gone', { left: 0, top: 0, width: 10, height: 10 }, { visible: false, content: null });
    const edits = autoCrop(documentOf([picture(), caption, hidden]));
    expect(edits).toEqual([
      { kind: 'select', id: null },
      { kind: 'move', dx: -20, dy: -40 },
      {
        kind: 'frame',
        size: { width: 500, height: 360 },
        imageArea: { ...image, left: 0, top: 60 },
        cropped: true,
      },
    ]);
  });

  it('does nothing when nothing shows', () => {
    expect(autoCrop(documentOf([text('e', '', image)]))).toEqual([]);
  });
});

describe('exportRegion', () => {
  it("holds the picture and anything in its margins, at the picture's own resolution", () => {
    const caption = text('t', 'TOP', { left: 100, top: 50, width: 200, height: 30 });
    const { area, sizes } = exportRegion(documentOf([picture(), caption]));
    expect(area).toEqual({ left: 20, top: 50, width: 500, height: 350 });
    expect(sizes.original).toMatchObject({ width: 500, height: 350, multiplier: 1 });
  });

  it('is the blank canvas at EXPORT_SCALE without a picture', () => {
    const caption = text('t', 'TOP', { left: 100, top: 50, width: 200, height: 30 });
    const { sizes } = exportRegion(documentOf([caption]));
    expect(sizes.original.multiplier).toBe(EXPORT_SCALE);
  });

  it('follows a picture shown smaller than its own pixels', () => {
    const { sizes } = exportRegion(documentOf([picture({ native: 4 })]));
    expect(sizes.original).toMatchObject({ width: 2000, height: 1200, multiplier: 4 });
  });

  it('is the whole canvas without a picture, and exactly the content after a crop', () => {
    const caption = text('t', 'TOP', { left: 100.5, top: 50, width: 200, height: 30 });
    expect(exportRegion(documentOf([caption])).area).toEqual({ left: 0, top: 0, ...PICTURE.canvas });
    expect(exportRegion(documentOf([caption], { cropped: true })).area).toEqual(caption.content);
  });

  it('leaves a hidden picture out', () => {
    const caption = text('t', 'TOP', { left: 100, top: 50, width: 200, height: 30 });
    const hidden = picture({ visible: false, content: null });
    expect(exportRegion(documentOf([hidden, caption])).area).toEqual({ left: 0, top: 0, ...PICTURE.canvas });
  });
});

describe('hasSomethingToExport', () => {
  it('is false for a blank canvas, hidden layers and empty captions, true once anything shows', () => {
    const box = { left: 0, top: 0, width: 10, height: 10 };
    expect(hasSomethingToExport(documentOf([]))).toBe(false);
    expect(hasSomethingToExport(documentOf([text('e', '', box), picture({ visible: false, content: null })]))).toBe(
      false,
    );
    expect(hasSomethingToExport(documentOf([text('t', 'TOP', box)]))).toBe(true);
    expect(hasSomethingToExport(documentOf([picture()]))).toBe(true);
  });
});

describe('what the canvas publishes', () => {
  const left = text(
    'l',
    'left',
    { left: 20, top: 215, width: 200, height: 40 },
    { memeBox: { ...box(0), example: 'E' } },
  );
  const right = text('r', 'right', { left: 300, top: 200, width: 200, height: 40 });
  const top = text('t', 'top', { left: 20, top: 20, width: 400, height: 40 });

  it('lists the captions in reading order: rows from the top, each left to right', () => {
    const captions = captionsOf(documentOf([picture(), right, left, top]));
    expect(captions.map((c) => c.id)).toEqual(['t', 'l', 'r']);
    expect(captions[1]).toEqual({ id: 'l', text: 'left', kind: 'text', example: 'E' });
  });

  it('says what is selected: nothing, one layer with text, or something else', () => {
    const view = documentOf([picture(), left, right]);
    expect(selectionOf(view)).toEqual({ kind: 'none' });
    expect(selectionOf({ ...view, selection: { ids: ['l'], group: false } })).toMatchObject({
      kind: 'text',
      id: 'l',
      text: 'left',
      example: 'E',
    });
    expect(selectionOf({ ...view, selection: { ids: ['l', 'r'], group: true } })).toEqual({ kind: 'other' });
  });
});
