import { HttpError } from './errors';

/**
 * A job the person cancelled. Nobody reads its answer (the connection is gone); it exists so that the work stops
 * where it is and `withAiUnit` refunds the allowance, as for any failure. 499 is the usual "client closed" status.
 */
export const cancelled = () => new HttpError(499, 'cancelled', 'The job was cancelled.');

/**
 * The longest a tool job may run (ADR 0122). Its work runs in short slices (imaging/slices.ts) and each boundary
 * checks the deadline, so a job that runs away (a search that never settles, a service that answers slowly) is
 * stopped and answered in our words instead of holding its request, and the isolate's time, without end.
 */
export const TOOL_DEADLINE_MS = 60_000;

export const tookTooLong = () =>
  new HttpError(
    503,
    'took_too_long',
    `This took longer than ${TOOL_DEADLINE_MS / 1000} seconds, so it was stopped and nothing was kept. Please try again, or with a smaller picture.`,
    {
      'retry-after': '10',
    },
  );

/** `signal` (the person's cancel, if any) joined with the job's deadline. */
export function withDeadline(signal: AbortSignal | undefined, ms = TOOL_DEADLINE_MS): AbortSignal {
  const deadline = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, deadline]) : deadline;
}

const isTimeout = (reason: unknown) => reason instanceof Error && reason.name === 'TimeoutError';

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  throw isTimeout(signal.reason) ? tookTooLong() : cancelled();
}
