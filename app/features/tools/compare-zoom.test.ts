import { describe, expect, it } from 'vitest';
import { centred, dividerInPicture } from './compare-zoom';

describe('the comparison at 100%', () => {
  it('cuts the picture where the divider stands in the panned window', () => {
    // A 4,000 px photo seen through a 600 px window scrolled to 1,700 px: the middle of the window is pixel 2,000.
    expect(dividerInPicture(50, 1700, 600, 4000)).toBe(2000);
    expect(dividerInPicture(0, 1700, 600, 4000)).toBe(1700);
    expect(dividerInPicture(100, 3400, 600, 4000)).toBe(4000);
  });

  it('never cuts outside a picture narrower than its window', () => {
    expect(dividerInPicture(100, 0, 600, 320)).toBe(320);
    expect(dividerInPicture(0, 0, 600, 320)).toBe(0);
  });

  it('opens on the middle of the picture, or its start when it fits', () => {
    expect(centred(4000, 600)).toBe(1700);
    expect(centred(320, 600)).toBe(0);
  });
});
