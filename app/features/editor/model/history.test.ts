import { describe, expect, it } from 'vitest';
import { HISTORY_MAX_SNAPSHOTS } from '../../../../core/limits';
import { History } from './history';

describe('History', () => {
  it('skips a snapshot equal to the current one', () => {
    const h = new History();
    expect(h.push('a')).toBe(true);
    expect(h.push('a')).toBe(false);
    expect(h.size).toBe(1);
    expect(h.canUndo).toBe(false);
  });

  it('undoes and redoes in order', () => {
    const h = new History();
    h.push('a');
    h.push('b');
    h.push('c');
    expect(h.undo()).toBe('b');
    expect(h.undo()).toBe('a');
    expect(h.undo()).toBeUndefined();
    expect(h.redo()).toBe('b');
    expect(h.redo()).toBe('c');
    expect(h.redo()).toBeUndefined();
  });

  it('clears the redo branch when a new edit follows an undo', () => {
    const h = new History();
    h.push('a');
    h.push('b');
    h.undo();
    expect(h.canRedo).toBe(true);
    h.push('x');
    expect(h.canRedo).toBe(false);
    expect(h.undo()).toBe('a');
    expect(h.redo()).toBe('x');
  });

  it(`keeps at most ${HISTORY_MAX_SNAPSHOTS} snapshots, dropping the oldest`, () => {
    const h = new History();
    for (let i = 0; i < HISTORY_MAX_SNAPSHOTS + 5; i++) h.push(`s${i}`);
    expect(h.size).toBe(HISTORY_MAX_SNAPSHOTS);
    let last: string | undefined;
    while (h.canUndo) last = h.undo();
    expect(last).toBe('s5');
  });

  it('reset starts over from one snapshot', () => {
    const h = new History();
    h.push('a');
    h.push('b');
    h.reset('t');
    expect(h.size).toBe(1);
    expect(h.canUndo).toBe(false);
    expect(h.current).toBe('t');
  });
});
