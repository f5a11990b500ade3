import { generateCaptionsRequestSchema, type GenerateCaptionsResponse } from '../../../../core/api/ai';
import { CAPTION_REQUESTS_PER_MINUTE, MAX_JSON_BYTES } from '../../../../core/limits';
import { getAiProvider } from '../ai';
import { toCaptionTemplate } from '../ai/provider';
import { getTemplate } from '../db/templates';
import { HttpError } from '../errors';
import { json, readJson } from '../http';
import { identifyVisitor, withVisitorCookie } from '../identity/visitor';
import { hit } from '../rate-limit';
import { parseWith } from '../validate';

const WINDOW_MS = 60_000;

/**
 * POST /api/generate-captions { templateId, context }: caption ideas for a template. Not counted in the daily AI
 * allowance, but limited per visitor; the answer names the provider (the caption bank offline).
 */
export async function postGenerateCaptions(request: Request, env: Env): Promise<Response> {
  const { templateId, context } = parseWith(generateCaptionsRequestSchema, await readJson(request, MAX_JSON_BYTES));
  const visitor = await identifyVisitor(request, env);
  const now = Date.now();
  const { count, windowStart } = await hit(env.DB, visitor.keys.map((k) => `captions:${k}`), WINDOW_MS, now);
  if (count > CAPTION_REQUESTS_PER_MINUTE) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    throw new HttpError(429, 'rate_limited', 'Too many caption requests. Please wait a minute and try again.', {
      'retry-after': String(retryAfter),
    });
  }
  const template = await getTemplate(env.DB, templateId);
  if (!template) throw new HttpError(404, 'not_found', 'There is no template with that id.');
  const provider = getAiProvider(env);
  const { captions, note } = await provider.suggestCaptions(toCaptionTemplate(template), context);
  const body: GenerateCaptionsResponse = { captions, provider: provider.name, ...(note ? { note } : {}) };
  return withVisitorCookie(json(body), visitor);
}
