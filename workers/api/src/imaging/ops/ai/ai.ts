/**
 * Upscale and background removal: the AI provider's work, as a stream in the format chosen (ADR 0114). The
 * stream is checked where it is stored (a PNG, JPEG or WebP within the limit), never read whole here.
 */
import { aiOutput, type AiOperation, type AiOutputChoice, type UpscaleFactor } from '../../../../../../core/tools/ai';
import type { Picture } from '../../engine';
import type { EngineServices } from '../../types';

export async function runAiOperation(op: AiOperation, input: Picture, factor: UpscaleFactor, choice: AiOutputChoice, services: EngineServices) {
  const output = aiOutput(op, choice, input.header.format);
  const call = { signal: services.signal };
  const stream = op === 'upscale' ? await services.ai.upscale(input.bytes, factor, output, call) : await services.ai.removeBackground(input.bytes, output, call);
  const done = op === 'upscale' ? `Upscaled ${factor}× by the ${services.ai.name} AI provider` : `Background removed by the ${services.ai.name} AI provider`;
  const written = output.quality === undefined ? `${output.format.toUpperCase()}` : `${output.format.toUpperCase()} at quality ${output.quality}`;
  const why = choice === 'auto' ? (output.format === 'jpeg' ? ' (a JPEG photo stays JPEG)' : op === 'upscale' ? ' (WebP keeps any transparency and is smaller than PNG)' : ' (WebP keeps the transparency and is smaller than PNG)') : '';
  return { stream, format: output.format, quality: output.quality, notes: [`${done}, written as ${written}${why}.`] };
}
