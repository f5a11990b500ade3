import { IMAGE_EXTENSIONS, type ImageFormat } from '../../../core/images/kinds';

/** Pure helpers shared by the tool screens (docs/product.md §5.1): sizes, download names, progress steps. */

/** Sizes as every screen writes them: the product's one formatter (decimal KB and MB, core/file-size.ts). */
export { formatBytes } from '../../../core/file-size';

/** "1 image", "3 images", "0 images": a count with its noun, never "1 images". */
export const countOf = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A button's object: "Convert 1 Image", "Convert 3 Images", and "Convert Images" before any is chosen. */
export const buttonCount = (n: number, one: string, many = `${one}s`) => (n === 0 ? many : countOf(n, one, many));

/** File extensions as the image route writes them (it renames to the bytes' type): .jpg, .tif … */
export const extensionOf = (format: string) =>
  IMAGE_EXTENSIONS[format.toLowerCase() as ImageFormat] ?? format.toLowerCase();

/** What each operation adds to the original name: holiday.jpg compressed is holiday-compressed.webp. */
const SUFFIX: Record<string, string> = {
  compress: 'compressed',
  upscale: 'upscaled',
  'remove-background': 'no-background',
  resize: 'resized',
  crop: 'cropped',
  rotate: 'rotated',
  flip: 'flipped',
  watermark: 'watermarked',
  blur: 'blurred',
  privacy: 'private',
  convert: 'converted',
};

function stemOf(originalName: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim() || 'image';
}

/**
 * A result's download name, after the file it came from: `{stem}-{what was done}.{format}`. A conversion to another
 * format keeps the stem alone (holiday.jpg → holiday.webp).
 */
export function resultName(originalName: string, operation: string, format: string): string {
  const stem = stemOf(originalName);
  const ext = extensionOf(format);
  const sameExt = originalName.toLowerCase().endsWith(`.${ext}`) || (ext === 'jpg' && /\.jpe?g$/i.test(originalName));
  if (operation === 'convert' && !sameExt) return `${stem}.${ext}`;
  return `${stem}-${SUFFIX[operation] ?? 'edited'}.${ext}`;
}

/**
 * A file name cut in its middle to at most `max` characters ("PXL_2026…beach.jpg"): phones name files by date and
 * number, so their ends tell two apart where a cut end ("PXL_2026…") would not. The full name goes in a title.
 */
export function middleEllipsis(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  // The end gets the odd character: it holds the extension and the part that differs.
  const head = Math.floor((max - 1) / 2);
  const tail = max - 1 - head;
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
}

/** ZIP entries must differ: a second holiday-resized.jpg becomes holiday-resized-2.jpg. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    if (n === 1) return name;
    const dot = name.lastIndexOf('.');
    return `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
  });
}

/** The ZIP of a batch, after the first file: holiday-and-19-more-resized.zip. */
export function zipName(originalNames: string[], operation: string): string {
  const first = stemOf(originalNames[0] ?? 'images');
  const rest = originalNames.length > 1 ? `-and-${originalNames.length - 1}-more` : '';
  return `${first}${rest}-${SUFFIX[operation] ?? 'edited'}.zip`;
}

/** A same-origin link that answers the stored image as an attachment with this name. */
export function downloadUrl(imageUrl: string, name: string): string {
  const sep = imageUrl.includes('?') ? '&' : '?';
  return `${imageUrl}${sep}download=${encodeURIComponent(name)}`;
}

/** Width/height inputs: integers, 0 when not a number (docs/product.md §5.3). */
export function parseDimension(value: string): number {
  const n = parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The other side of a box that keeps the ratio of `from` (rounded, at least 1). */
export const keepRatio = (side: number, from: { width: number; height: number }, axis: 'width' | 'height') =>
  Math.max(1, Math.round(axis === 'width' ? (side * from.height) / from.width : (side * from.width) / from.height));
