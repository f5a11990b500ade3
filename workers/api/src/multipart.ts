import type { z } from 'zod';
import { UPLOAD_TOO_LARGE_MESSAGE } from '../../../core/api/images';
import { fieldName } from '../../../core/api/issues';
import { MAX_REQUEST_BYTES, MAX_UPLOAD_BYTES } from '../../../core/limits';
import { HttpError } from './errors';
import { readBodyLimited } from './http';
import { parseWith } from './validate';

/** One form field's value (what FormData holds). */
type FormValue = File | string;

const tooLarge = () => new HttpError(413, 'payload_too_large', UPLOAD_TOO_LARGE_MESSAGE);

/**
 * Reads a multipart form of bounded size and validates it with a zod schema from core/. A body over the limit is
 * refused while streaming (or from its declared length) with the upload message; a file field over
 * MAX_UPLOAD_BYTES likewise. Missing, empty or wrong fields are 400 with the schema's message.
 */
export async function readMultipart<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBodyBytes = MAX_REQUEST_BYTES, maxFileBytes = MAX_UPLOAD_BYTES } = {},
): Promise<z.infer<S>> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new HttpError(400, 'bad_request', 'Please send the image as multipart/form-data.');
  }
  let body: Uint8Array;
  try {
    body = await readBodyLimited(request, maxBodyBytes);
  } catch (err) {
    if (err instanceof HttpError && err.status === 413) throw tooLarge();
    throw err;
  }
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'bad_request', 'The form data could not be read. Please try again.');
  }
  const fields: Record<string, FormValue | FormValue[]> = {};
  for (const [name, value] of form.entries()) {
    if (value instanceof File && value.size > maxFileBytes) throw tooLarge();
    // An empty part means nothing: coerced, it would quietly become 0 (a crop at x=0, a watermark at opacity 0).
    if (value === '')
      throw new HttpError(
        400,
        'validation_failed',
        `${fieldName([name]) || 'A form field'} is empty. Leave it out or give it a value.`,
      );
    const previous = fields[name];
    fields[name] = previous === undefined ? value : ([] as FormValue[]).concat(previous, value);
  }
  return parseWith(schema, fields);
}

/** The bytes of an uploaded file. */
export async function fileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}
