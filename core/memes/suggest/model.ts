/**
 * Memes from a language model in JSON mode (ADR 0173): the prompt (the catalogue, most relevant first, within a
 * budget that fits the model's context), the answer's shape, and the one retry. Model-agnostic: the Worker's adapter
 * (workers/api/src/ai/cloudflare-suggest.ts) passes `ask`, which runs its model with these messages and schema.
 */
import { z } from '../../api/zod';
import { jsonModeBody } from '../../json-mode';
import { boxBudgets, checkCandidates, type Candidate, type SuggestTemplate } from './answer';
import { rankTemplates } from './pick';

/**
 * The catalogue's share of the prompt, in characters. llama-3.3-70b-instruct-fp8-fast has a 24,000-token context
 * (https://developers.cloudflare.com/workers-ai/models/llama-3.3-70b-instruct-fp8-fast/); at about 4 characters a
 * token this is about 9,000 tokens, leaving room for the instructions, a retry's second turn and the answer. The 63
 * built-in templates take about 14,600 (about 3,700 tokens); an imported catalogue is cut, least relevant first.
 */
export const CATALOGUE_PROMPT_MAX_CHARS = 36_000;
export const SUGGEST_MAX_TOKENS = 900;

/** The JSON schema JSON mode must meet (https://developers.cloudflare.com/workers-ai/features/json-mode/). */
export const SUGGEST_JSON_SCHEMA = {
  type: 'object',
  properties: {
    memes: {
      type: 'array',
      items: {
        type: 'object',
        properties: { template: { type: 'string' }, lines: { type: 'array', items: { type: 'string' } } },
        required: ['template', 'lines'],
      },
    },
    refused: { type: 'string' },
  },
} as const;

const answerSchema = z.object({
  memes: z.array(z.object({ template: z.string(), lines: z.array(z.string()) })).optional(),
  refused: z.string().min(1).optional(),
});

export type ModelAnswer = { refused: string } | { memes: { template: string; lines: string[] }[] } | null;

/** The model's answer read, or null when it is not the JSON asked for. */
export function readModelAnswer(raw: unknown): ModelAnswer {
  const parsed = answerSchema.safeParse(jsonModeBody(raw));
  if (!parsed.success) return null;
  if (parsed.data.refused && !parsed.data.memes?.length) return { refused: parsed.data.refused };
  return parsed.data.memes ? { memes: parsed.data.memes } : null;
}

export interface SuggestRequest {
  topic: string;
  count: number;
  /** A BCP 47 tag; without one the lines are in the topic's language. */
  language?: string;
  /** "More like this": this template first, the others like it. */
  like?: string;
  /** "Try again": templates not to use. */
  exclude: readonly string[];
}

/** One template as a prompt line: id | name | description | keywords | each box's character budget | an example. */
export function catalogueLine(t: SuggestTemplate): string {
  const example = t.examples[0] ? ` | e.g. ${JSON.stringify(t.examples[0])}` : '';
  return `${t.id} | ${t.name} | ${t.description} | ${t.keywords.join(', ')} | ${t.textBoxes.length} boxes, max chars ${JSON.stringify(boxBudgets(t))}${example}`;
}

/** The catalogue for the prompt: most relevant first, excluded templates left out, cut at the budget. */
export function promptCatalogue(catalogue: readonly SuggestTemplate[], request: SuggestRequest): string {
  const skip = new Set(request.exclude);
  const out: string[] = [];
  let size = 0;
  for (const t of rankTemplates(catalogue, request.topic, request.like)) {
    if (skip.has(t.id) && t.id !== request.like) continue;
    const line = catalogueLine(t);
    if (size + line.length + 1 > CATALOGUE_PROMPT_MAX_CHARS) break;
    out.push(line);
    size += line.length + 1;
  }
  return out.join('\n');
}

export type Message = { role: 'system' | 'user' | 'assistant'; content: string };

export function suggestMessages(catalogue: readonly SuggestTemplate[], request: SuggestRequest): Message[] {
  const language = request.language
    ? `in the language tagged "${request.language}"`
    : 'in the same language as the topic (Spanish for a Spanish topic, Japanese for a Japanese one, and so on)';
  const system =
    'You make funny, friendly memes from a topic. Pick templates from the catalogue below (one per line: id | name | ' +
    'description | keywords | how many text boxes and the most characters each box holds | an example). ' +
    `Answer JSON {"memes": [{"template": id, "lines": [one line per box, in box order]}]} with exactly ${request.count} memes, ` +
    'each on a different template, each with exactly as many lines as its template has boxes, no line empty or longer than its box holds. ' +
    `Write the lines ${language}. ` +
    'Never write hateful content about a group or a person, nothing sexual about anyone, and nothing about a private person (a named neighbour, classmate or colleague). ' +
    'If the topic asks for any of that, answer {"refused": "one short sentence saying why"} and no memes.\n\nCatalogue:\n' +
    promptCatalogue(catalogue, request);
  const like = request.like ? `\nOne meme must use the template "${request.like}"; the others templates like it.` : '';
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Topic: ${request.topic}${like}` },
  ];
}

export type SuggestOutcome =
  | { kind: 'memes'; candidates: (Candidate & { source: 'model' | 'bank' })[]; modelCount: number }
  | { kind: 'refused'; reason: string };

/**
 * Asks twice at most: a second time when the first answer was not the JSON asked for, failed (JSON mode sometimes
 * cannot be met), or had fewer good memes than asked, saying what was wrong. Memes still missing after that come
 * from `offline` (the caller says so). Throws when neither answer held a usable meme: the route then refunds the unit.
 */
export async function suggestWithModel(
  ask: (messages: Message[]) => Promise<unknown>,
  catalogue: readonly SuggestTemplate[],
  request: SuggestRequest,
  offline: (count: number, exclude: readonly string[]) => Candidate[],
): Promise<SuggestOutcome> {
  const byId = new Map(catalogue.map((t) => [t.id, t]));
  const messages = suggestMessages(catalogue, request);
  const valid: Candidate[] = [];
  for (let attempt = 0; attempt < 2 && valid.length < request.count; attempt++) {
    let raw: unknown;
    try {
      raw = await ask(messages);
    } catch (err) {
      console.warn('meme suggestion model failed:', err instanceof Error ? err.message.slice(0, 300) : String(err));
      continue;
    }
    const answer = readModelAnswer(raw);
    if (answer && 'refused' in answer) return { kind: 'refused', reason: answer.refused.slice(0, 300) };
    const taken = new Set([...request.exclude.filter((id) => id !== request.like), ...valid.map((c) => c.templateId)]);
    const checked = answer
      ? checkCandidates(answer.memes, byId, taken)
      : { valid: [], problems: ['The answer was not the JSON asked for.'] };
    valid.push(...checked.valid.slice(0, request.count - valid.length));
    if (valid.length < request.count) {
      messages.push(
        {
          role: 'assistant',
          content:
            typeof raw === 'object' && raw && 'response' in raw
              ? JSON.stringify((raw as { response: unknown }).response)
              : '',
        },
        {
          role: 'user',
          content: `${checked.problems.join(' ')} Answer again with ${request.count - valid.length} more memes, on templates other than ${[...taken, ...checked.valid.map((c) => c.templateId)].join(', ') || 'none'}.`,
        },
      );
    }
  }
  if (valid.length === 0) throw new Error('the meme model answered no usable meme twice');
  const fromModel = valid.map((c) => ({ ...c, source: 'model' as const }));
  if (valid.length >= request.count) return { kind: 'memes', candidates: fromModel, modelCount: valid.length };
  const more = offline(request.count - valid.length, [...request.exclude, ...valid.map((c) => c.templateId)]).map(
    (c) => ({ ...c, source: 'bank' as const }),
  );
  return { kind: 'memes', candidates: [...fromModel, ...more], modelCount: valid.length };
}
