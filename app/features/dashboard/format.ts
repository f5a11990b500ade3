import type { DashboardDay } from '../../../core/api/dashboard';

/** Saved meme dates: US English short date with hour and minute (spec §9), e.g. 'Jan 5, 2025, 3:07 PM'. */
export const memeDate = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

/** 'January 2025' for the Member Since card. */
export const memberSince = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone }).format(new Date(iso));

/** Bar heights in percent of the busiest day (AI and downloads stacked); an idle month is all zeros. */
export function barHeights(days: DashboardDay[]): { ai: number; downloads: number }[] {
  const max = Math.max(0, ...days.map((d) => d.ai + d.downloads));
  return days.map((d) => (max === 0 ? { ai: 0, downloads: 0 } : { ai: (d.ai / max) * 100, downloads: (d.downloads / max) * 100 }));
}
