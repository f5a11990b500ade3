import { optimizeFieldsSchema } from '../../../../../core/api/tools';
import { acceptFromHeader } from '../../../../../core/tools/compress';
import type { RequestContext } from '../../identity/request-context';
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
  // `format=auto` chooses among what the caller accepts: its `accept` field, else the image types its Accept names (ADR 0135).
  const accept =
    fields.operation === 'compress' && fields.accept === undefined
      ? acceptFromHeader(request.headers.get('accept'))
      : undefined;
  const parsed = parseWith(optimizeFieldsSchema, accept ? { ...fields, accept } : fields);
  // Upscale and background removal spend one unit of the daily AI allowance, refunded if anything fails.
  return answerTool(request, env, ctx, context, { picture, fields: parsed, metered: parsed.operation !== 'compress' });
}
