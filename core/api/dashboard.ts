import { z } from './zod';

// In core/limits.ts, zod-free for the pricing page and the dashboard's screens (ADR 0195).
export { DASHBOARD_TREND_DAYS, PREMIUM_MONTHLY_AI_GUIDE } from '../limits';

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
