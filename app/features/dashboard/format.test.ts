import { describe, expect, it } from 'vitest';
import {
  barHeights,
  guideShare,
  linkDate,
  memberSince,
  memeDate,
  nextMonthStart,
  shortDay,
  trendSummary,
} from './format';

describe('dashboard formatting', () => {
  it('shows meme dates in US English with hour and minute', () => {
    expect(memeDate('2025-01-05T15:07:00Z', 'UTC')).toBe('Jan 5, 2025, 3:07 PM');
    expect(memberSince('2025-01-31T23:00:00Z', 'UTC')).toBe('January 2025');
    expect(linkDate('2026-12-27T23:30:00Z', 'UTC')).toBe('Dec 27, 2026');
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
  it('fills the usage bar in whole percent of the guide and stops at full', () => {
    expect(guideShare(0, 1000)).toBe(0);
    expect(guideShare(245, 1000)).toBe(25);
    expect(guideShare(4, 1000)).toBe(0);
    expect(guideShare(1500, 1000)).toBe(100);
    expect(guideShare(3, 0)).toBe(0);
  });
  it('names the day the monthly count starts again, across a year end', () => {
    expect(nextMonthStart(Date.UTC(2026, 10, 23, 13))).toBe('Dec 1');
    expect(nextMonthStart(Date.UTC(2026, 11, 31, 23, 59))).toBe('Jan 1');
    expect(shortDay('2026-11-03')).toBe('Nov 3');
  });
  it('summarises the trend: daily average to one decimal, busiest day with ties to the latest', () => {
    const days = [
      { day: '2026-11-01', ai: 3, downloads: 1 },
      { day: '2026-11-02', ai: 0, downloads: 0 },
      { day: '2026-11-03', ai: 2, downloads: 2 },
    ];
    expect(trendSummary(days)).toEqual({ dailyAverage: 2.7, busiest: { day: '2026-11-03', total: 4 } });
    expect(trendSummary([{ day: '2026-11-01', ai: 0, downloads: 0 }])).toEqual({ dailyAverage: 0, busiest: null });
  });
});
