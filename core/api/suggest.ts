/**
 * POST /api/memes/suggest (ADR 0173): a topic in one line → memes to choose from, each on a different template with
 * one line per box and the URL that draws it. The topic itself is read first by core/memes/suggest/topic.ts (its
 * missing, empty, long, markup-only and refused cases have their own statuses); this schema is the rest.
 */
import { z } from './zod';
import { AI_PROVIDERS } from './ai';
import { SUGGEST_DEFAULT_COUNT, SUGGEST_MAX_COUNT, TOPIC_MAX_CHARS } from '../limits';
import { memeTemplateIdSchema } from '../tools/meme';

/** A BCP 47 language tag, as browsers send them ("es", "ja", "pt-BR"). */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;

export const memeSuggestRequestSchema = z.object({
  topic: z.string().min(1).max(TOPIC_MAX_CHARS).describe('What the meme is about, in one line, in any language.'),
  count: z
    .number({ error: `Count must be a whole number from 1 to ${SUGGEST_MAX_COUNT}.` })
    .int(`Count must be a whole number from 1 to ${SUGGEST_MAX_COUNT}.`)
    .min(1, `Count must be a whole number from 1 to ${SUGGEST_MAX_COUNT}.`)
    .max(SUGGEST_MAX_COUNT, `Count must be a whole number from 1 to ${SUGGEST_MAX_COUNT}.`)
    .default(SUGGEST_DEFAULT_COUNT),
  language: z
    .string()
    .regex(LANGUAGE_TAG, 'Language must be a language tag such as "es", "ja" or "pt-BR".')
    .optional()
    .describe("The language the lines are written in; without it, the topic's own."),
  like: memeTemplateIdSchema.optional().describe('"More like this": a template id to use first, the others like it.'),
  exclude: z
    .array(z.string().min(1).max(80))
    .max(100, 'Exclude at most 100 templates.')
    .default([])
    .describe('"Try again": template ids not to use (the ones already shown).'),
});
export type MemeSuggestRequest = z.input<typeof memeSuggestRequestSchema>;

export const SUGGESTION_SOURCES = ['model', 'bank'] as const;

export const memeCandidateSchema = z.object({
  template: z.object({ id: z.string(), name: z.string() }),
  /** One line per text box of the template, in box order, none empty. */
  lines: z.array(z.string()),
  /** `GET /api/memes/{template}/{line}/….png`: the meme drawn, as the editor lays it out (add `?width=` for a preview). */
  renderUrl: z.string(),
  /** `model`: a language model wrote it; `bank`: the offline stand-in (keywords and the caption bank). */
  source: z.enum(SUGGESTION_SOURCES),
});
export type MemeCandidate = z.infer<typeof memeCandidateSchema>;

export const memeSuggestResponseSchema = z.object({
  candidates: z.array(memeCandidateSchema),
  provider: z.enum(AI_PROVIDERS),
  /** Said whenever a meme did not come from a language model (offline, or the model gave fewer than asked). */
  note: z.string().optional(),
});
export type MemeSuggestResponse = z.infer<typeof memeSuggestResponseSchema>;
