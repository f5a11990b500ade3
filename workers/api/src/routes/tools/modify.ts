import { modifyFieldsSchema } from '../../../../../core/api/tools';
import { runFields } from '../../imaging/engine';
import { engineServices } from './deps';
import { parseFields, readPicture } from './input';
import { respondWithImage } from './respond';

/** POST /api/modify: resize (presets, fit, aspect ratio), crop, rotate/flip, and compress for batches. */
export async function postModify(request: Request, env: Env): Promise<Response> {
  const { picture, fields } = await readPicture(request);
  const parsed = parseFields(modifyFieldsSchema, fields);
  return respondWithImage(env, await runFields(picture, parsed, engineServices(env)));
}
