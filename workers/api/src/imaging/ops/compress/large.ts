/**
 * Compress for pictures over the isolate's budget: the image service encodes, the isolate chooses the settings. Every
 * service call is a billed transformation in production (ADR 0116), so each request makes at most
 * IMAGE_SERVICE_MAX_CALLS_PER_OPERATION of them:
 * - a given quality: one (two for `format=auto`: JPEG and WebP, the smaller kept);
 * - `quality=auto`: the sample tiles at full resolution (one call, raw pixels cut as they stream past), the search
 *   on them in the isolate with its own codecs (free), one encode of the sample by the service at the quality found
 *   (its encoder is not the isolate's: the judge measures what it really gives), then the whole photo at that
 *   quality, or at the quality the search's slope says closes the gap the measurement found (large-auto.ts);
 * - a target size: at most three whole encodes, each placed by the sizes the ones before measured (large-target.ts).
 */
import { acceptedFormats } from '../../../../../../core/tools/compress';
import { QUALITY } from '../../../../../../core/tools/fields';
import type { ImageService, ServiceFormat } from '../../service/types';
import type { CompressRequest } from '../../types';
import { autoLarge } from './large-auto';
import type { LargeCompressed, LargePicture, Whole } from './large-picture';
import { LARGE_TARGET_TRIES, targetLarge } from './large-target';

/** The lossy formats `format=auto` may choose between on a large picture: those accepted. */
const lossyAccepted = (accept?: string) =>
  (['jpeg', 'webp'] as const).filter((f) => !acceptedFormats(accept) || acceptedFormats(accept)!.includes(f));

/**
 * Which search a large compress makes, and how many billed calls it makes beyond the one encode any compress of the
 * picture needs: what it reserves of the visitor's daily budget of search calls (ADR 0148).
 */
export function largeSearch(
  req: CompressRequest,
  resolved: ServiceFormat,
): { kind: 'target' | 'auto' | 'both' | 'one'; extra: number } {
  if (req.targetBytes) return { kind: 'target', extra: LARGE_TARGET_TRIES - 1 };
  if (req.quality === 'auto' && resolved !== 'avif' && (req.format === 'auto' || resolved !== 'png'))
    return { kind: 'auto', extra: 2 };
  if (req.format === 'auto' && lossyAccepted(req.accept).length === 2) return { kind: 'both', extra: 1 };
  return { kind: 'one', extra: 0 };
}

/** The search calls granted beyond the one encode (ADR 0148), and the words why, when fewer than the search wanted. */
export interface ExtraCalls {
  extra: number;
  refused?: string;
}

/**
 * Large pictures: the image service encodes; the isolate only chooses the settings. AVIF comes only at a given
 * quality (the route refuses `auto` and a target size with it, compress.ts turns them to `format=auto`, ADR 0132).
 * `budget`: the calls beyond the one encode this request may make (ADR 0148). With fewer than its search needs,
 * `quality=auto` is one encode at the default quality, `format=auto` one format (JPEG), a target size fewer tries;
 * the notes say so.
 */
export async function compressLarge(
  images: ImageService,
  picture: LargePicture,
  req: CompressRequest,
  resolved: ServiceFormat,
  budget: ExtraCalls = { extra: Infinity },
): Promise<LargeCompressed> {
  if (resolved === 'avif' && (req.targetBytes || req.quality === 'auto'))
    throw new Error('AVIF is made at a given quality only');
  const encodeWhole: Whole = async (format, quality, size) =>
    (
      await images.run({
        input: picture.bytes,
        steps: size ? [...picture.steps, { op: 'resize', ...size, fit: 'stretch' }] : picture.steps,
        output: { format, ...(format === 'png' ? {} : { quality }) },
      })
    ).bytes;
  const search = largeSearch(req, resolved);
  const refused = budget.extra < search.extra ? (budget.refused ?? 'no tries were left') : '';
  const short = refused ? ` (${refused})` : '';
  if (search.kind === 'target')
    return targetLarge(
      encodeWhole,
      req.format === 'auto' ? 'jpeg' : resolved,
      req.targetBytes!,
      req.format === 'auto',
      1 + Math.min(search.extra, budget.extra),
      short,
      picture.size,
    );
  if (search.kind === 'auto' && !short)
    return autoLarge(images, picture, req.format === 'auto' ? 'auto' : resolved, encodeWhole, req.accept);
  if (search.kind === 'auto') {
    const fixed = await compressLarge(images, picture, { ...req, quality: QUALITY.default }, resolved, {
      extra: 0,
      refused: budget.refused,
    });
    const note = `Compressed at quality ${QUALITY.default} without searching for the smallest file that looks the same: ${refused}.`;
    return { ...fixed, notes: [note, ...fixed.notes.filter((n) => !n.startsWith('Compressed at quality'))] };
  }
  if (req.format === 'auto') {
    const lossy = lossyAccepted(req.accept);
    if (lossy.length === 1 || short) {
      const only = lossy.length === 1 ? lossy[0]! : 'jpeg';
      const why =
        lossy.length === 1 ? 'the only format accepted that suits this picture' : `WEBP was not tried as well${short}`;
      return {
        bytes: await encodeWhole(only, req.quality as number),
        format: only,
        quality: req.quality as number,
        notes: [`Compressed at quality ${req.quality}.`],
        formatReason: `${only.toUpperCase()}: ${why}.`,
      };
    }
    const jpeg = await encodeWhole('jpeg', req.quality as number);
    const webp = await encodeWhole('webp', req.quality as number);
    const [best, other] =
      webp.length < jpeg.length
        ? [
            { bytes: webp, format: 'webp' as const },
            { bytes: jpeg, format: 'jpeg' },
          ]
        : [
            { bytes: jpeg, format: 'jpeg' as const },
            { bytes: webp, format: 'webp' },
          ];
    const smaller = Math.max(1, Math.round((other.bytes.length / best.bytes.length - 1) * 100));
    return {
      ...best,
      quality: req.quality as number,
      notes: [
        `Saved as ${best.format.toUpperCase()}: at quality ${req.quality} it is ${smaller}% smaller than ${other.format.toUpperCase()}.`,
      ],
      formatReason: `${best.format.toUpperCase()}: ${smaller}% smaller than ${other.format.toUpperCase()} at quality ${req.quality}.`,
    };
  }
  if (resolved === 'png')
    return { bytes: await encodeWhole('png'), format: 'png', notes: ['Compressed losslessly as PNG.'] };
  const quality = req.quality as number;
  return {
    bytes: await encodeWhole(resolved, quality),
    format: resolved,
    quality,
    notes: [`Compressed at quality ${quality}.`],
  };
}
