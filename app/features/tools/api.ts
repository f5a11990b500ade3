import { ApiClientError } from '~/lib/api-client';

/**
 * The text to show for a failed call: the server's message when it sent one, else the screen's own sentence
 * (docs/product.md §5.1).
 */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiClientError && err.serverMessage) return err.serverMessage;
  return fallback;
}

export const isQuotaError = (err: unknown) => err instanceof ApiClientError && err.status === 429;

/**
 * An AI job that found nothing to work on (faces, people, a subject): nothing was made and the unit was refunded
 * (core/tools/blur-options.ts NOTHING_FOUND).
 */
export const isNothingFound = (err: unknown) =>
  err instanceof ApiClientError &&
  (err.code === 'no_faces_found' || err.code === 'no_people_found' || err.code === 'no_subject_found');
