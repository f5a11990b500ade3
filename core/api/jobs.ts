import { z } from './zod';
import { usageLimitSchema } from './usage';

/**
 * Cancel of a streamed AI tool job (ADR 0125): the job's id comes with its first `phase` event, and
 * `DELETE /api/jobs/{id}` refunds its unit at once, exactly once, and answers the allowance as it then stands, so the
 * screen shows the server's count rather than guessing when the running request noticed the cancel.
 */
export const jobIdSchema = z.uuid({ error: 'The job id must be the id the job’s first phase event sent.' });

export const cancelJobResponseSchema = z.object({
  /** True when this call gave the unit back. */
  refunded: z.boolean(),
  /** True when the job had already finished, so its unit stays counted; false when nothing is counted for it. */
  counted: z.boolean(),
  usage: usageLimitSchema,
});
export type CancelJobResponse = z.infer<typeof cancelJobResponseSchema>;
