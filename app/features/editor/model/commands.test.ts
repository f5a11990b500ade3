import { describe, expect, it } from 'vitest';
import { SHAPES, TEXT_SIZE_TOOLBAR } from '../../../../core/editor';
import {
  addShape,
  addText,
  boxAfterTransform,
  deleteSelection,
  layersOf,
  nudge,
  recolour,
  removeLayer,
  selectLayer,
  setStyle,
  toggleVisibility,
  writeText,
} from './commands';
import type { MemeBox, ObjectView } from './document';
import { MEASURE, PICTURE, documentOf, picture, text } from './document.fixture';
import { shapePosition } from './shapes';

const image = PICTURE.image; // 20, 100, 500 × 300
const shape = (id: string): ObjectView => ({
  id,
  kind: 'shape',
  name: 'Edit me!',
  visible: true,
  box: { left: 100, top: 150, width: 220, height: 150 },
  content: { left: 100, top: 150, width: 220, height: 150 },
  text: { value: 'Edit me!', style: { ...text('x', 'x', image).text!.style, fontSize: 26 } },
});
const boxed: MemeBox = { left: 70, top: 115, width: 400, height: 60, max: 24, index: 0, upper: true };

describe('addText', () => {
  it('puts the first text in the band above the picture, centred on its measured height, and selects it', () => {
    const [edit] = addText(documentOf([picture()]), MEASURE, 'Hello');
    expect(edit).toMatchObject({ kind: 'add-text', text: 'Hello', name: 'Hello', select: true });
    // 450 px wide (90% of the picture), one line of 30 px Impact at 1.2 em: 36 px, centred in the 100 px band.
    expect(edit).toMatchObject({ box: { left: 45, top: 32, width: 450 } });
  });

  it('goes below the picture when text is above it, then inside near its top when both bands hold text', () => {
    const above = text('a', 'A', { left: 95, top: 30, width: 350, height: 36 });
    const [below] = addText(documentOf([picture(), above]), MEASURE);
    expect(below).toMatchObject({ box: { top: 400 + 32 } });
    const under = text('b', 'B', { left: 95, top: 432, width: 350, height: 36 });
    const [inside] = addText(documentOf([picture(), above, under]), MEASURE);
    expect(inside).toMatchObject({ box: { top: image.top + 10 } });
  });

  it('measures a long text at its width, so two lines sit higher in the band than one', () => {
    const [one] = addText(documentOf([picture()]), MEASURE, 'x'.repeat(20));
    const [two] = addText(documentOf([picture()]), MEASURE, 'x'.repeat(40));
    expect((two as { box: { top: number } }).box.top).toBeLessThan((one as { box: { top: number } }).box.top);
  });
});

describe('addShape', () => {
  it('centres a shape on the picture, nudged past the shapes already there, named by its label and selected', () => {
    const [first] = addShape(documentOf([picture()]), 'star', '#ff0000');
    expect(first).toEqual({
      kind: 'add-shape',
      shape: 'star',
      color: '#ff0000',
      ...shapePosition('star', image, 0),
      name: SHAPES.star.text,
    });
    const [second] = addShape(documentOf([picture(), shape('s1')]), 'star', '#ff0000');
    expect(second).toMatchObject({ left: (first as { left: number }).left + 24 });
  });
});

describe('writeText', () => {
  it('sets a layer’s text and names the layer after its first 20 characters on one line, with an ellipsis when cut', () => {
    const view = documentOf([picture(), text('t', 'old', image)]);
    expect(writeText(view, 't', 'a rather long caption\nover two lines')).toEqual([
      { kind: 'set-text', id: 't', text: 'a rather long caption\nover two lines', name: 'a rather long captio…' },
    ]);
  });

  it('does nothing to the picture or a layer that is gone', () => {
    const view = documentOf([picture()]);
    expect(writeText(view, 'pic', 'x')).toEqual([]);
    expect(writeText(view, 'gone', 'x')).toEqual([]);
  });
});

describe('setStyle', () => {
  const caption = text('t', 'HELLO THERE', boxed, { memeBox: boxed });
  const selected = (o: ObjectView) => documentOf([picture(), o], { selection: { ids: [o.id], group: false } });

  it('clamps a size to the toolbar’s range', () => {
    const [edit] = setStyle(selected(text('f', 'free', image)), MEASURE, { fontSize: 5000 });
    expect(edit).toMatchObject({ kind: 'set-style', id: 'f', style: { fontSize: TEXT_SIZE_TOOLBAR.max } });
    expect(edit).not.toHaveProperty('memeBox');
  });

  it('keeps a size typed for a boxed caption: the box grows around it, centred, and the size is its new most', () => {
    const [edit] = setStyle(selected(caption), MEASURE, { fontSize: 60 });
    const box = (edit as { memeBox: MemeBox }).memeBox;
    expect(box.max).toBe(60);
    expect(box.height).toBeGreaterThan(boxed.height);
    expect(box.top + box.height / 2).toBeCloseTo(boxed.top + boxed.height / 2);
    expect(box.index).toBe(0);
  });

  it('leaves the box alone for a change that is not a size', () => {
    expect(setStyle(selected(caption), MEASURE, { fill: '#ff0000' })).toEqual([
      { kind: 'set-style', id: 't', style: { ...caption.text!.style, fill: '#ff0000' } },
    ]);
  });

  it('does nothing without one selected layer with text', () => {
    expect(setStyle(documentOf([picture(), caption]), MEASURE, { fill: '#000' })).toEqual([]);
    const group = documentOf([picture(), caption], { selection: { ids: ['t', 'pic'], group: true } });
    expect(setStyle(group, MEASURE, { fill: '#000' })).toEqual([]);
  });
});

describe('layer commands', () => {
  const view = documentOf([picture(), text('t', 'hi', image), shape('s')], { selection: { ids: ['t'], group: false } });

  it('recolours only the selected shapes', () => {
    expect(recolour({ ...view, selection: { ids: ['t', 's'], group: true } }, '#00ff00')).toEqual([
      { kind: 'recolour', ids: ['s'], color: '#00ff00' },
    ]);
    expect(recolour(view, '#00ff00')).toEqual([]);
  });

  it('deselects a layer it hides, and only then', () => {
    expect(toggleVisibility(view, 't')).toEqual([
      { kind: 'visible', id: 't', visible: false },
      { kind: 'select', id: null },
    ]);
    expect(toggleVisibility(view, 's')).toEqual([{ kind: 'visible', id: 's', visible: false }]);
    const hidden = documentOf([text('h', 'x', image, { visible: false })]);
    expect(toggleVisibility(hidden, 'h')).toEqual([{ kind: 'visible', id: 'h', visible: true }]);
  });

  it('removes a layer, deselecting first', () => {
    expect(removeLayer(view, 's')).toEqual([
      { kind: 'select', id: null },
      { kind: 'remove', ids: ['s'] },
    ]);
    expect(removeLayer(view, 'gone')).toEqual([]);
  });

  it('selects text and shapes, never the picture or a hidden layer', () => {
    expect(selectLayer(view, 's')).toEqual([{ kind: 'select', id: 's' }]);
    expect(selectLayer(view, 'pic')).toEqual([]);
    expect(selectLayer(documentOf([text('h', 'x', image, { visible: false })]), 'h')).toEqual([]);
  });

  it('deletes the selection but not the picture; nothing selected deletes nothing', () => {
    const all = { ...view, selection: { ids: ['pic', 't', 's'], group: true } };
    expect(deleteSelection(all)).toEqual([
      { kind: 'select', id: null },
      { kind: 'remove', ids: ['t', 's'] },
    ]);
    expect(deleteSelection({ ...view, selection: { ids: ['pic'], group: false } })).toEqual([]);
    expect(deleteSelection({ ...view, selection: { ids: [], group: false } })).toEqual([]);
  });

  it('nudges the selection as one, never the picture', () => {
    expect(nudge(view, 10, -1)).toEqual([{ kind: 'move', dx: 10, dy: -1, selection: true }]);
    expect(nudge({ ...view, selection: { ids: ['t', 's'], group: true } }, 1, 0)).toHaveLength(1);
    expect(nudge({ ...view, selection: { ids: ['pic'], group: false } }, 1, 0)).toEqual([]);
    expect(nudge({ ...view, selection: { ids: [], group: false } }, 1, 0)).toEqual([]);
  });

  it('lists the layers topmost first', () => {
    expect(layersOf(view).map((l) => `${l.type}:${l.id}`)).toEqual(['shape:s', 'text:t', 'image:pic']);
  });
});

describe('boxAfterTransform', () => {
  it('folds a scale into the box, centred on the text, and scales the size the caption may grow to', () => {
    const box = boxAfterTransform(boxed, { left: 50, top: 100, width: 400, height: 40, scaleX: 1.5, scaleY: 2 });
    expect(box).toEqual({ ...boxed, left: 50, width: 600, height: 120, top: 100 + 40 - 60, max: 48 });
  });

  it('never lets a box shrink its caption below the smallest fitted size', () => {
    expect(boxAfterTransform(boxed, { ...boxed, scaleX: 0.1, scaleY: 0.1 }).max).toBe(12);
  });
});
