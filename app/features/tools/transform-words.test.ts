import { describe, expect, it } from 'vitest';
import { transformWords } from './transform-words';

describe('transformWords', () => {
  it('names a turn as the buttons do: a left turn is "90° left", never "270°"', () => {
    expect(transformWords(270, 'none')).toBe('Turned 90° left, not flipped');
    expect(transformWords(90, 'horizontal')).toBe('Turned 90° right, flipped horizontally');
    expect(transformWords(180, 'vertical')).toBe('Turned 180°, flipped vertically');
    expect(transformWords(0, 'none')).toBe('Not turned, not flipped');
  });
});
