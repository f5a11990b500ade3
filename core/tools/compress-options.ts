/**
 * Compress (Optimize tab and batch): a quality, `auto` (smallest file that looks the same), or a target size.
 * `format=original` keeps the container; `format=auto` lets the engine choose JPEG or WebP (WebP or PNG with
 * transparency), and with `quality=auto` also AVIF (ADR 0135), among the formats the caller accepts (`accept`, else
 * the image types its `Accept` header names), and say which and why. `format=avif` is made by the image service at
 * the quality given, at most 1,200 px a side (ADR 0132).
 */
// Zod-free, so the tool screens import no zod; compress.ts re-exports this beside its schema (ADR 0195).
import { AVIF_MAX_SIDE } from '../image-service';

export const COMPRESS_FORMATS = ['original', 'auto', 'jpeg', 'png', 'webp', 'avif'] as const;
export type CompressFormat = (typeof COMPRESS_FORMATS)[number];
export const COMPRESS_FORMAT_LABELS: Record<CompressFormat, string> = {
  original: 'Keep Original',
  auto: 'Auto (best format for this picture)',
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  avif: 'AVIF (up to 1,200 px)',
};
export const AVIF_SEARCH_MESSAGE =
  'AVIF is made at a quality you choose: auto quality and a target size are for JPEG, PNG and WebP.';
/** What a caller may say it can show (`accept`), for `format=auto` to choose among (ADR 0135). */
export const ACCEPTABLE_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const;
export type AcceptableFormat = (typeof ACCEPTABLE_FORMATS)[number];
export const ACCEPT_MESSAGE = `accept must be a comma-separated list of ${ACCEPTABLE_FORMATS.join(', ')} (for example avif,webp,jpeg).`;

/** The formats an `accept` field names (`jpg` is JPEG), or undefined when it is absent (every format). */
export function acceptedFormats(field: string | undefined): AcceptableFormat[] | undefined {
  if (field === undefined) return undefined;
  const named = field.split(',').map((f) => f.trim().toLowerCase().replace(/^jpg$/, 'jpeg'));
  return ACCEPTABLE_FORMATS.filter((f) => named.includes(f));
}

/**
 * An `accept` field from an HTTP `Accept` header: the image types it names with a quality above zero, or undefined
 * when it names none of them, or `image/*` (then `format=auto` chooses among JPEG, WebP and PNG, as before AVIF).
 */
export function acceptFromHeader(header: string | null): string | undefined {
  const found: AcceptableFormat[] = [];
  for (const part of (header ?? '').split(',')) {
    const [type = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (params.some((p) => /^q=0(?:\.0*)?$/.test(p))) continue;
    if (type === 'image/*') return undefined;
    const format = ACCEPTABLE_FORMATS.find((f) => type === `image/${f}`);
    if (format && !found.includes(format)) found.push(format);
  }
  return found.length ? found.join(',') : undefined;
}
/** 1 KB (decimal, core/file-size.ts): the Target size field is in KB. */
export const TARGET_BYTES_MIN = 1000;

/**
 * The sizes the Compress screen offers before the click (ADR 0168), sent as `maxSide`: the picture scaled down to fit,
 * never up. 2,048 px is a full-width picture on a 1,024 px page column at a phone's or laptop's 2× density (a 12 MP
 * photo keeps a quarter of its pixels); 1,200 px is the most AVIF is made at a side (production's binding, ADR 0135),
 * so Auto can choose AVIF, and the common size of a link preview or a blog picture.
 */
export const WEB_READY_SIDE = 2_048;
export const COMPRESS_SIZES = [
  { id: 'original', label: 'Original size' },
  { id: 'web', label: `Web-ready: fit within ${WEB_READY_SIDE.toLocaleString('en-US')} px`, maxSide: WEB_READY_SIDE },
  {
    id: 'small',
    label: `Fit within ${AVIF_MAX_SIDE.toLocaleString('en-US')} px (AVIF possible)`,
    maxSide: AVIF_MAX_SIDE,
  },
] as const satisfies readonly { id: string; label: string; maxSide?: number }[];
export type CompressSize = (typeof COMPRESS_SIZES)[number]['id'];
/** The `maxSide` a size choice sends, or undefined for the original size. */
export function maxSideOfSize(id: CompressSize): number | undefined {
  const size = COMPRESS_SIZES.find((s) => s.id === id);
  return size && 'maxSide' in size ? size.maxSide : undefined;
}
/** The batch (Modify tab) compresses at this quality unless told otherwise. */
export const BATCH_COMPRESS_QUALITY = 90;
