import { describe, expect, it } from 'vitest';
import { barHeights, memberSince, memeDate } from './format';

describe('dashboard formatting', () => {
  it('shows meme dates in US English with hour and minute', () => {
    expect(memeDate('2025-01-05T15:07:00Z', 'UTC')).toBe('Jan 5, 2025, 3:07 PM');
    expect(memberSince('2025-01-31T23:00:00Z', 'UTC')).toBe('January 2025');
  });
  it('scales bars to the busiest day', () => {
    const days = [
      { day: '2025-01-01', ai: 2, downloads: 2 },
      { day: '2025-01-02', ai: 1, downloads: 0 },
    ];
    expect(barHeights(days)).toEqual([
      { ai: 50, downloads: 50 },
      { ai: 25, downloads: 0 },
    ]);
    expect(barHeights([{ day: '2025-01-01', ai: 0, downloads: 0 }])).toEqual([{ ai: 0, downloads: 0 }]);
  });
});
