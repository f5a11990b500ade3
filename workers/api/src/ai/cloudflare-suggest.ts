import type { SuggestTemplate } from '../../../../core/memes/suggest/answer';
import {
  SUGGEST_JSON_SCHEMA,
  SUGGEST_MAX_TOKENS,
  suggestWithModel,
  type SuggestRequest,
} from '../../../../core/memes/suggest/model';
import { offlineCandidates } from '../../../../core/memes/suggest/pick';
import { HttpError } from '../errors';
import { CAPTION_MODEL } from './cloudflare-captions';
import { bankLines } from './offline-memes';
import type { MemeSuggestions } from './provider';
import { upstreamError } from './upstream';

/** Memes from a topic: the caption model (llama-3.3-70b, on the JSON mode list; contracts.ts), given the catalogue. */
export const SUGGEST_MODEL = CAPTION_MODEL;

type RunModel = (model: string, input: Record<string, unknown>) => Promise<unknown>;

const mixedNote = (fromModel: number, total: number) =>
  `The AI meme writer gave ${fromModel} of ${total}; the rest are offline suggestions from our caption bank.`;

/**
 * The production meme writer (ADR 0173): the prompt, the check of every meme and the one retry are
 * core/memes/suggest/model.ts; a model's refusal is a 422 in its own words, and no usable meme after two tries is an
 * upstream error, both of which the route refunds.
 */
export async function suggestMemesWithModel(
  run: RunModel,
  catalogue: readonly SuggestTemplate[],
  request: SuggestRequest,
): Promise<MemeSuggestions> {
  const ask = (messages: { role: string; content: string }[]) =>
    run(SUGGEST_MODEL, {
      messages,
      response_format: { type: 'json_schema', json_schema: SUGGEST_JSON_SCHEMA },
      max_tokens: SUGGEST_MAX_TOKENS,
    });
  let outcome;
  try {
    outcome = await suggestWithModel(ask, catalogue, request, (count, exclude) =>
      offlineCandidates(catalogue, request.topic, count, bankLines, { exclude, like: request.like }),
    );
  } catch (err) {
    throw upstreamError('write memes for this topic', err);
  }
  if (outcome.kind === 'refused')
    throw new HttpError(422, 'topic_refused', `The AI meme writer declined this topic: ${outcome.reason}`);
  const { candidates, modelCount } = outcome;
  return { candidates, ...(modelCount < candidates.length ? { note: mixedNote(modelCount, candidates.length) } : {}) };
}
