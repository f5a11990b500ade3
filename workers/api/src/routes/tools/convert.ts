import { convertFieldsSchema } from '../../../../../core/api/tools';
import type { RequestContext } from '../../identity/request-context';
import { answerTool } from './answer';
import { parseWith } from '../../validate';
import { readPicture } from './input';

/** POST /api/convert: jpeg, png, webp, bmp, tiff. Metadata is never carried over; alpha is flattened onto white where needed. */
export async function postConvert(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const { picture, fields } = await readPicture(request);
  const parsed = parseWith(convertFieldsSchema, fields);
  return answerTool(request, env, ctx, context, { picture, fields: parsed });
}
