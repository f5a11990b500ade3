/**
 * The Optimize tab's AI operations: upscale and background removal (one unit of the daily allowance each).
 * Their results are bounded (ADR 0114): at most AI_OUTPUT_MAX_PIXELS and AI_OUTPUT_MAX_SIDE, written as JPEG or
 * WebP unless PNG is asked for, and streamed to storage rather than held whole in the Worker.
 */
// The form fields' schema; the options, limits and helpers are ai-options.ts, zod-free for the screens (ADR 0195).
import { z } from '../api/zod';
import { AI_OUTPUT_FORMATS, BACKGROUND_OUTPUT_FORMATS, UPSCALE_FACTORS } from './ai-options';

export * from './ai-options';

const outputFormat = <T extends readonly [string, ...string[]]>(formats: T) =>
  z.enum(formats, { message: `Format must be one of ${formats.join(', ')}.` }).default('auto' as T[number]);

export const upscaleFieldsSchema = z.object({
  operation: z.literal('upscale'),
  factor: z.coerce
    .number()
    .pipe(
      z.union(UPSCALE_FACTORS.map((f) => z.literal(f)) as [z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>], {
        message: 'Factor must be 2, 3 or 4.',
      }),
    )
    .default(2),
  format: outputFormat(AI_OUTPUT_FORMATS),
});
export const removeBackgroundFieldsSchema = z.object({
  operation: z.literal('remove-background'),
  format: outputFormat(BACKGROUND_OUTPUT_FORMATS),
});
