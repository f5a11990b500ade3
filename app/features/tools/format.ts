import { IMAGE_EXTENSIONS, type ImageFormat } from '../../../core/api/images';

/** Pure helpers shared by the tool screens (spec part 2 §9): sizes, download names, progress steps. */

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** 'N Bytes/KB/MB/GB', base 1024, at most 2 decimals (trailing zeros dropped, as the spec's examples show). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${UNITS[i]}`;
}

/** File extensions as the image route writes them (it renames to the bytes' type): .jpg, .tif … */
export const extensionOf = (format: string) => IMAGE_EXTENSIONS[format.toLowerCase() as ImageFormat] ?? format.toLowerCase();

export const optimizedName = (format: string, now = Date.now()) => `optimized-${now}.${extensionOf(format)}`;
export const modifiedName = (format: string, now = Date.now()) => `modified-${now}.${extensionOf(format)}`;
export const batchName = (n: number, format: string, now = Date.now()) => `modified-${n}-${now}.${extensionOf(format)}`;
export const securedName = (format: string, now = Date.now()) => `secured-${now}.${extensionOf(format)}`;

/** converted-{original name without its extension}.{format} */
export function convertedName(originalName: string, format: string): string {
  const dot = originalName.lastIndexOf('.');
  const stem = dot > 0 ? originalName.slice(0, dot) : originalName;
  return `converted-${stem || 'image'}.${extensionOf(format)}`;
}

/** A same-origin link that answers the stored image as an attachment with this name. */
export function downloadUrl(imageUrl: string, name: string): string {
  const sep = imageUrl.includes('?') ? '&' : '?';
  return `${imageUrl}${sep}download=${encodeURIComponent(name)}`;
}

/** The spec's fake progress: +step every tick, never past the cap until the server answers. */
export const FAKE_PROGRESS_CAP = 90;
export const nextFakeProgress = (current: number, step: number) => Math.min(FAKE_PROGRESS_CAP, current + step);

/** Batch and convert progress: the share of files handled so far, in whole percent. */
export const shareDone = (done: number, total: number) => (total <= 0 ? 0 : Math.round((done / total) * 100));

/** Width/height inputs: integers, 0 when not a number (spec §5). */
export function parseDimension(value: string): number {
  const n = parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** The other side of a box that keeps the ratio of `from` (rounded, at least 1). */
export const keepRatio = (side: number, from: { width: number; height: number }, axis: 'width' | 'height') =>
  Math.max(1, Math.round(axis === 'width' ? (side * from.height) / from.width : (side * from.width) / from.height));
