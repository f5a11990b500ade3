import { modifyFieldsSchema } from '../../../../../core/api/tools';
import { answerTool } from './answer';
import { parseWith } from '../../validate';
import { readPicture } from './input';

/** POST /api/modify: resize (presets, fit, aspect ratio), crop, rotate/flip, and compress for batches. */
export async function postModify(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const { picture, fields } = await readPicture(request);
  const parsed = parseWith(modifyFieldsSchema, fields);
  return answerTool(request, env, ctx, { picture, fields: parsed, metered: false });
}
