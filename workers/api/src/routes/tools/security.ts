import { securityFieldsSchema } from '../../../../../core/api/tools';
import { watermarkMarkProblem } from '../../../../../core/tools/watermark';
import { HttpError } from '../../errors';
import type { RequestContext } from '../../identity/request-context';
import { readLogo } from '../../imaging/engine';
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
  const parsed = parseWith(securityFieldsSchema, fields);
  if (parsed.operation === 'watermark') {
    // The mark is the text or the logo file, exactly one; the logo is checked before any work (ADR 0163).
    const problem = watermarkMarkProblem(parsed.text, files.logo !== undefined);
    if (problem) throw new HttpError(400, 'validation_failed', problem);
    // The schema only describes `logo` for the API document; the file itself is read here.
    const { logo: _described, ...watermark } = parsed;
    const logo = files.logo ? await readLogo(files.logo) : undefined;
    return answerTool(request, env, ctx, context, {
      picture,
      fields: { ...watermark, ...(logo ? { logo } : {}) },
      metered: false,
    });
  }
  // Faces, people and background need the AI provider: one unit of the daily allowance, refunded on failure.
  const metered = parsed.operation === 'blur' && parsed.method !== 'selective';
  return answerTool(request, env, ctx, context, { picture, fields: parsed, metered });
}
