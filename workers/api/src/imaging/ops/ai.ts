/** Upscale and background removal: the AI provider's work, checked to be a picture we can store. */
import { HttpError } from '../../errors';
import { readHeader } from '../sniff';
import type { EngineServices } from './types';

export async function runAiOperation(op: 'upscale' | 'remove-background', bytes: Uint8Array, factor: 2 | 3 | 4, services: EngineServices) {
  const call = { signal: services.signal };
  const out = op === 'upscale' ? await services.ai.upscale(bytes, factor, call) : await services.ai.removeBackground(bytes, call);
  const header = readHeader(out);
  if (!header || (header.format !== 'png' && header.format !== 'jpeg' && header.format !== 'webp')) {
    throw new HttpError(502, 'ai_upstream_error', 'The AI service returned something that is not an image. Please try again.');
  }
  const note = op === 'upscale' ? `Upscaled ${factor}× by the ${services.ai.name} AI provider.` : `Background removed by the ${services.ai.name} AI provider.`;
  return { bytes: out, format: header.format, width: header.width, height: header.height, note };
}
