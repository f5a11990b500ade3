import { ApiClientError } from '~/lib/api-client';

/** What the account page's parts share: how a date and a failure read, a section's heading and a list's row. */
export const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
export const wordsOf = (err: unknown) =>
  err instanceof ApiClientError && err.serverMessage ? err.serverMessage : 'That did not work. Please try again.';
export const heading = 'text-lg font-semibold text-slate-900 dark:text-white';
export const row = 'flex flex-wrap items-center justify-between gap-2 py-2';
