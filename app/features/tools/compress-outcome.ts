import type { ToolResult } from '../../../core/api/tools';
import { formatBytes } from '../../../core/file-size';

/**
 * What a compress did, in words, for its toast and its result card alike: a target reached (and how) or missed, a
 * file that came out larger than the original (a HEIC, whose original cannot be given back), or plainly smaller.
 * Only `smaller` and `reached` are shown as a success: never a green "Saved" beside a missed target.
 */
export interface CompressOutcome {
  kind: 'smaller' | 'reached' | 'missed' | 'grew';
  title: string;
  text: string;
}

export interface Asked {
  /** The target size sent, in bytes, where one was. */
  targetBytes?: number;
  /** The picture sent: its name, type and upright size. */
  name: string;
  type: string;
  size: { width: number; height: number };
}

const px = (s: { width: number; height: number }) =>
  `${s.width.toLocaleString('en-US')} × ${s.height.toLocaleString('en-US')} px`;

export function compressOutcome(result: ToolResult, asked: Asked): CompressOutcome {
  const { size, originalSize } = result;
  const target = asked.targetBytes;
  if (target && size > target)
    return {
      kind: 'missed',
      title: 'Target size not reached',
      text: `Could not reach ${formatBytes(target)}; the smallest was ${formatBytes(size)}.`,
    };
  if (size >= originalSize) {
    const heic = /\.(heic|heif)$/i.test(asked.name) || /hei[cf]/i.test(asked.type);
    const made = result.format.toUpperCase();
    return {
      kind: 'grew',
      title: `The ${made} is larger than your ${heic ? 'HEIC' : 'original'}`,
      text: heic
        ? `${formatBytes(size)} against the HEIC's ${formatBytes(originalSize)}: HEIC is already a very efficient format, so the same picture as ${made} is larger. Choose WebP or AVIF, or a lower quality, for a smaller file.`
        : `${formatBytes(size)} against ${formatBytes(originalSize)}.`,
    };
  }
  const from = `${formatBytes(originalSize)} → ${formatBytes(size)}`;
  if (!target)
    return {
      kind: 'smaller',
      title: 'Image compressed successfully!',
      text: `Reduced by ${result.compressionRatio}% (${from})`,
    };
  const scaled = result.width < asked.size.width || result.height < asked.size.height;
  return {
    kind: 'reached',
    title: 'Target size reached',
    text: scaled
      ? `Reached ${formatBytes(size)} (target ${formatBytes(target)}) by making the picture ${px(result)} (it was ${px(asked.size)}).`
      : `Reached ${formatBytes(size)} (target ${formatBytes(target)}), ${result.compressionRatio}% smaller (${from}).`,
  };
}
