import type { ToolResult } from '../../../../../core/api/tools';
import { json, siteUrl } from '../../http';
import { throwIfCancelled } from '../../cancel';
import { makesNewPicture, type EngineResult, type EngineServices, type StreamedResult } from '../../imaging/engine';
import { storeResult, storeStreamedResult } from './deps';

/**
 * Stores the result and answers the tool body (docs/api.md): imageUrl, size, format, width, height, originalSize and
 * more, the picture named by its absolute address on the site `request` asked.
 */
export async function respondWithImage(
  request: Request,
  env: Env,
  outcome: EngineResult | StreamedResult,
  job: Pick<EngineServices, 'onPhase' | 'signal'> = {},
): Promise<Response> {
  // The last point where a cancelled job leaves nothing behind in R2 (a streamed one also stops between parts).
  throwIfCancelled(job.signal);
  job.onPhase?.('storing');
  let answer: Omit<ToolResult, 'compressionRatio'>;
  if ('stream' in outcome) {
    const { stream, ...rest } = outcome;
    const stored = await storeStreamedResult(env, stream, rest.format, job.signal);
    answer = {
      ...rest,
      imageUrl: stored.imageUrl,
      expiresAt: stored.expiresAt,
      size: stored.size,
      width: stored.header.width,
      height: stored.header.height,
    };
  } else {
    const { bytes, ...rest } = outcome;
    const { imageUrl, expiresAt } = await storeResult(env, bytes, rest.format);
    answer = { ...rest, imageUrl, expiresAt, size: bytes.length };
  }
  const saved = answer.originalSize > 0 ? Math.round((1 - answer.size / answer.originalSize) * 100) : 0;
  // 0 where the result is another picture (background removal's cut-out, an upscale's larger one) whatever its file
  // size: nothing was saved (docs/product.md §5.2).
  const ratio = makesNewPicture(answer.operation) ? 0 : Math.max(0, saved);
  const body: ToolResult = { ...answer, imageUrl: siteUrl(request, env, answer.imageUrl), compressionRatio: ratio };
  return json(body);
}
