import type { ToolResult } from '../../../../../core/api/tools';
import { json } from '../../http';
import { throwIfCancelled } from '../../cancel';
import type { EngineResult, EngineServices } from '../../imaging/engine';
import { storeResult } from './deps';

/** Stores the result and answers the spec's body: imageUrl, size, format, width, height, originalSize and more. */
export async function respondWithImage(env: Env, outcome: EngineResult, job: Pick<EngineServices, 'onPhase' | 'signal'> = {}): Promise<Response> {
  const { bytes, ...rest } = outcome;
  // The last point where a cancelled job leaves nothing behind in R2.
  throwIfCancelled(job.signal);
  job.onPhase?.('storing');
  const { imageUrl, expiresAt } = await storeResult(env, bytes, rest.format);
  const saved = rest.originalSize > 0 ? Math.round((1 - bytes.length / rest.originalSize) * 100) : 0;
  // The spec reports 0 for background removal, whose output is a different picture, not a smaller one.
  const ratio = rest.operation === 'remove-background' ? 0 : Math.max(0, saved);
  const body: ToolResult = { ...rest, imageUrl, expiresAt, size: bytes.length, compressionRatio: ratio };
  return json(body);
}
