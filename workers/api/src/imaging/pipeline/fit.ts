/**
 * "Fit within N px" (`maxSide`) for Convert and Compress (ADR 0164, 0168): the size a picture is written at (scaled
 * down, aspect kept, never up: core/tools/fields.ts `fitWithin`), the note that says so, and the picture's pixels at
 * that size for a writer that needs them in the isolate (Compress's search, TIFF and BMP).
 */
import { fitWithin } from '../../../../../core/tools/fields';
import { decode } from '../codecs/decode';
import { resize } from '../codecs/pixels';
import type { Raster } from '../codecs/raster';
import type { EngineServices, Picture, PixelPlan, Size } from '../types';
import { assertServiceCan, decodes, pixels, readableByService, readsInIsolate, viaService } from './paths';

export interface Fit {
  size: Size;
  fitted: boolean;
  /** Said where the picture was scaled down: from what, to what. */
  note?: string;
}

const px = (n: number) => n.toLocaleString('en-US');

/** The size `maxSide` gives a picture of `upright` size, and the words for it. */
export function fitOf(upright: Size, maxSide: number | undefined): Fit {
  const size = fitWithin(upright, maxSide);
  if (size === upright) return { size, fitted: false };
  return {
    size,
    fitted: true,
    note: `Scaled down to fit within ${px(maxSide!)} px: ${px(size.width)} × ${px(size.height)} (from ${px(upright.width)} × ${px(upright.height)}).`,
  };
}

/** Whether the isolate decodes the picture and resizes it (the resize budget holds the larger of input and output). */
export const resizesInIsolate = (input: Picture) => decodes(input) && readsInIsolate(input, 'resize');

/** The picture scaled to exactly `size`, as a plan within resize's budget (compress's `maxSide` on every frame). */
export const scalePlan = (size: Size): PixelPlan => ({
  budget: 'resize',
  output: size,
  wasm: (raster) => resize(raster, size.width, size.height),
  service: async () => ({ steps: [{ op: 'resize', ...size, fit: 'stretch' }] }),
  note: `Stretched to ${size.width}×${size.height}.`,
});

/**
 * The picture's pixels at `size`: decoded and resized here where the isolate can, else the image service's resize of
 * it as raw RGBA, one call (its values are the file's own, a colour profile taken off and put back by the caller's
 * encode: service/profile.ts). Null where the service cannot read the picture either.
 */
export async function pixelsAt(
  input: Picture,
  size: Size,
  services: EngineServices,
): Promise<{ raster: Raster; byService: boolean } | null> {
  if (resizesInIsolate(input)) {
    const raster = await decode(input.bytes, input.header);
    return {
      raster:
        raster.width === size.width && raster.height === size.height
          ? raster
          : await resize(raster, size.width, size.height),
      byService: false,
    };
  }
  const readable = await readableByService(input);
  if (!readable) return null;
  assertServiceCan(readable, size, 'png');
  const out = await viaService(() =>
    services.images.run({
      input: readable.bytes,
      steps: [{ op: 'resize', ...size, fit: 'stretch' }],
      output: { format: 'rgba' },
    }),
  );
  if (out.width !== size.width || out.height !== size.height || out.bytes.length !== pixels(size) * 4)
    throw new Error('the image service answered another size');
  return {
    raster: {
      data: new Uint8ClampedArray(out.bytes.buffer, out.bytes.byteOffset, out.bytes.length),
      width: size.width,
      height: size.height,
    },
    byService: true,
  };
}
