import { z } from 'zod';
import { CAPTION_LINE_SEPARATOR } from '../../../../core/api/ai';
import { CAPTION_SUGGESTIONS } from '../../../../core/limits';
import { captionsFromBank, cleanContext } from './caption-bank';
import type { CaptionSuggestions, CaptionTemplate } from './provider';

export const CAPTION_MODEL = '@cf/meta/llama-3.2-3b-instruct';
export const BANK_FALLBACK_NOTE = 'The AI caption writer is unavailable right now, so these come from our caption bank.';

const CAPTION_LINE_MAX = 120;

/** The JSON schema Workers AI's JSON mode must meet: a list of captions, each a list of lines (one per box). */
export const CAPTIONS_JSON_SCHEMA = {
  type: 'object',
  properties: {
    captions: {
      type: 'array',
      items: { type: 'array', items: { type: 'string' } },
    },
  },
  required: ['captions'],
} as const;

const modelAnswerSchema = z.object({
  captions: z.array(z.array(z.string())).min(1),
});

/** JSON mode answers an object in `response`; some models answer the JSON as a string instead. Accept both. */
const envelopeSchema = z.object({ response: z.union([z.string(), z.record(z.string(), z.unknown())]) });

export function parseCaptionAnswer(raw: unknown, boxCount: number): string[] | null {
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) return null;
  let body: unknown = envelope.data.response;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return null;
    }
  }
  const parsed = modelAnswerSchema.safeParse(body);
  if (!parsed.success) return null;
  const boxes = Math.max(1, boxCount);
  const captions = parsed.data.captions
    .map((lines) => lines.map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean).slice(0, boxes))
    .filter((lines) => lines.length > 0 && lines.every((l) => l.length <= CAPTION_LINE_MAX))
    .map((lines) => lines.join(CAPTION_LINE_SEPARATOR));
  const unique = [...new Set(captions)];
  return unique.length > 0 ? unique.slice(0, CAPTION_SUGGESTIONS) : null;
}

function messages(template: CaptionTemplate, context: string) {
  const examples = template.examples.slice(0, 3).map((e) => JSON.stringify(e)).join('\n');
  return [
    {
      role: 'system',
      content:
        'You write short, funny, friendly meme captions. Never write anything hateful, sexual or cruel. ' +
        `Answer JSON: {"captions": [[line, ...], ...]} with ${CAPTION_SUGGESTIONS} captions, ` +
        `each with exactly ${Math.max(1, template.boxCount)} line(s), one per text box, each line under 60 characters.`,
    },
    {
      role: 'user',
      content:
        `Meme template: ${template.name}.\n` +
        (examples ? `Example captions for it:\n${examples}\n` : '') +
        `Topic from the user: ${cleanContext(context) || 'anything'}`,
    },
  ];
}

type RunCaptionModel = (model: string, input: Record<string, unknown>) => Promise<unknown>;

/**
 * Asks the LLM twice at most (JSON mode sometimes fails with "JSON Mode couldn't be met"), then falls back to the
 * caption bank with a note. Short answers are topped up from the bank so the user always gets a full list.
 */
export async function suggestCaptionsWithModel(run: RunCaptionModel, template: CaptionTemplate, context: string): Promise<CaptionSuggestions> {
  const input = {
    messages: messages(template, context),
    response_format: { type: 'json_schema', json_schema: CAPTIONS_JSON_SCHEMA },
    max_tokens: 600,
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const captions = parseCaptionAnswer(await run(CAPTION_MODEL, input), template.boxCount);
      if (captions) {
        const topUp = captionsFromBank(template, context).filter((c) => !captions.includes(c));
        return { captions: [...captions, ...topUp].slice(0, CAPTION_SUGGESTIONS) };
      }
    } catch (err) {
      console.warn('caption model failed:', err instanceof Error ? err.message.slice(0, 300) : String(err));
    }
  }
  return { captions: captionsFromBank(template, context), note: BANK_FALLBACK_NOTE };
}
