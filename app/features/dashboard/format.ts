import type { DashboardDay } from '../../../core/api/dashboard';

/** Saved meme dates: US English short date with hour and minute (docs/product.md §6), e.g. 'Jan 5, 2025, 3:07 PM'. */
export const memeDate = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

/** 'Dec 27, 2026': the day a share link stops working, in US English like the rest of the dashboard. */
export const linkDate = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(iso));

/** 'January 2025' for the Member Since card. */
export const memberSince = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone }).format(new Date(iso));

/** Bar heights in percent of the busiest day (AI and downloads stacked); an idle month is all zeros. */
export function barHeights(days: DashboardDay[]): { ai: number; downloads: number }[] {
  const max = Math.max(0, ...days.map((d) => d.ai + d.downloads));
  return days.map((d) =>
    max === 0 ? { ai: 0, downloads: 0 } : { ai: (d.ai / max) * 100, downloads: (d.downloads / max) * 100 },
  );
}

/** How much of the monthly fair-use guide is used, in whole percent, 0–100 (a busy month stops at a full bar). */
export const guideShare = (used: number, guide: number) =>
  guide > 0 ? Math.min(100, Math.round((used / guide) * 100)) : 0;

/** 'Dec 1': the first day of the next UTC month, when the monthly count starts again. */
export function nextMonthStart(now: number): string {
  const d = new Date(now);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(first);
}

/** 'Nov 23' for a UTC day (YYYY-MM-DD) of the chart. */
export const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The daily average and the busiest day (AI operations and downloads together) over the chart's days. */
export function trendSummary(days: DashboardDay[]): {
  dailyAverage: number;
  busiest: { day: string; total: number } | null;
} {
  let total = 0;
  let busiest: { day: string; total: number } | null = null;
  for (const d of days) {
    const n = d.ai + d.downloads;
    total += n;
    // Ties go to the most recent day.
    if (n > 0 && (!busiest || n >= busiest.total)) busiest = { day: d.day, total: n };
  }
  return { dailyAverage: days.length ? Math.round((total / days.length) * 10) / 10 : 0, busiest };
}
