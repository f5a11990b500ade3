import { CAPTION_LINE_SEPARATOR } from '../../../../core/api/ai';
import type { SuggestTemplate } from '../../../../core/memes/suggest/answer';
import type { SuggestRequest } from '../../../../core/memes/suggest/model';
import { offlineCandidates } from '../../../../core/memes/suggest/pick';
import { captionsFromBank } from './caption-bank';
import { toCaptionTemplate, type MemeSuggestions } from './provider';

/** Offline, each meme's lines are the caption bank's (the topic's own words in the captions that take them). */
const BANK_IDEAS = 24;

export const OFFLINE_MEMES_NOTE =
  'Offline suggestions: no AI model wrote these; templates were picked by their keywords and the lines come from our caption bank and your words.';

/** Lines for a template from the caption bank, one list per idea. */
export const bankLines = (template: SuggestTemplate, topic: string): string[][] =>
  captionsFromBank(toCaptionTemplate(template), topic, BANK_IDEAS).map((c) => c.split(CAPTION_LINE_SEPARATOR));

/** The offline stand-in's memes (core/memes/suggest/pick.ts), said to be offline suggestions. */
export function offlineMemes(
  catalogue: readonly SuggestTemplate[],
  request: SuggestRequest,
  note = OFFLINE_MEMES_NOTE,
): MemeSuggestions {
  const candidates = offlineCandidates(catalogue, request.topic, request.count, bankLines, request).map((c) => ({
    ...c,
    source: 'bank' as const,
  }));
  return { candidates, note };
}
