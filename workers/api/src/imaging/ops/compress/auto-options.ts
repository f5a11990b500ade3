/**
 * What `format=auto` and `quality=auto` start from on a picture: the formats that suit it and the caller accepts
 * (ADR 0135), and the image service's AVIF encoder with its tries on the visitor's budget of search calls (ADR 0148).
 */
import { IMAGE_SERVICE_MAX_CALLS_PER_OPERATION } from '../../../../../../core/image-service';
import { acceptedFormats } from '../../../../../../core/tools/compress';
import type { OutputFormat } from '../../codecs/encode';
import { hasTransparency, type Raster } from '../../codecs/raster';
import type { CompressRequest, EngineServices } from '../../types';
import { autoCandidates } from './auto';
import type { AutoOptions } from './auto-whole';
import { AVIF_TRIES, avifRefusal, serviceAvif, type AvifEncoder } from './avif';

/**
 * The formats `format=auto` may choose on a picture (ADR 0135): AVIF, WebP and JPEG for an opaque one, WebP, AVIF and
 * PNG with transparency; AVIF only with `quality=auto` (the judge compares formats at equal faithfulness, quality
 * numbers do not). Restricted to what the caller accepts (AVIF only when it says so); where that leaves none, the
 * format every viewer shows.
 */
export function autoFormats(raster: Raster, req: CompressRequest): OutputFormat[] {
  const suited = autoCandidates('auto', raster).concat(req.quality === 'auto' && !req.targetBytes ? ['avif'] : []);
  // A caller that has not said what it shows gets what it got before AVIF was a choice.
  const accepted = acceptedFormats(req.accept) ?? UNSAID;
  const allowed = suited.filter((f) => (accepted as readonly string[]).includes(f));
  return allowed.length ? allowed : [hasTransparency(raster) ? 'png' : 'jpeg'];
}

/** What `format=auto` chooses among when the caller names no format (no `accept`, no image type in `Accept`). */
const UNSAID = ['webp', 'jpeg', 'png'] as const;

/**
 * What `quality=auto` needs here: whether the picture has its own profile and was a JPEG (anchor.ts), and the image
 * service's AVIF encoder or why it cannot be tried (avif.ts).
 */
export const autoOptions = (
  services: EngineServices | undefined,
  raster: Raster,
  input: { profiled: boolean; jpeg: boolean },
): AutoOptions => {
  const refused = avifRefusal(raster, input.profiled);
  return {
    ownProfile: input.profiled,
    jpeg: input.jpeg,
    ...(refused || !services ? { avifRefused: refused ?? undefined } : { avif: serviceAvif(services.images) }),
  };
};

/**
 * `autoOptions` with AVIF's tries on the visitor's daily budget of search calls (ADR 0148): the most a search makes
 * (IMAGE_SERVICE_MAX_CALLS_PER_OPERATION) is reserved before it starts; with fewer than its two first tries left,
 * AVIF is not tried and the note says why; `settle` gives back the tries not made.
 */
export async function budgetedAutoOptions(
  services: EngineServices,
  raster: Raster,
  req: CompressRequest,
  input: { profiled: boolean; jpeg: boolean },
  most = IMAGE_SERVICE_MAX_CALLS_PER_OPERATION,
) {
  const options = autoOptions(services, raster, input);
  const { avif } = options;
  if (!avif || !services.allowance || req.format !== 'auto' || !autoFormats(raster, req).includes('avif'))
    return { options: { ...options, avifCalls: most }, settle: async () => undefined };
  const reserved = await services.allowance.searchCalls(most);
  if (reserved.granted < AVIF_TRIES.length) {
    await reserved.settle(0);
    return {
      options: { ...options, avif: undefined, avifRefused: `AVIF was not tried: ${reserved.refused}.` },
      settle: async () => undefined,
    };
  }
  let made = 0;
  const counted: AvifEncoder = (picture, quality) => {
    made += 1;
    return avif(picture, quality);
  };
  return { options: { ...options, avif: counted, avifCalls: reserved.granted }, settle: () => reserved.settle(made) };
}
