/**
 * Convert: the picture written in another format, at the quality asked for the lossy ones. Small pictures are decoded
 * and encoded in the isolate; larger ones are written by the image service. Metadata is never carried over.
 */
import type { ConvertOptions } from '../../../../../../core/tools/convert';
import { animatedOutput, asStill, sameFrames } from '../../animation/keep';
import { runAnimated } from '../../animation/run';
import { decode } from '../../codecs/decode';
import { ALPHA_FORMATS, encode, LOSSY_FORMATS } from '../../codecs/encode';
import { resize } from '../../codecs/pixels';
import { hasTransparency, type Raster } from '../../codecs/raster';
import { fitOf, pixelsAt } from '../../pipeline/fit';
import { serviceWrites } from '../../pipeline/format';
import {
  assertServiceCan,
  beyondBoth,
  decodes,
  pixelBudget,
  pixels,
  reach,
  readableByService,
  viaService,
} from '../../pipeline/paths';
import { probe } from '../../intake/probe';
import type { EngineServices, OperationEntry, Picture } from '../../types';

export const convertOperation: OperationEntry<Omit<ConvertOptions, 'operation'>> = {
  // An animation is kept where it is converted to WebP, every frame written again; any other format holds one picture.
  async frames(job, o) {
    const out = o.format === 'webp' ? animatedOutput(job.input, 'webp', Number(o.quality)) : null;
    if (!out) return asStill(job);
    return runAnimated(job, sameFrames(job.input, `Converted from ${job.input.header.format.toUpperCase()}.`), out);
  },
  async run({ input, services, notes }, o) {
    const { header, bytes, upright } = input;
    if (o.maintainMetadata) notes.push('Metadata is never carried over to converted files.');
    const quality = LOSSY_FORMATS.includes(o.format) ? o.quality : undefined;
    const base = { operation: 'convert', originalSize: bytes.length, quality, notes };
    const described = `Converted to ${o.format.toUpperCase()}${quality ? ` at quality ${quality}` : ''}.`;
    // "Fit within": scaled down (never up) in the same pass, so AVIF's 1,200 px a side is met before the click.
    const { size, fitted, note } = fitOf(upright, o.maxSide);
    if (note) notes.push(note);
    const written = async (raster: Raster) => {
      if (!ALPHA_FORMATS.includes(o.format) && hasTransparency(raster))
        notes.push(`${o.format.toUpperCase()} has no transparency: transparent areas were filled with white.`);
      notes.push(described);
      reach(services, 'encoding');
      return {
        ...base,
        bytes: await encode(raster, o.format, { quality: o.quality }),
        format: o.format,
        width: raster.width,
        height: raster.height,
        engine: 'wasm' as const,
      };
    };
    if (decodes(input) && pixels(upright) <= pixelBudget('convert', o.format, quality)) {
      const raster = await decode(bytes, header);
      return written(fitted ? await resize(raster, size.width, size.height) : raster);
    }
    const format = o.format;
    // TIFF and BMP are written here only: a picture too large to read here, fitted to a size they are written at, is
    // scaled down by the image service first (one call) and written from its pixels (ADR 0168).
    if (!serviceWrites(format) && fitted && pixels(size) <= pixelBudget('convert', format, quality)) {
      const at = await pixelsAt(input, size, services);
      if (at) return written(at.raster);
    }
    const readable = serviceWrites(format) ? await readableByService(input) : null;
    if (!readable || !serviceWrites(format))
      throw beyondBoth('convert', format, header, pixels(upright), pixels(upright));
    assertServiceCan(readable, size, format);
    const steps = fitted ? [{ op: 'resize' as const, ...size, fit: 'stretch' as const }] : [];
    const out = await viaService(() =>
      services.images.run({ input: readable.bytes, steps, output: { format, quality } }),
    );
    notes.push(described);
    return { ...base, bytes: out.bytes, format, width: out.width, height: out.height, engine: 'images' };
  },
};

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
