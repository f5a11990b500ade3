import { describe, expect, it } from 'vitest';
import { templateOfTheDayIndex } from './template-of-the-day';

describe('template of the day', () => {
  it('stays the same from the first to the last millisecond of a UTC day', () => {
    const first = templateOfTheDayIndex(54, new Date('2026-03-10T00:00:00.000Z'));
    expect(templateOfTheDayIndex(54, new Date('2026-03-10T12:34:56.000Z'))).toBe(first);
    expect(templateOfTheDayIndex(54, new Date('2026-03-10T23:59:59.999Z'))).toBe(first);
  });

  it('changes on the next UTC day and over a whole month never repeats the day before', () => {
    const a = templateOfTheDayIndex(54, new Date('2026-03-10T23:59:59.999Z'));
    const b = templateOfTheDayIndex(54, new Date('2026-03-11T00:00:00.000Z'));
    expect(b).not.toBe(a);
    for (let d = 1; d < 31; d += 1) {
      const day = (n: number) => templateOfTheDayIndex(54, new Date(Date.UTC(2026, 0, n, 6)));
      expect(day(d + 1)).not.toBe(day(d));
    }
  });

  it('stays inside the catalog and answers -1 for an empty one', () => {
    const i = templateOfTheDayIndex(7, new Date('2030-01-01T00:00:00Z'));
    expect(i).toBeGreaterThanOrEqual(0);
    expect(i).toBeLessThan(7);
    expect(templateOfTheDayIndex(0, new Date())).toBe(-1);
  });
});
