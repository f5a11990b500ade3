import { memeSuggestRequestSchema, type MemeSuggestResponse } from '../../../../core/api/suggest';
import { MAX_JSON_BYTES } from '../../../../core/limits';
import { segmentFromCaption } from '../../../../core/memes/url-text';
import { readTopic } from '../../../../core/memes/suggest/topic';
import { getAiProvider } from '../ai';
import { upstreamError } from '../ai/upstream';
import { readsNearVisitor } from '../db/replica';
import { readCatalog } from '../db/templates';
import { HttpError, notFound } from '../errors';
import { json, readJson, siteUrl } from '../http';
import type { RequestContext } from '../identity/request-context';
import { quotaSubjectOf, withAiUnit } from '../quota';
import { parseWith } from '../validate';

/** The meme URL that draws a candidate (GET /api/memes/{template}/{line}/….png, ADR 0133). */
export const renderPath = (templateId: string, lines: readonly string[]) =>
  `/api/memes/${templateId}/${lines.map(segmentFromCaption).join('/')}.png`;

/**
 * POST /api/memes/suggest { topic, count?, language?, like?, exclude? } (ADR 0173): memes to choose from, each on a
 * different template with one line per box and its render URL. The topic is read first: missing, empty, too long,
 * markup-only or refused topics are answered before any unit is spent. Then one unit of the daily AI allowance,
 * refunded when the provider fails or the model declines the topic. Animated templates are left out: a preview
 * should be one quick still drawing.
 */
export async function postMemeSuggest(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const body = await readJson(request, MAX_JSON_BYTES);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'validation_failed', 'Send a JSON object with a topic.');
  const topic = readTopic((body as { topic?: unknown }).topic);
  if (!topic.ok) throw new HttpError(topic.status, topic.code, topic.problem);
  const input = parseWith(memeSuggestRequestSchema, { ...body, topic: topic.topic });
  const catalogue = (await readCatalog(readsNearVisitor(env).db, '', 0)).templates.filter(
    (t) => !t.animated && t.textBoxes.length > 0,
  );
  if (input.like && !catalogue.some((t) => t.id === input.like))
    throw notFound(`There is no template "${input.like}" to make more like.`);
  const provider = getAiProvider(env, context.billed.bill);
  const subject = await quotaSubjectOf(request, env, context);
  const answer = await withAiUnit(env, ctx, subject, async () => {
    const made = await provider.suggestMemes(catalogue, input);
    if (made.candidates.length === 0) throw upstreamError('write memes for this topic', new Error('no candidate'));
    return made;
  });
  const names = new Map(catalogue.map((t) => [t.id, t.name]));
  const out: MemeSuggestResponse = {
    candidates: answer.candidates.map((c) => ({
      template: { id: c.templateId, name: names.get(c.templateId) ?? c.templateId },
      lines: c.lines,
      renderUrl: siteUrl(request, env, renderPath(c.templateId, c.lines)),
      source: c.source,
    })),
    provider: provider.name,
    ...(answer.note ? { note: answer.note } : {}),
  };
  return json(out);
}
