/**
 * Upscale and background removal: the AI provider's work, as a stream in the format chosen (ADR 0114). The
 * stream is checked where it is stored (a PNG, JPEG or WebP within the limit), never read whole here.
 */
import {
  AI_INPUT_FORMATS,
  AI_INPUT_JPEG_QUALITY,
  aiOutput,
  aiOutputProblem,
  type AiOperation,
  type AiOutputChoice,
  type UpscaleFactor,
} from '../../../../../../core/tools/ai';
import { HttpError } from '../../../errors';
import { probe } from '../../intake/probe';
import { SERVICE_READS } from '../../pipeline/format';
import { assertServiceCan, readableByService, viaService } from '../../pipeline/paths';
import type { EngineServices, OperationEntry, Picture } from '../../types';

/**
 * The picture as the AI providers read it (AI_INPUT_FORMATS): a HEIC as the JPEG the image service makes of it, as
 * the blur's cut-out gets it (a 12 MP photo's PNG would pass AI_INPUT_MAX_BYTES, and no provider reads HEIC offline);
 * an AVIF (at most 1,200 px a side), a TIFF or a BMP as a PNG made in the isolate, which keeps any transparency (the
 * Images binding reads none of them), ADR 0132.
 */
async function readableByAi(input: Picture, services: EngineServices): Promise<Picture> {
  if (AI_INPUT_FORMATS.includes(input.header.format)) return input;
  // AVIF, and TIFF and BMP, which the image service does not read either: the isolate's PNG of it.
  if (!SERVICE_READS.includes(input.header.format)) return (await readableByService(input)) ?? input;
  assertServiceCan(input, input.upright, 'jpeg');
  const jpeg = await viaService(() =>
    services.images.run({
      input: input.bytes,
      steps: [],
      output: { format: 'jpeg', quality: AI_INPUT_JPEG_QUALITY },
    }),
  );
  return probe(jpeg.bytes);
}

export async function runAiOperation(
  op: AiOperation,
  input: Picture,
  factor: UpscaleFactor,
  choice: AiOutputChoice,
  services: EngineServices,
) {
  const output = aiOutput(op, choice, input.header.format);
  const call = { signal: services.signal };
  const stream =
    op === 'upscale'
      ? await services.ai.upscale(input.bytes, factor, output, call)
      : await services.ai.removeBackground(input.bytes, output, call);
  const done =
    op === 'upscale'
      ? `Upscaled ${factor}× by the ${services.ai.name} AI provider`
      : `Background removed by the ${services.ai.name} AI provider`;
  const written =
    output.quality === undefined
      ? `${output.format.toUpperCase()}`
      : `${output.format.toUpperCase()} at quality ${output.quality}`;
  const why =
    choice === 'auto'
      ? output.format === 'jpeg'
        ? ' (a JPEG photo stays JPEG)'
        : op === 'upscale'
          ? ' (WebP keeps any transparency and is smaller than PNG)'
          : ' (WebP keeps the transparency and is smaller than PNG)'
      : '';
  return { stream, format: output.format, quality: output.quality, notes: [`${done}, written as ${written}${why}.`] };
}

/** Upscale's and background removal's records: the AI result is streamed, never held whole. */
function aiOperation<O extends { factor?: UpscaleFactor; format?: AiOutputChoice }>(
  op: AiOperation,
): OperationEntry<O> {
  return {
    // The AI provider's work: one unit of the daily allowance, refunded if anything fails.
    metered: () => true,
    // An upscale costs time by its factor.
    timingKey: (o) => (op === 'upscale' ? `upscale-${o.factor ?? 2}x` : op),
    // Its output is another picture, larger or cut out: nothing was saved, whatever the file sizes.
    newPicture: true,
    async run({ input, services, notes }, o) {
      const factor = o.factor ?? 2;
      // An AI result is bounded (ADR 0114): refused before any AI work, and the allowance unit is refunded.
      const problem = aiOutputProblem(op, factor, input.upright);
      if (problem) throw new HttpError(400, 'validation_failed', problem);
      const r = await runAiOperation(op, await readableByAi(input, services), factor, o.format ?? 'auto', services);
      // Background removal reports the file's own size as originalSize, and compressionRatio 0 (docs/product.md §5.2).
      return {
        operation: op,
        originalSize: input.bytes.length,
        notes: [...notes, ...r.notes],
        stream: r.stream,
        format: r.format,
        quality: r.quality,
        engine: 'ai',
      };
    },
  };
}

export const upscaleOperation = aiOperation<{ factor: UpscaleFactor; format?: AiOutputChoice }>('upscale');
export const removeBackgroundOperation = aiOperation<{ format?: AiOutputChoice }>('remove-background');
