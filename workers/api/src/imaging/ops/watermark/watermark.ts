/**
 * Watermark: a line of text, or the person's logo, at a corner or the centre, or tiled over the whole picture
 * (ADR 0163). Text is drawn by resvg with the bundled OFL font; a logo is decoded and scaled in the isolate (it is
 * small). Small pictures get the mark composited in the isolate; large ones get it as small PNG overlays the image
 * service draws at the same places and opacity: one strip as wide as the picture per line of text or row of tiles,
 * so the result matches the live preview at any size and a tiled mark is one call, not one per tile.
 */
import {
  logoSize,
  markPlace,
  watermarkStripTop,
  watermarkMarkProblem,
  watermarkTiles,
  type WatermarkOptions,
} from '../../../../../../core/tools/watermark';
import { plainPng } from '../../codecs/plain-png';
import { composite, compositeInto } from '../../codecs/pixels';
import { createRaster, type Raster } from '../../codecs/raster';
import type { ServiceOverlay } from '../../service/types';
import { renderTextStrip, renderTextTile, watermark } from './draw';
import { logoBox, logoRaster, readLogo, type Logo } from './logo';
import { HttpError } from '../../../errors';
import { everyFrame } from '../../animation/keep';
import type { OperationEntry, PixelPlan, Size } from '../../types';

/** The parsed fields, with the `logo` file read (routes/tools/security.ts) in place of its description. */
export type WatermarkRequest = Omit<WatermarkOptions, 'operation' | 'logo'> & { logo?: Logo };

const png = (r: Raster) =>
  plainPng(new Uint8Array(r.data.buffer, r.data.byteOffset, r.data.byteLength), r.width, r.height, 4);

/** The mark drawn once: the logo at its size on this picture, or the text cut to its drawn box. */
function markOf(picture: Size, o: WatermarkRequest): () => Promise<Raster> {
  let made: Promise<Raster> | undefined;
  return () =>
    (made ??= o.logo
      ? (async (logo) => {
          const box = logoSize(picture.width, o.size, logoBox(logo));
          return logoRaster(logo, box.width, box.height);
        })(o.logo)
      : renderTextTile(picture.width, { text: o.text ?? '', size: o.size, color: o.color }));
}

/** A row of tiles as one transparent strip as wide as the picture (tiles never overlap: they are copied, not blended). */
function rowStrip(width: number, height: number, mark: Raster, xs: readonly number[]): Raster {
  const strip = createRaster(width, height);
  for (const x of xs) {
    for (let row = 0; row < height; row++) {
      const from = Math.max(0, -x);
      const to = Math.min(mark.width, width - x);
      if (to <= from) continue;
      strip.data.set(
        mark.data.subarray((row * mark.width + from) * 4, (row * mark.width + to) * 4),
        (row * width + x + from) * 4,
      );
    }
  }
  return strip;
}

/** The rows of a tiled mark as overlays: one PNG per distinct row (the two staggers, and a last row cut short). */
function tiledOverlays(picture: Size, mark: Raster, opacity: number): ServiceOverlay[] {
  const made = new Map<string, Uint8Array>();
  return watermarkTiles(picture, mark).rows.map(({ y, xs }) => {
    const height = Math.min(mark.height, picture.height - y);
    const key = `${xs[0]}:${height}`;
    let image = made.get(key);
    if (!image) made.set(key, (image = png(rowStrip(picture.width, height, mark, xs))));
    return { image, left: 0, top: y, opacity };
  });
}

export function planWatermark(picture: Size, o: WatermarkRequest): PixelPlan {
  const what = o.logo ? 'Logo watermark' : `Watermark "${o.text}"`;
  if (!o.logo && !o.tiled) {
    const text = { ...o, text: o.text ?? '' };
    return {
      budget: 'watermark',
      output: picture,
      wasm: (raster) => watermark(raster, text),
      async service() {
        const strip = await renderTextStrip(picture.width, text);
        return {
          steps: [],
          overlays: [
            {
              image: png(strip),
              left: 0,
              top: watermarkStripTop(picture.height, strip.height, o.position),
              opacity: o.opacity,
            },
          ],
        };
      },
      note: `${what} added at ${o.position}.`,
    };
  }
  const mark = markOf(picture, o);
  if (!o.tiled) {
    return {
      budget: 'watermark',
      output: picture,
      async wasm(raster) {
        const m = await mark();
        const at = markPlace(raster, m, o.position);
        return composite(raster, m, at.x, at.y, o.opacity);
      },
      async service() {
        const m = await mark();
        const at = markPlace(picture, m, o.position);
        return { steps: [], overlays: [{ image: png(m), left: at.x, top: at.y, opacity: o.opacity }] };
      },
      note: `${what} added at ${o.position}.`,
    };
  }
  return {
    budget: 'watermark',
    output: picture,
    async wasm(raster) {
      const m = await mark();
      const out: Raster = { data: new Uint8ClampedArray(raster.data), width: raster.width, height: raster.height };
      for (const { y, xs } of watermarkTiles(raster, m).rows)
        for (const x of xs) compositeInto(out, m, x, y, o.opacity);
      return out;
    },
    service: async () => ({ steps: [], overlays: tiledOverlays(picture, await mark(), o.opacity) }),
    note: `${what} repeated over the whole picture.`,
  };
}

export const watermarkOperation: OperationEntry<WatermarkRequest> = {
  plan: ({ input }, o) => planWatermark(input.upright, o),
  details: true,
  frames: async (job, o, animate) => everyFrame(job, planWatermark(job.input.upright, o), animate),
  // The mark is the text or the logo file, exactly one; the logo is checked before any work (ADR 0163). The schema
  // only describes `logo` for the API document; the file itself is read here.
  async withFiles(asked, files) {
    const problem = watermarkMarkProblem(asked.text, files.logo !== undefined);
    if (problem) throw new HttpError(400, 'validation_failed', problem);
    const { logo: _described, ...o } = asked;
    return files.logo ? { ...o, logo: await readLogo(files.logo) } : o;
  },
};
