/**
 * The picture of a multipart request, sent as the `image` file or named by `url` (ADR 0131): exactly one of the two.
 * Either way the caller gets bytes for the one intake (ADR 0012) and the form's other fields as text; an address is
 * fetched only once the form is known to be sound, and nothing is stored here.
 */
import { z } from '../../../../core/api/zod';
import {
  BOTH_SOURCES_MESSAGE,
  EMPTY_FILE_MESSAGE,
  MISSING_SOURCE_MESSAGE,
  sourceUrlSchema,
} from '../../../../core/api/images';
import { HttpError } from '../errors';
import { fileBytes, readMultipart } from '../multipart';
import { fetchSource } from './fetch-source';

export interface PictureForm {
  bytes: Uint8Array;
  filename: string;
  /** Every other form field, as sent (`image` and `url` left out). */
  fields: Record<string, string>;
  /** Other file parts by name (a watermark's `logo`); the route that takes one reads it, the others ignore it. */
  files: Record<string, File>;
  /** Where the bytes came from. */
  source: 'file' | 'url';
}

const pictureFormSchema = z
  .object({
    image: z
      .instanceof(File, { error: MISSING_SOURCE_MESSAGE })
      .refine((f) => f.size > 0, EMPTY_FILE_MESSAGE)
      .optional(),
    url: sourceUrlSchema.optional(),
  })
  .catchall(z.unknown());

export async function readPictureForm(request: Request): Promise<PictureForm> {
  const { image, url, ...rest } = await readMultipart(request, pictureFormSchema);
  const fields: Record<string, string> = {};
  const files: Record<string, File> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (typeof value === 'string') fields[key] = value;
    else if (value instanceof File) files[key] = value;
  }
  if (image && url !== undefined) throw new HttpError(400, 'bad_request', BOTH_SOURCES_MESSAGE);
  if (image) return { bytes: await fileBytes(image), filename: image.name, fields, files, source: 'file' };
  if (url === undefined) throw new HttpError(400, 'validation_failed', MISSING_SOURCE_MESSAGE);
  const fetched = await fetchSource(url);
  return { ...fetched, fields, files, source: 'url' };
}
