import { describe, expect, it } from 'vitest';
import { commitField, readField, readPixels } from './crop-fields';

const photo = { width: 4032, height: 3024 };
const whole = { x: 0, y: 0, width: 4032, height: 3024 };

/** Types text into one field the way the panel does: live while it fits, committed on Enter or leaving. */
function typeThenCommit(box: typeof whole, k: 'x' | 'y' | 'width' | 'height', text: string, ratio: number | null) {
  let b = box;
  for (let i = 1; i <= text.length; i++) {
    const r = readField(b, k, text.slice(0, i), photo, ratio);
    if (r.live) b = r.live;
  }
  const v = readPixels(text);
  return v === null ? b : commitField(b, k, v, photo, ratio);
}

describe('crop fields', () => {
  it('reads only whole numbers; an empty or partial entry waits with a hint and moves nothing', () => {
    expect(readPixels('500')).toBe(500);
    expect(readPixels('')).toBeNull();
    expect(readPixels('-')).toBeNull();
    expect(readPixels('12.5')).toBeNull();
    expect(readField(whole, 'width', '', photo, null)).toEqual({
      live: null,
      hint: 'Type a whole number of pixels from 8 to 4032.',
    });
  });

  it('moves the box while typing a number that fits, and waits with a hint for one that does not', () => {
    expect(readField({ ...whole, width: 1000 }, 'x', '500', photo, null)).toEqual({
      live: { x: 500, y: 0, width: 1000, height: 3024 },
      hint: null,
    });
    // The "2" of 2000 is below the minimum: nothing changes yet, and nothing is clamped to 8.
    const two = readField(whole, 'width', '2', photo, null);
    expect(two.live).toBeNull();
    expect(two.hint).toMatch(/^Crop width is at least 8 px\./);
    const far = readField(whole, 'x', '500', photo, null);
    expect(far.live).toBeNull();
    expect(far.hint).toBe(
      "Left (x) 500 plus Crop width 4032 goes past the picture's right edge (4032 px). Press Enter or leave the field to use 3532 × 3024 at Left 500, Top 0.",
    );
    expect(readField(whole, 'width', '82000', photo, null).hint).toMatch(
      /^Crop width is at most 4032 px on this 4032 × 3024 picture\./,
    );
  });

  it('keeps Left and Top typed before the size: 500, 1000, 2000, 1500 is exactly that box', () => {
    let b = typeThenCommit(whole, 'x', '500', null);
    expect(b).toEqual({ x: 500, y: 0, width: 3532, height: 3024 });
    b = typeThenCommit(b, 'y', '1000', null);
    expect(b).toEqual({ x: 500, y: 1000, width: 3532, height: 2024 });
    b = typeThenCommit(b, 'width', '2000', null);
    b = typeThenCommit(b, 'height', '1500', null);
    expect(b).toEqual({ x: 500, y: 1000, width: 2000, height: 1500 });
  });

  it('fits a committed number that does not fit: a size moves its offset, a too large number is the most there is', () => {
    const at = { x: 3000, y: 2000, width: 500, height: 500 };
    expect(commitField(at, 'width', 2000, photo, null)).toEqual({ x: 2032, y: 2000, width: 2000, height: 500 });
    expect(commitField(at, 'width', 82000, photo, null)).toEqual({ x: 0, y: 2000, width: 4032, height: 500 });
    expect(commitField(at, 'height', 3, photo, null)).toEqual({ x: 3000, y: 2000, width: 500, height: 8 });
    expect(commitField(at, 'x', 9000, photo, null)).toEqual({ x: 4024, y: 2000, width: 8, height: 500 });
    expect(commitField(at, 'y', -20, photo, null)).toEqual({ x: 3000, y: 0, width: 500, height: 500 });
  });

  it('names the edge a ratio pushes the height past', () => {
    const low = { x: 0, y: 2000, width: 800, height: 450 };
    expect(readField(low, 'width', '3200', photo, 16 / 9).hint).toMatch(
      /^Top \(y\) 2000 plus Crop height 1800 goes past the picture's bottom edge \(3024 px\)\./,
    );
  });

  it('keeps a ratio from the width, and within the picture', () => {
    expect(typeThenCommit(whole, 'width', '320', 16 / 9)).toEqual({ x: 0, y: 0, width: 320, height: 180 });
    const wide = commitField(whole, 'width', 9000, photo, 1);
    expect(wide).toEqual({ x: 0, y: 0, width: 3024, height: 3024 });
    const square = { x: 0, y: 0, width: 2000, height: 2000 };
    expect(commitField(square, 'y', 2000, photo, 1)).toEqual({ x: 0, y: 2000, width: 1024, height: 1024 });
    expect(commitField(square, 'x', 3000, photo, 1)).toEqual({ x: 3000, y: 0, width: 1032, height: 1032 });
  });
});
