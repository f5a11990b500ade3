import { optimizeFieldsSchema } from '../../../../../core/api/tools';
import { withVisitorCookie } from '../../identity/visitor';
import { runFields } from '../../imaging/engine';
import { quotaSubjectOf, withAiUnit } from '../../quota';
import { engineServices } from './deps';
import { parseFields, readPicture } from './input';
import { respondWithImage } from './respond';

/** POST /api/optimize: compress (quality, auto, targetBytes), or upscale / remove-background through the AI provider. */
export async function postOptimize(request: Request, env: Env): Promise<Response> {
  const { picture, fields } = await readPicture(request);
  const parsed = parseFields(optimizeFieldsSchema, fields);
  const work = async () => respondWithImage(env, await runFields(picture, parsed, engineServices(env)));
  if (parsed.operation === 'compress') return work();
  // Upscale and background removal spend one unit of the daily AI allowance, refunded if anything fails.
  const { subject, visitor } = await quotaSubjectOf(request, env);
  return withVisitorCookie(await withAiUnit(env, subject, work), visitor);
}
