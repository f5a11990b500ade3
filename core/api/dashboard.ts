import { z } from './zod';

/** Days in the dashboard's 'Usage Trends' chart, today included. */
export const DASHBOARD_TREND_DAYS = 30;

/**
 * The scale of the 'Usage Analytics' bar: Premium has no cap, so the bar measures a month's AI operations against
 * this fair-use reference ('N of 1,000', docs/product.md §6). Nothing enforces it (ADR 0091).
 */
export const PREMIUM_MONTHLY_AI_GUIDE = 1000;

export const dashboardDaySchema = z.object({
  /** UTC day, YYYY-MM-DD. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  ai: z.number().int().nonnegative(),
  downloads: z.number().int().nonnegative(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** GET /api/dashboard: the member's real figures behind the stat cards and the chart. */
export const dashboardResponseSchema = z.object({
  memberSince: z.string(),
  memesSaved: z.number().int().nonnegative(),
  totals: z.object({
    aiThisMonth: z.number().int().nonnegative(),
    aiAllTime: z.number().int().nonnegative(),
    downloadsThisMonth: z.number().int().nonnegative(),
    downloadsAllTime: z.number().int().nonnegative(),
    /** Calls made with the member's API keys this UTC month, revoked keys included (ADR 0107). */
    apiCallsThisMonth: z.number().int().nonnegative(),
  }),
  /** Exactly DASHBOARD_TREND_DAYS entries, oldest first, zero-filled. */
  trend: z.array(dashboardDaySchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
