import type { z } from 'zod';
import { describeIssue } from '../../../core/api/issues';
import { HttpError } from './errors';

/**
 * The one request validator (ADR 0111): parses input (a JSON body, form fields, a query or a path parameter) with a
 * schema from core/; the first problem becomes a 400 `validation_failed` whose message names the field in words.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new HttpError(400, 'validation_failed', describeIssue(parsed.error.issues[0]));
  return parsed.data;
}
