import { convertFieldsSchema } from '../../../../../core/api/tools';
import { answerTool } from './answer';
import { parseWith } from '../../validate';
import { readPicture } from './input';

/** POST /api/convert: jpeg, png, webp, bmp, tiff. Metadata is never carried over; alpha is flattened onto white where needed. */
export async function postConvert(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const { picture, fields } = await readPicture(request);
  const parsed = parseWith(convertFieldsSchema, fields);
  return answerTool(request, env, ctx, { picture, fields: parsed, metered: false });
}
