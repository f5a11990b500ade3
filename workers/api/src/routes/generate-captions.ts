import { generateCaptionsRequestSchema, type GenerateCaptionsResponse } from '../../../../core/api/ai';
import { MAX_JSON_BYTES } from '../../../../core/limits';
import { getAiProvider } from '../ai';
import { toCaptionTemplate } from '../ai/provider';
import { getTemplate } from '../db/templates';
import { HttpError } from '../errors';
import { json, readJson } from '../http';
import { parseWith } from '../validate';

/**
 * POST /api/generate-captions { templateId, context }: caption ideas for a template. Not counted in the daily AI
 * allowance (the router throttles it per visitor); the answer names the provider (the caption bank offline).
 */
export async function postGenerateCaptions(request: Request, env: Env): Promise<Response> {
  const { templateId, context } = parseWith(generateCaptionsRequestSchema, await readJson(request, MAX_JSON_BYTES));
  const template = await getTemplate(env.DB, templateId);
  if (!template) throw new HttpError(404, 'not_found', 'There is no template with that id.');
  const provider = getAiProvider(env);
  const { captions, note } = await provider.suggestCaptions(toCaptionTemplate(template), context);
  const body: GenerateCaptionsResponse = { captions, provider: provider.name, ...(note ? { note } : {}) };
  return json(body);
}
