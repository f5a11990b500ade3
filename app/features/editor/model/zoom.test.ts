import { describe, expect, it } from 'vitest';
import { nextZoom, zoomToFit } from './zoom';

describe('zoom', () => {
  it('fits the canvas in its room by the tighter side and never enlarges', () => {
    expect(zoomToFit({ width: 1000, height: 800 }, { width: 500, height: 600 })).toBe(0.5);
    expect(zoomToFit({ width: 1000, height: 800 }, { width: 2000, height: 400 })).toBe(0.5);
    expect(zoomToFit({ width: 400, height: 300 }, { width: 2000, height: 2000 })).toBe(1);
    expect(zoomToFit({ width: 400, height: 300 }, { width: 0, height: 0 })).toBe(1);
  });

  it('steps in and out from any scale, stopping at the ends', () => {
    expect(nextZoom('in', 0.62)).toBe(0.67);
    expect(nextZoom('out', 0.62)).toBe(0.5);
    expect(nextZoom('in', 1)).toBe(1.25);
    expect(nextZoom('out', 1)).toBe(0.75);
    expect(nextZoom('in', 4)).toBe(4);
    expect(nextZoom('out', 0.1)).toBe(0.1);
    expect(nextZoom('actual', 0.3)).toBe(1);
    expect(nextZoom('fit', 2)).toBe('fit');
  });
});
