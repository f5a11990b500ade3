import type { Canvas, FabricObject } from 'fabric';
import { Group } from 'fabric';
import type { ExportFormat } from '../../../../core/api/memes';
import { FORMAT_OVERHEAD, sampleStrips, scaleEstimate, type OutputSize } from '../model/export-plan';
import type { Rect } from '../model/geometry';
import type { Encoder } from './encoder';
import { withoutExamples } from './examples';

export type { ExportFormat };

function everyObject(objects: FabricObject[]): FabricObject[] {
  return objects.flatMap((o) => (o instanceof Group ? [o, ...everyObject(o.getObjects())] : [o]));
}

/**
 * Draws `region` of the canvas at `out`'s pixel size. A photo shown small is drawn down from its own pixels with
 * the browser's best smoothing (the default is the fastest, which leaves jagged edges in a 2048 px share copy),
 * and objects are drawn straight rather than through fabric's caches, which fabric caps at 2 MP and would blur
 * large text on a 12 MP export. fabric sizes the output as region × multiplier and the element truncates it, so
 * the region is widened by a hair to land on the rounded pixel size (a 4000 px photo exports at 4000, not 3999).
 */
export function renderRegion(canvas: Canvas, region: Rect, out: OutputSize): HTMLCanvasElement {
  const m = out.multiplier;
  const objects = everyObject(canvas.getObjects());
  const caching = objects.map((o) => o.objectCaching);
  const smooth = ({ ctx }: { ctx: CanvasRenderingContext2D }) => {
    ctx.imageSmoothingQuality = 'high';
  };
  objects.forEach((o) => (o.objectCaching = false));
  canvas.on('before:render', smooth);
  try {
    // A template's examples are placeholders on screen, never part of the file (ADR 0161).
    return withoutExamples(canvas, () =>
      canvas.toCanvasElement(m, {
        left: region.left,
        top: region.top,
        width: (out.width + 0.01) / m,
        height: (out.height + 0.01) / m,
      }),
    );
  } finally {
    canvas.off('before:render', smooth);
    // Drawing uncached dropped each cache; fabric makes a new one, marked dirty, at the next screen render.
    objects.forEach((o, i) => (o.objectCaching = caching[i] ?? true));
  }
}

/**
 * A short canvas of full-width strips cut from `el` (model/export-plan.ts), stacked, or `el` itself when it is
 * small: its encoded size, scaled by pixel count, estimates the whole file's without encoding the whole picture.
 */
export function sampleOf(el: HTMLCanvasElement): { sample: HTMLCanvasElement; share: number } {
  const strips = sampleStrips(el.width, el.height);
  if (!strips) return { sample: el, share: 1 };
  const rows = strips[0]!.height;
  const sample = document.createElement('canvas');
  sample.width = el.width;
  sample.height = strips.length * rows;
  const ctx = sample.getContext('2d')!;
  strips.forEach((s, i) => ctx.drawImage(el, 0, s.top, el.width, rows, 0, i * rows, el.width, rows));
  return { sample, share: sample.height / el.height };
}

/** The estimated file size of `el` in `format` at `quality`, from its sample's encoded size. */
export async function estimateBytes(
  encoder: Encoder,
  el: HTMLCanvasElement,
  sample: { sample: HTMLCanvasElement; share: number },
  format: ExportFormat,
  quality: number,
  signal?: AbortSignal,
): Promise<number> {
  const blob = await encoder.encode(sample.sample, format, quality, signal);
  if (sample.share === 1) return blob.size;
  return scaleEstimate(
    blob.size,
    sample.sample.width * sample.sample.height,
    el.width * el.height,
    FORMAT_OVERHEAD[format],
  );
}
