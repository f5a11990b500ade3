import { modifyFieldsSchema } from '../../../../../core/api/tools';
import type { RequestContext } from '../../identity/request-context';
import { answerTool } from './answer';
import { parseWith } from '../../validate';
import { readPicture } from './input';

/** POST /api/modify: resize (presets, fit, aspect ratio), crop, rotate/flip, and compress for batches. */
export async function postModify(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const { picture, fields } = await readPicture(request);
  const parsed = parseWith(modifyFieldsSchema, fields);
  return answerTool(request, env, ctx, context, { picture, fields: parsed });
}
