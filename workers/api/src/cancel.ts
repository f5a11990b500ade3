import { HttpError } from './errors';

/**
 * A job the person cancelled. Nobody reads its answer (the connection is gone); it exists so that the work stops
 * where it is and `withAiUnit` refunds the allowance, as for any failure. 499 is the usual "client closed" status.
 */
export const cancelled = () => new HttpError(499, 'cancelled', 'The job was cancelled.');

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelled();
}
