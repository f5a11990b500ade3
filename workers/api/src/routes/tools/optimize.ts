import { optimizeFieldsSchema } from '../../../../../core/api/tools';
import { getAiProvider } from '../../ai';
import { readHeader } from '../../imaging/sniff';
import { HttpError } from '../../errors';
import { withVisitorCookie } from '../../identity/visitor';
import { quotaSubjectOf, withAiUnit } from '../../quota';
import { compressImage } from './compress-image';
import { parseFields, readToolInput } from './input';
import { respondWithImage } from './respond';

/** POST /api/optimize: compress (quality, auto, targetBytes), or upscale / remove-background through the AI provider. */
export async function postOptimize(request: Request, env: Env): Promise<Response> {
  const input = await readToolInput(request);
  const fields = parseFields(optimizeFieldsSchema, input.fields);
  if (fields.operation === 'compress') {
    const outcome = await compressImage(env, input, fields, 'compress');
    return respondWithImage(env, outcome);
  }
  const ai = getAiProvider(env);
  const { subject, visitor } = await quotaSubjectOf(request, env);
  // One unit of the daily AI allowance, refunded if the provider or the store fails.
  const response = await withAiUnit(env, subject, async () => {
    const bytes = fields.operation === 'upscale' ? await ai.upscale(input.bytes, fields.factor) : await ai.removeBackground(input.bytes);
    const header = readHeader(bytes);
    if (!header || (header.format !== 'png' && header.format !== 'jpeg' && header.format !== 'webp')) {
      throw new HttpError(502, 'ai_upstream_error', 'The AI service returned something that is not an image. Please try again.');
    }
    return respondWithImage(env, {
      bytes,
      format: header.format,
      width: header.width,
      height: header.height,
      // The spec: background removal reports the file's own size as originalSize, and compressionRatio 0.
      originalSize: input.bytes.length,
      operation: fields.operation,
      engine: 'wasm',
      notes: [`Done by the ${ai.name} AI provider.`],
    });
  });
  return withVisitorCookie(response, visitor);
}
