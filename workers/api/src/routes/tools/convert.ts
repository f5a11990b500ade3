import { convertFieldsSchema } from '../../../../../core/api/tools';
import { runFields } from '../../imaging/engine';
import { engineServices } from './deps';
import { parseFields, readPicture } from './input';
import { respondWithImage } from './respond';

/** POST /api/convert: jpeg, png, webp, bmp, tiff. Metadata is never carried over; alpha is flattened onto white where needed. */
export async function postConvert(request: Request, env: Env): Promise<Response> {
  const { picture, fields } = await readPicture(request);
  const parsed = parseFields(convertFieldsSchema, fields);
  return respondWithImage(env, await runFields(picture, parsed, engineServices(env)));
}
