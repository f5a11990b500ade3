import { securityFieldsSchema } from '../../../../../core/api/tools';
import type { RequestContext } from '../../identity/request-context';
import { withFiles } from '../../imaging/engine';
import { answerTool } from './answer';
import { parseWith } from '../../validate';
import { readPicture } from './input';

/** POST /api/security: watermark (text or a `logo` file, at a place or tiled), blur/pixelate areas, or remove private metadata. */
export async function postSecurity(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const { picture, fields, files } = await readPicture(request);
  // A watermark's `logo` file is checked and read before any work (ADR 0163); blurring faces, people or the
  // background spends one unit of the daily AI allowance (answer.ts reads that from the operation's record).
  const parsed = await withFiles(parseWith(securityFieldsSchema, fields), files);
  return answerTool(request, env, ctx, context, { picture, fields: parsed });
}
