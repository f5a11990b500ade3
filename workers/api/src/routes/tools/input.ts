/** The first steps of every tool route: read the upload and take it in by the rule every route shares (ADR 0012). */
import { intake, readsPixels, type Picture } from '../../imaging/engine';
import { HttpError } from '../../errors';
import { readImageUpload } from './deps';

/**
 * `frames`, which every tool route takes beside its own fields (ADR 0137): `all` (the default) keeps an animation's
 * frames where the tool can, `first` works on its first frame only.
 */
export function firstFrameOnly(fields: Record<string, string>): boolean {
  const frames = fields.frames ?? 'all';
  if (frames !== 'all' && frames !== 'first')
    throw new HttpError(400, 'validation_failed', 'frames must be all or first.');
  return frames === 'first';
}

/**
 * `pixels`: whether the route works on the picture's pixels next. Then intake's decode is handed to the operation
 * rather than worked out twice (ADR 0203); metadata analysis, and an operation whose record says it reads only the
 * file (privacy removal), do not keep it.
 */
export async function readPicture(
  request: Request,
  { pixels = true }: { pixels?: boolean } = {},
): Promise<{ picture: Picture; fields: Record<string, string>; files: Record<string, File> }> {
  const upload = await readImageUpload(request);
  const first = firstFrameOnly(upload.fields);
  const picture = await intake(upload.bytes, { keepPixels: pixels && readsPixels(upload.fields.operation) });
  return {
    picture: first ? { ...picture, firstFrameOnly: true } : picture,
    fields: upload.fields,
    files: upload.files,
  };
}
