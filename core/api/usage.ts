import { z } from './zod';

/**
 * The visitor's daily AI allowance. Premium visitors have no cap: `premium` is true and `totalLimit` and
 * `remaining` are null, `canGenerate` true.
 */
export const usageLimitSchema = z.object({
  used: z.number().int().nonnegative(),
  totalLimit: z.number().int().positive().nullable(),
  remaining: z.number().int().nonnegative().nullable(),
  canGenerate: z.boolean(),
  premium: z.boolean(),
  /** When today's count starts again: the next midnight UTC, as an ISO 8601 instant (screens show it in local time). */
  resetsAt: z.string().datetime(),
});
export type UsageLimit = z.infer<typeof usageLimitSchema>;

export { AI_LIMIT_MESSAGE } from '../messages';
