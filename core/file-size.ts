/**
 * The one way the product writes a file size for a person (docs/product.md §5.1): decimal units, as file managers,
 * phone makers and social networks use them, so a KB is 1,000 bytes and an MB 1,000,000. The limits in core/limits.ts
 * are set in the same units, but for the upload limit: 10 × 1024 × 1024 bytes, said as "10 MB" (MAX_UPLOAD_MB).
 */

const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * "512 bytes", "1 byte", "9.87 KB", "498 KB", "3.75 MB": three significant figures, trailing zeros dropped
 * ("10 MB", never "10.0 MB"); a value that rounds up to 1,000 of a unit is written in the next one ("1 MB").
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 bytes';
  if (bytes < 1000) return `${Math.round(bytes)} ${Math.round(bytes) === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1000;
  let unit = 0;
  while (unit < UNITS.length - 1 && Number(value.toPrecision(3)) >= 1000) {
    value /= 1000;
    unit += 1;
  }
  return `${Number(value.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 2 })} ${UNITS[unit]}`;
}
