/**
 * Convert: the picture written in another format, at the quality asked for the lossy ones. Small pictures are decoded
 * and encoded in the isolate; larger ones are written by the image service. Metadata is never carried over.
 */
import type { ConvertOptions } from '../../../../../../core/tools/convert';
import { animatedOutput, asStill, sameFrames } from '../../animation/keep';
import { ALPHA_FORMATS, LOSSY_FORMATS } from '../../codecs/encode';
import { resize } from '../../codecs/pixels';
import { hasTransparency } from '../../codecs/raster';
import { probe } from '../../intake/probe';
import { isolateOrService } from '../../pipeline/either-path';
import { fitOf, pixelsAt } from '../../pipeline/fit';
import { serviceWrites } from '../../pipeline/format';
import { assertServiceCan, pixelBudget, pixels, viaService } from '../../pipeline/paths';
import type { EngineServices, OperationEntry, Picture, Size } from '../../types';

export const convertOperation: OperationEntry<Omit<ConvertOptions, 'operation'>> = {
  // An animation is kept where it is converted to WebP, every frame written again; any other format holds one picture.
  async frames(job, o, animate) {
    const out = o.format === 'webp' ? animatedOutput(job.input, 'webp', Number(o.quality)) : null;
    if (!out) return asStill(job);
    return animate(job, sameFrames(job.input, `Converted from ${job.input.header.format.toUpperCase()}.`), out);
  },
  async run(job, o) {
    const { input, services, notes } = job;
    const { bytes, upright } = input;
    if (o.maintainMetadata) notes.push('Metadata is never carried over to converted files.');
    const quality = LOSSY_FORMATS.includes(o.format) ? o.quality : undefined;
    // "Fit within": scaled down (never up) in the same pass, so AVIF's 1,200 px a side is met before the click.
    const { size, fitted, note } = fitOf(upright, o.maxSide);
    if (note) notes.push(note);
    const written = await isolateOrService(job, {
      budget: 'convert',
      format: o.format,
      quality,
      output: size,
      inputToEncoder: true,
      async wasm(raster) {
        const out = sameSize(raster, size) ? raster : await resize(raster, size.width, size.height);
        if (!ALPHA_FORMATS.includes(o.format) && hasTransparency(out))
          notes.push(`${o.format.toUpperCase()} has no transparency: transparent areas were filled with white.`);
        return out;
      },
      // TIFF and BMP are written here only: a picture too large to read here, fitted to a size they are written at, is
      // scaled down by the image service first (one call) and written from its pixels (ADR 0168).
      otherwise: async () =>
        !serviceWrites(o.format) && fitted && pixels(size) <= pixelBudget('convert', o.format, quality)
          ? ((await pixelsAt(input, size, services))?.raster ?? null)
          : null,
      service: async () => ({ steps: fitted ? [{ op: 'resize', ...size, fit: 'stretch' }] : [] }),
      note: `Converted to ${o.format.toUpperCase()}${quality ? ` at quality ${quality}` : ''}.`,
    });
    const { bytes: made, width, height, engine } = written;
    return {
      operation: 'convert',
      originalSize: bytes.length,
      quality,
      notes,
      bytes: made,
      format: o.format,
      width,
      height,
      engine,
    };
  },
};

const sameSize = (a: Size, b: Size) => a.width === b.width && a.height === b.height;

/** Quality of the JPEG a HEIC is stored as for the editor: the canvas is drawn from it, and exports are made from that. */
export const HEIC_UPLOAD_QUALITY = 92;

/**
 * The picture as every browser draws it (the editor's canvas, ADR 0120): a HEIC, which only Safari shows, as the
 * JPEG the image service makes of it (one call, ADR 0132); anything else as it came.
 */
export async function browserCopy(input: Picture, images: EngineServices['images']): Promise<Picture> {
  if (input.header.format !== 'heic') return input;
  assertServiceCan(input, input.upright, 'jpeg');
  const out = await viaService(() =>
    images.run({ input: input.bytes, steps: [], output: { format: 'jpeg', quality: HEIC_UPLOAD_QUALITY } }),
  );
  return probe(out.bytes);
}
