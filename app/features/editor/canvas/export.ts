import type { Canvas } from 'fabric';
import type { ExportFormat } from '../../../../core/api/memes';
import type { Rect } from '../model/geometry';

export type { ExportFormat };

/** The canvas rectangle a download holds and its file pixels per canvas pixel. */
export interface ExportRegion extends Rect {
  multiplier: number;
}

export type ExportEstimate = Record<ExportFormat, number> & { width: number; height: number };

const MIME = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
/** Spec §9: exported with quality 1 (no visible loss for lossy formats). */
const QUALITY = 1;

/**
 * fabric sizes the output as region × multiplier and the element truncates it, so the region is widened by a
 * hair to land on the rounded pixel size (a 4000 px photo exports at 4000, not 3999).
 */
function render(canvas: Canvas, region: ExportRegion): HTMLCanvasElement {
  const { left, top, multiplier: m } = region;
  const width = Math.max(1, Math.round(region.width * m));
  const height = Math.max(1, Math.round(region.height * m));
  return canvas.toCanvasElement(m, { left, top, width: (width + 0.01) / m, height: (height + 0.01) / m });
}

export function exportDataUrl(canvas: Canvas, format: ExportFormat, region: ExportRegion): string {
  return render(canvas, region).toDataURL(MIME[format], QUALITY);
}

/** Encodes the meme in every format once, as the download would, and answers the byte counts. */
export async function estimateSizes(canvas: Canvas, region: ExportRegion): Promise<ExportEstimate> {
  const el = render(canvas, region);
  const size = (format: ExportFormat) =>
    new Promise<number>((resolve) => el.toBlob((b) => resolve(b?.size ?? 0), MIME[format], QUALITY));
  const [png, jpg, webp] = [await size('png'), await size('jpg'), await size('webp')];
  return { png, jpg, webp, width: el.width, height: el.height };
}
