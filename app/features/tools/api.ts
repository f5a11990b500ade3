import type { ToolResult } from '../../../core/api/tools';
import { ApiClientError, sendForm } from '~/lib/api-client';

/** One multipart call to a tool route: the image plus string fields. */
export function postTool(path: string, file: File, fields: Record<string, string | number | boolean>): Promise<ToolResult> {
  const form = new FormData();
  form.set('image', file);
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  return sendForm<ToolResult>(path, form);
}

/** The text to show for a failed call: the server's message when it sent one, else the spec's fallback. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiClientError && err.serverMessage) return err.serverMessage;
  return fallback;
}

export const isQuotaError = (err: unknown) => err instanceof ApiClientError && err.status === 429;
