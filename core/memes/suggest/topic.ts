/**
 * A meme topic as the person typed it (POST /api/memes/suggest, ADR 0173), read before any AI unit is spent: what is
 * missing, empty, too long or only markup is answered with the status that names it, and a topic we will not make
 * memes about is refused in words, for free.
 */
import { TOPIC_MAX_CHARS } from '../../limits';

export type TopicCheck =
  | { ok: true; topic: string }
  | {
      ok: false;
      status: 400 | 413 | 422;
      code: 'validation_failed' | 'topic_too_long' | 'topic_unreadable' | 'topic_refused';
      problem: string;
    };

const TAG = /<\/?[a-z!?][^>]*>?/gi;
const ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z]+);/gi;
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The topic as words: tags, entities and hidden controls gone, one line, trimmed. */
export function topicText(raw: string): string {
  return raw.replace(TAG, ' ').replace(ENTITY, ' ').replace(HIDDEN, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * What we do not make memes about, in a short list the model's own instruction backs up (prompt.ts): hate against
 * people for who they are, sexual content about anyone, and private persons' details. Matched on whole words, case
 * aside; the answer says which rule and costs nothing.
 */
const REFUSALS: readonly { pattern: RegExp; problem: string }[] = [
  {
    pattern:
      /\b(nazis?|white power|heil|race war|ethnic cleansing|genocide|gas the|subhumans?|kill all|lynch(ing)?|inferior race)\b/i,
    problem: 'We do not make memes that attack people for who they are. Try another topic.',
  },
  {
    pattern: /\b(nudes?|naked|porn\w*|sex tape|sexy pics?|nsfw|onlyfans|hentai|rule ?34|xxx)\b/i,
    problem: 'We do not make sexual memes, about real people or anyone. Try another topic.',
  },
  {
    pattern:
      /\b(home address|phone number|doxx?(ing|ed)?|where (he|she|they) lives?|social security|leaked? (her|his|their) (photos?|pics?|number))\b/i,
    problem: "We do not make memes that expose private people's details. Try another topic.",
  },
];

/** Why a topic is refused, or null. */
export function refusalOf(topic: string): string | null {
  return REFUSALS.find((r) => r.pattern.test(topic))?.problem ?? null;
}

/** Reads `topic` from a request body (any JSON value). */
export function readTopic(raw: unknown): TopicCheck {
  if (raw === undefined || raw === null)
    return {
      ok: false,
      status: 400,
      code: 'validation_failed',
      problem: 'Topic is required: say in one line what your meme is about.',
    };
  if (typeof raw !== 'string')
    return {
      ok: false,
      status: 400,
      code: 'validation_failed',
      problem: 'Topic must be text: say in one line what your meme is about.',
    };
  if (raw.length > TOPIC_MAX_CHARS) {
    return {
      ok: false,
      status: 413,
      code: 'topic_too_long',
      problem: `Your topic is ${raw.length.toLocaleString('en')} characters; please keep it to ${TOPIC_MAX_CHARS} (one line).`,
    };
  }
  if (raw.trim() === '')
    return {
      ok: false,
      status: 400,
      code: 'validation_failed',
      problem: 'Topic is empty: say in one line what your meme is about.',
    };
  const topic = topicText(raw);
  if (!/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(topic)) {
    return {
      ok: false,
      status: 422,
      code: 'topic_unreadable',
      problem: 'Your topic has no words in it (only markup or symbols): say in words what your meme is about.',
    };
  }
  const refused = refusalOf(topic);
  if (refused) return { ok: false, status: 422, code: 'topic_refused', problem: refused };
  return { ok: true, topic };
}
