import type { Canvas } from 'fabric';
import type { ExportFormat } from '../../../../core/api/memes';
import { EXPORT_SCALE } from '../../../../core/limits';

export type { ExportFormat };

const FABRIC_FORMAT = { png: 'png', jpg: 'jpeg', webp: 'webp' } as const;

/** Spec §9: export at 2× with quality 1. */
export function exportDataUrl(canvas: Canvas, format: ExportFormat): string {
  return canvas.toDataURL({ format: FABRIC_FORMAT[format], quality: 1, multiplier: EXPORT_SCALE, enableRetinaScaling: false });
}
