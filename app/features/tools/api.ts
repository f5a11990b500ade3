import type { ToolResult } from '../../../core/api/tools';
import { ApiClientError } from '~/lib/api-client';
import { api, call, multipart } from '~/lib/api/client';

/** One multipart call to a tool route: the image plus string fields. */
export function postTool(path: '/api/optimize' | '/api/modify' | '/api/convert' | '/api/security', file: File, fields: Record<string, string | number | boolean>): Promise<ToolResult> {
  const form = new FormData();
  form.set('image', file);
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  // Without `Accept: text/event-stream` the answer is the JSON one.
  return call(api.POST(path, { body: multipart(form) })) as Promise<ToolResult>;
}

/**
 * The text to show for a failed call: the server's message when it sent one, else the screen's own sentence
 * (docs/product.md §5.1).
 */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiClientError && err.serverMessage) return err.serverMessage;
  return fallback;
}

export const isQuotaError = (err: unknown) => err instanceof ApiClientError && err.status === 429;

/** Blur of faces or people that found nobody: nothing was blurred and the unit was refunded (core/tools/blur.ts). */
export const isNothingFound = (err: unknown) => err instanceof ApiClientError && (err.code === 'no_faces_found' || err.code === 'no_people_found');
