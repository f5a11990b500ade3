/**
 * The job the offline image service takes in its `job` form field (ADR 0123): steps, overlays and output, the shape
 * of the Images binding's contract (`workers/api/src/imaging/service/types.ts`), read and refused as a 400.
 */
import { z } from 'zod';
import { Problem } from './problem';

const side = z.number().int().min(1).max(100_000);
const stepSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('crop'),
    left: z.number().int().min(0),
    top: z.number().int().min(0),
    width: side,
    height: side,
  }),
  z.object({
    op: z.literal('resize'),
    width: side,
    height: side,
    fit: z.enum(['cover', 'contain', 'stretch', 'inside']),
    background: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .optional(),
  }),
  z.object({ op: z.literal('rotate'), angle: z.union([z.literal(90), z.literal(180), z.literal(270)]) }),
  z.object({ op: z.literal('flip'), axis: z.enum(['h', 'v']) }),
  z.object({ op: z.literal('blur'), radius: z.number().min(0).max(250) }),
]);
const regionSchema = z.object({
  left: z.number().int().min(0),
  top: z.number().int().min(0),
  width: side,
  height: side,
});
const jobSchema = z.object({
  steps: z.array(stepSchema).max(20),
  overlays: z
    .array(
      z.object({
        left: z.number().int(),
        top: z.number().int(),
        opacity: z.number().min(0).max(1),
        steps: z.array(stepSchema).max(20).default([]),
      }),
    )
    .max(60)
    .default([]),
  output: z.object({
    format: z.enum(['jpeg', 'png', 'webp', 'avif', 'rgba', 'gif']),
    animated: z.boolean().optional(),
    quality: z.number().int().min(1).max(100).optional(),
    regions: z.array(regionSchema).min(1).max(64).optional(),
  }),
});
export type Job = z.infer<typeof jobSchema>;
export type Step = z.infer<typeof stepSchema>;

/** The `job` field as JSON, held to the schema: a 400 naming the first problem otherwise. */
export function parseJob(form: FormData): Job {
  let json: unknown;
  try {
    json = JSON.parse(String(form.get('job') ?? ''));
  } catch {
    throw new Problem(400, 'The job must be JSON.');
  }
  const parsed = jobSchema.safeParse(json);
  if (!parsed.success)
    throw new Problem(400, `The job is not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}.`);
  return parsed.data;
}
