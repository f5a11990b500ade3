import { z } from 'zod';
import { CAPTION_LINE_SEPARATOR } from '../../../../core/api/ai';
import { CAPTION_SUGGESTIONS } from '../../../../core/limits';
import { jsonModeBody } from '../../../../core/json-mode';
import { captionsFromBank, cleanContext } from './caption-bank';
import { LLAMA_3_3_70B, LLAMA_4_SCOUT } from './contracts';
import { readHeader } from '../imaging/engine';
import type { CaptionSuggestions, CaptionTemplate } from './provider';
import { bytesToBase64 } from './upstream';

/** Template captions: a model on Workers AI's JSON mode list (contracts.ts says why this one). */
export const CAPTION_MODEL = LLAMA_3_3_70B.model;
/** Captions of the person's own picture: a vision model whose page offers JSON mode. */
export const VISION_CAPTION_MODEL = LLAMA_4_SCOUT.model;
export const BANK_FALLBACK_NOTE =
  'The AI caption writer is unavailable right now, so these come from our caption bank.';
export const BANK_FALLBACK_PICTURE_NOTE =
  'The AI caption writer is unavailable right now, so these come from our caption bank and do not describe your picture.';

const CAPTION_LINE_MAX = 120;
const MAX_TOKENS = 600;

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

export function parseCaptionAnswer(raw: unknown, boxCount: number): string[] | null {
  const parsed = modelAnswerSchema.safeParse(jsonModeBody(raw));
  if (!parsed.success) return null;
  const boxes = Math.max(1, boxCount);
  const captions = parsed.data.captions
    .map((lines) =>
      lines
        .map((l) => l.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .slice(0, boxes),
    )
    .filter((lines) => lines.length > 0 && lines.every((l) => l.length <= CAPTION_LINE_MAX))
    .map((lines) => lines.join(CAPTION_LINE_SEPARATOR));
  const unique = [...new Set(captions)];
  return unique.length > 0 ? unique.slice(0, CAPTION_SUGGESTIONS) : null;
}

function systemMessage(boxCount: number) {
  return {
    role: 'system',
    content:
      'You write short, funny, friendly meme captions. Never write anything hateful, sexual or cruel. ' +
      `Answer JSON: {"captions": [[line, ...], ...]} with ${CAPTION_SUGGESTIONS} captions, ` +
      `each with exactly ${Math.max(1, boxCount)} line(s), one per text box, each line under 60 characters.`,
  };
}

const topic = (context: string) => `Topic from the user: ${cleanContext(context) || 'anything'}`;

/** The text model's messages: the template's name and examples. */
function templateMessages(template: CaptionTemplate, context: string) {
  const examples = template.examples
    .slice(0, 3)
    .map((e) => JSON.stringify(e))
    .join('\n');
  return [
    systemMessage(template.boxCount),
    {
      role: 'user',
      content:
        `Meme template: ${template.name}.\n` +
        (examples ? `Example captions for it:\n${examples}\n` : '') +
        topic(context),
    },
  ];
}

/** The vision model's messages: the picture itself, as a data URI (the model accepts no HTTP URL). */
function pictureMessages(template: CaptionTemplate, context: string, picture: Uint8Array) {
  const type = readHeader(picture)?.mimeType ?? 'image/jpeg';
  return [
    systemMessage(template.boxCount),
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: `Write captions about what this picture shows, for a top and a bottom line.\n${topic(context)}`,
        },
        { type: 'image_url', image_url: { url: `data:${type};base64,${bytesToBase64(picture)}` } },
      ],
    },
  ];
}

type RunCaptionModel = (model: string, input: Record<string, unknown>) => Promise<unknown>;

/**
 * Asks the model twice at most (JSON mode sometimes fails with "JSON Mode couldn't be met"), then falls back to the
 * caption bank with a note. Short answers are topped up from the bank so the user always gets a full list.
 */
export async function suggestCaptionsWithModel(
  run: RunCaptionModel,
  template: CaptionTemplate,
  context: string,
  picture?: Uint8Array,
): Promise<CaptionSuggestions> {
  const model = picture ? VISION_CAPTION_MODEL : CAPTION_MODEL;
  const input = {
    messages: picture ? pictureMessages(template, context, picture) : templateMessages(template, context),
    response_format: { type: 'json_schema', json_schema: CAPTIONS_JSON_SCHEMA },
    max_tokens: MAX_TOKENS,
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const captions = parseCaptionAnswer(await run(model, input), template.boxCount);
      if (captions) {
        if (captions.length >= CAPTION_SUGGESTIONS) return { captions, source: 'model' };
        const topUp = captionsFromBank(template, context).filter((c) => !captions.includes(c));
        const note = `The AI caption writer suggested ${captions.length}; the rest come from our caption bank.`;
        return { captions: [...captions, ...topUp].slice(0, CAPTION_SUGGESTIONS), source: 'model', note };
      }
    } catch (err) {
      console.warn('caption model failed:', err instanceof Error ? err.message.slice(0, 300) : String(err));
    }
  }
  return {
    captions: captionsFromBank(template, context),
    source: 'bank',
    note: picture ? BANK_FALLBACK_PICTURE_NOTE : BANK_FALLBACK_NOTE,
  };
}
