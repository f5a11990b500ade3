import { generateCaptionsRequestSchema, type GenerateCaptionsResponse } from '../../../../core/api/ai';
import { MAX_JSON_BYTES } from '../../../../core/limits';
import { getAiProvider } from '../ai';
import { toCaptionTemplate, type CaptionTemplate } from '../ai/provider';
import { readsNearVisitor } from '../db/replica';
import { findTemplate } from '../db/templates';
import { HttpError } from '../errors';
import { json, readJson } from '../http';
import { parseWith } from '../validate';

/** An uploaded picture takes the classic two captions, top and bottom. */
const OWN_PICTURE: CaptionTemplate = { id: 'own-picture', name: 'Your picture', examples: [], boxCount: 2 };

/**
 * POST /api/generate-captions { templateId?, context }: caption ideas for a template, or top/bottom captions for
 * the person's own picture when no template is named. Not counted in the daily AI
 * allowance (the router throttles it per visitor); the answer names the provider (the caption bank offline).
 */
export async function postGenerateCaptions(request: Request, env: Env): Promise<Response> {
  const { templateId, context } = parseWith(generateCaptionsRequestSchema, await readJson(request, MAX_JSON_BYTES));
  const template = templateId ? await findTemplate(readsNearVisitor(env).db, templateId) : null;
  if (templateId && !template) throw new HttpError(404, 'not_found', 'There is no template with that id.');
  const provider = getAiProvider(env);
  const { captions, note } = await provider.suggestCaptions(template ? toCaptionTemplate(template) : OWN_PICTURE, context);
  const body: GenerateCaptionsResponse = { captions, provider: provider.name, ...(note ? { note } : {}) };
  return json(body);
}
