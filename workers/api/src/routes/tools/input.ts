/** The first steps of every tool route: read the upload, probe its header before anything else, validate the fields. */
import type { z } from 'zod';
import { HttpError } from '../../errors';
import { type Picture, probe } from '../../imaging/engine';
import { readImageUpload } from './deps';

export async function readPicture(request: Request): Promise<{ picture: Picture; fields: Record<string, string> }> {
  const upload = await readImageUpload(request);
  return { picture: probe(upload.bytes), fields: upload.fields };
}

/** Validates form fields; the first problem becomes a 400 whose message says what to fix. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new HttpError(400, 'validation_failed', `${where}${issue?.message ?? 'Invalid input.'}`);
}
