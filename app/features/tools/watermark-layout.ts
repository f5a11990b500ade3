import { WATERMARK_REFERENCE_WIDTH, type WatermarkPosition } from '../../../core/api/tools';

/**
 * Where the server draws the watermark (workers/api/src/imaging/watermark.ts), in image pixels, so the live preview
 * can draw the same text at the same place: a strip as wide as the picture, placed top, centre or bottom with a
 * margin, the text anchored start/middle/end with a side padding.
 */
export function watermarkLayout(width: number, height: number, size: number, position: WatermarkPosition) {
  const fontPx = Math.max(8, Math.round((size * width) / WATERMARK_REFERENCE_WIDTH));
  const stripHeight = Math.ceil(fontPx * 1.5);
  const pad = Math.round(Math.max(fontPx * 0.5, width * 0.02));
  const anchor = position.endsWith('left') ? 'start' : position.endsWith('right') ? 'end' : 'middle';
  const x = anchor === 'start' ? pad : anchor === 'end' ? width - pad : width / 2;
  const margin = Math.round(Math.max(height * 0.02, stripHeight * 0.2));
  const top = position === 'center' ? Math.round((height - stripHeight) / 2) : position.startsWith('top') ? margin : height - stripHeight - margin;
  return { fontPx, x, baseline: top + Math.round(fontPx * 1.1), anchor } as const;
}
