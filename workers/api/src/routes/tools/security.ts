import { securityFieldsSchema } from '../../../../../core/api/tools';
import type { RequestContext } from '../../identity/request-context';
import { answerTool } from './answer';
import { parseWith } from '../../validate';
import { readPicture } from './input';

/** POST /api/security: watermark, blur/pixelate areas, or remove private metadata. */
export async function postSecurity(request: Request, env: Env, ctx: ExecutionContext, context: RequestContext): Promise<Response> {
  const { picture, fields } = await readPicture(request);
  const parsed = parseWith(securityFieldsSchema, fields);
  // Faces, people and background need the AI provider: one unit of the daily allowance, refunded on failure.
  const metered = parsed.operation === 'blur' && parsed.method !== 'selective';
  return answerTool(request, env, ctx, context, { picture, fields: parsed, metered });
}
