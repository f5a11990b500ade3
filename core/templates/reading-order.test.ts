import { describe, expect, it } from 'vitest';
import { readingOrder, type Box } from './reading-order';

const box = (name: string, left: number, top: number, width = 100, height = 40) => ({
  name,
  box: { left, top, width, height },
});
const order = (items: { name: string; box: Box }[]) => readingOrder(items, (i) => i.box).map((i) => i.name);

describe('readingOrder', () => {
  it('reads two boxes side by side left to right even when the right one sits higher (Two Buttons)', () => {
    // The template's pixel boxes: the left button's caption at y 120, the right one's at y 90, the bottom one.
    expect(
      order([box('bottom', 40, 760, 720, 120), box('right', 450, 90, 280, 120), box('left', 70, 120, 280, 120)]),
    ).toEqual(['left', 'right', 'bottom']);
  });

  it('puts a box that overlaps the row above by less than half its height on a row of its own', () => {
    expect(order([box('lower right', 300, 30), box('upper left', 0, 0)])).toEqual(['upper left', 'lower right']);
    expect(order([box('same row right', 300, 10), box('left', 0, 0)])).toEqual(['left', 'same row right']);
  });

  it('reads a grid row by row', () => {
    const grid = [box('d', 200, 200), box('a', 0, 0), box('c', 0, 200), box('b', 200, 0)];
    expect(order(grid)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps a column top to bottom', () => {
    expect(order([box('third', 0, 300), box('first', 0, 0), box('second', 0, 150)])).toEqual([
      'first',
      'second',
      'third',
    ]);
  });
});
