/**
 * The body of a Workers AI JSON mode answer (https://developers.cloudflare.com/workers-ai/features/json-mode/): the
 * object in `response`, or the JSON some models answer there as a string instead. Null when it is neither.
 */
import { z } from './api/zod';

const envelopeSchema = z.object({ response: z.union([z.string(), z.record(z.string(), z.unknown())]) });

export function jsonModeBody(raw: unknown): unknown {
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) return null;
  const body = envelope.data.response;
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}
