import type { z } from 'zod';
import { HttpError } from './errors';

/** Validates input with a schema from core/; the first issue's message becomes the 400 answer. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 && issue.code !== 'custom' ? ` (${issue.path.join('.')})` : '';
    throw new HttpError(400, 'validation_failed', `${issue?.message ?? 'The request is not valid.'}${where}`);
  }
  return parsed.data;
}
