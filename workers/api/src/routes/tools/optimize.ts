import { optimizeFieldsSchema } from '../../../../../core/api/tools';
import type { RequestContext } from '../../identity/request-context';
import { headerFields } from '../../imaging/engine';
import { answerTool } from './answer';
import { parseWith } from '../../validate';
import { readPicture } from './input';

/** POST /api/optimize: compress (quality, auto, targetBytes), or upscale / remove-background through the AI provider. */
export async function postOptimize(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const { picture, fields } = await readPicture(request);
  // Compress's `format=auto` chooses among what the caller accepts: its `accept` field, else the image types its
  // Accept names (ADR 0135). Upscale and background removal spend one unit of the daily AI allowance (answer.ts).
  const parsed = parseWith(optimizeFieldsSchema, { ...fields, ...headerFields(fields, request.headers) });
  return answerTool(request, env, ctx, context, { picture, fields: parsed });
}
