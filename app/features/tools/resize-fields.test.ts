import { describe, expect, it } from 'vitest';
import {
  forPicture,
  noEnlargeBox,
  pickPreset,
  planResize,
  sameShape,
  setLock,
  typeSide,
  type ResizeFieldsState,
} from './resize-fields';

const photo = { width: 4000, height: 3000 };
const start: ResizeFieldsState = forPicture(
  { width: 800, height: 600, keep: true, preset: null, fit: null, background: '#ffffff', typed: [] },
  photo,
);

describe('the Resize fields', () => {
  it('with the lock on, typing 1280 then 720 asks for exactly 1280 × 720, filled (cover), never 960 × 720', () => {
    let s = typeSide(start, 'width', 1280, photo);
    expect([s.width, s.height]).toEqual([1280, 960]);
    s = typeSide(s, 'height', 720, photo);
    expect([s.width, s.height]).toEqual([1280, 720]);
    const plan = planResize(s, photo)!;
    expect(plan.choosing).toBe(true);
    expect(plan.target).toEqual({ width: 1280, height: 720, fit: 'cover' });
    expect(plan.fields).toMatchObject({ width: 1280, height: 720, fit: 'cover' });
  });

  it('keeps following the photo while only one side is typed', () => {
    let s = typeSide(start, 'width', 1280, photo);
    s = typeSide(s, 'width', 2000, photo);
    expect([s.width, s.height]).toEqual([2000, 1500]);
    const plan = planResize(s, photo)!;
    expect(plan.choosing).toBe(false);
    expect(plan.target).toMatchObject({ width: 2000, height: 1500 });
  });

  it('unticking the lock never stretches: a box of another shape is filled unless Stretch is chosen', () => {
    let s = setLock(start, false, photo);
    s = typeSide(typeSide(s, 'width', 500, photo), 'height', 500, photo);
    expect(planResize(s, photo)!.target.fit).toBe('cover');
    expect(planResize({ ...s, fit: 'stretch' }, photo)!.target).toEqual({ width: 500, height: 500, fit: 'stretch' });
    expect(planResize({ ...s, fit: 'contain' }, photo)!.fields).toMatchObject({
      fit: 'contain',
      background: '#ffffff',
    });
  });

  it('ticking the lock again gives the box the photo shape from its width', () => {
    const s = typeSide(typeSide(setLock(start, false, photo), 'width', 1000, photo), 'height', 100, photo);
    const locked = setLock(s, true, photo);
    expect([locked.width, locked.height, locked.typed]).toEqual([1000, 750, []]);
  });

  it('a preset sets its box, is filled, and typing a side leaves it', () => {
    const s = pickPreset(start, 'youtube-thumbnail');
    expect(planResize(s, photo)!.target).toEqual({ width: 1280, height: 720, fit: 'cover' });
    expect(planResize(s, photo)!.fields).toMatchObject({
      preset: 'youtube-thumbnail',
      fit: 'cover',
      position: 'smart',
    });
    // Fill names where it crops (ADR 0136: keeping the subject unless Centre is chosen); the other fits send no position.
    expect(planResize({ ...s, position: 'centre' }, photo)!.fields).toMatchObject({ fit: 'cover', position: 'centre' });
    expect(planResize({ ...s, position: 'smart', fit: 'contain' }, photo)!.fields).not.toHaveProperty('position');
    expect(typeSide(s, 'width', 640, photo).preset).toBeNull();
    expect(pickPreset(start, 'no-such-preset')).toBe(start);
  });

  it('tells a box of the photo shape from another, to the pixel rounding allows', () => {
    expect(sameShape({ width: 741, height: 500 }, { width: 320, height: 216 })).toBe(true);
    expect(sameShape({ width: 741, height: 500 }, { width: 320, height: 200 })).toBe(false);
    expect(sameShape({ width: 0, height: 0 }, { width: 320, height: 200 })).toBe(false);
  });

  it('waits for the photo and both sides', () => {
    expect(planResize(start, { width: 0, height: 0 })).toBeNull();
    expect(planResize({ ...start, height: 0 }, photo)).toBeNull();
  });
});

describe('the batch\'s "Don\'t enlarge"', () => {
  it('keeps a small picture its size, and shrinks a large one into the box by its tighter side', () => {
    const box = { width: 800, height: 600 };
    expect(noEnlargeBox(box, { width: 120, height: 90 })).toEqual({ width: 120, height: 90 });
    // 1000 × 200: the width is the tighter side (0.8); the clamped box gives the same 800 × 160 as the full box.
    const wide = noEnlargeBox(box, { width: 1000, height: 200 });
    const scale = Math.min(wide.width / 1000, wide.height / 200);
    expect([Math.round(1000 * scale), Math.round(200 * scale)]).toEqual([800, 160]);
  });
});
