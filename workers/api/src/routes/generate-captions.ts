import { generateCaptionsRequestSchema, type GenerateCaptionsResponse } from '../../../../core/api/ai';
import { MAX_JSON_BYTES } from '../../../../core/limits';
import { getAiProvider } from '../ai';
import { toCaptionTemplate, type CaptionTemplate } from '../ai/provider';
import { readsNearVisitor } from '../db/replica';
import { findTemplate } from '../db/templates';
import { HttpError } from '../errors';
import type { RequestContext } from '../identity/request-context';
import { json, readJson } from '../http';
import { parseWith } from '../validate';
import { captionPicture } from './caption-picture';

/** An uploaded picture takes the classic two captions, top and bottom. */
const OWN_PICTURE: CaptionTemplate = { id: 'own-picture', name: 'Your picture', examples: [], boxCount: 2 };

/**
 * POST /api/generate-captions { templateId?, imageUrl?, context }: caption ideas for a template, or top/bottom
 * captions for the person's own picture when no template is named, about what it shows when its `imageUrl` is
 * sent. Not counted in the daily AI allowance (the router throttles it per visitor); the answer names the provider
 * and says whether a model wrote the captions (the caption bank offline).
 */
export async function postGenerateCaptions(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  requestContext: RequestContext,
): Promise<Response> {
  const { templateId, imageUrl, context } = parseWith(
    generateCaptionsRequestSchema,
    await readJson(request, MAX_JSON_BYTES),
  );
  const template = templateId ? await findTemplate(readsNearVisitor(env).db, templateId) : null;
  if (templateId && !template) throw new HttpError(404, 'not_found', 'There is no template with that id.');
  const picture = imageUrl ? await captionPicture(env, imageUrl, requestContext.billed.bill) : undefined;
  const provider = getAiProvider(env, requestContext.billed.bill);
  const { captions, source, note } = await provider.suggestCaptions(
    template ? toCaptionTemplate(template) : OWN_PICTURE,
    context,
    picture,
  );
  const body: GenerateCaptionsResponse = { captions, provider: provider.name, source, ...(note ? { note } : {}) };
  return json(body);
}
