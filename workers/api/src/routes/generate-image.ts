import { generateImageRequestSchema, type GenerateImageResponse } from '../../../../core/api/ai';
import { MAX_JSON_BYTES } from '../../../../core/limits';
import { getAiProvider } from '../ai';
import { upstreamError } from '../ai/upstream';
import { json, readJson, siteUrl } from '../http';
import type { RequestContext } from '../identity/request-context';
import { sniffImage } from '../imaging/engine';
import { quotaSubjectOf, withAiUnit } from '../quota';
import { imageTtlSeconds, putTemporary } from '../storage/image-store';
import { parseWith } from '../validate';

/**
 * POST /api/generate-image { prompt }: one unit of the daily AI allowance, refunded if generation or storing fails
 * and when the provider could only draw an offline preview card (that is not a generation, so it costs nothing).
 * The answer names the provider, and says so when the image is an offline preview rather than a generation.
 */
export async function postGenerateImage(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const { prompt } = parseWith(generateImageRequestSchema, await readJson(request, MAX_JSON_BYTES));
  const provider = getAiProvider(env, context.billed.bill);
  const subject = await quotaSubjectOf(request, env, context);
  const body = await withAiUnit(
    env,
    ctx,
    subject,
    async (): Promise<GenerateImageResponse> => {
      const image = await provider.generateImage(prompt);
      // Never store what the provider claims is an image without checking it is one.
      const sniffed = sniffImage(image.bytes);
      if (!sniffed.ok) throw upstreamError('generate the image', new Error(`provider answered ${sniffed.problem}`));
      const stored = await putTemporary(env.BUCKET, image.bytes, {
        contentType: sniffed.info.mimeType,
        ttlSeconds: imageTtlSeconds(env),
        metadata: { format: sniffed.info.format },
      });
      return {
        imageUrl: siteUrl(request, env, stored.url),
        provider: provider.name,
        isPlaceholder: image.isPlaceholder,
        ...(image.note ? { note: image.note } : {}),
      };
    },
    (result) => result.isPlaceholder,
  );
  return json(body);
}
