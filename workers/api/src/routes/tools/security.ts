import { securityFieldsSchema } from '../../../../../core/api/tools';
import { withVisitorCookie } from '../../identity/visitor';
import { runFields } from '../../imaging/engine';
import { quotaSubjectOf, withAiUnit } from '../../quota';
import { engineServices } from './deps';
import { parseFields, readPicture } from './input';
import { respondWithImage } from './respond';

/** POST /api/security: watermark, blur/pixelate areas, or remove private metadata. */
export async function postSecurity(request: Request, env: Env): Promise<Response> {
  const { picture, fields } = await readPicture(request);
  const parsed = parseFields(securityFieldsSchema, fields);
  const work = async () => respondWithImage(env, await runFields(picture, parsed, engineServices(env)));
  if (parsed.operation !== 'blur' || parsed.method === 'selective') return work();
  // Faces, people and background need the AI provider: one unit of the daily allowance, refunded on failure.
  const { subject, visitor } = await quotaSubjectOf(request, env);
  return withVisitorCookie(await withAiUnit(env, subject, work), visitor);
}
