/**
 * Text watermark. The text is drawn by resvg with the bundled OFL font as a strip as wide as the picture; small
 * pictures get it composited in the isolate, large ones get the strip (a small PNG) drawn by the image service at
 * the same place and opacity, so the result matches the live preview at any size.
 */
import { watermarkStripTop, type WatermarkOptions } from '../../../../../../core/tools/watermark';
import { plainPng } from '../../codecs/plain-png';
import { renderTextStrip, watermark } from './draw';
import type { Operation, PixelPlan, Size } from '../../types';

export function planWatermark(picture: Size, o: Omit<WatermarkOptions, 'operation'>): PixelPlan {
  return {
    budget: 'watermark',
    output: picture,
    wasm: (raster) => watermark(raster, o),
    async service() {
      const strip = await renderTextStrip(picture.width, o);
      const image = plainPng(new Uint8Array(strip.data.buffer, strip.data.byteOffset, strip.data.byteLength), strip.width, strip.height, 4);
      return { steps: [], overlays: [{ image, left: 0, top: watermarkStripTop(picture.height, strip.height, o.position), opacity: o.opacity }] };
    },
    note: `Watermark "${o.text}" added at ${o.position}.`,
  };
}

export const watermarkOperation: Operation<Omit<WatermarkOptions, 'operation'>> = {
  plan: ({ input }, o) => planWatermark(input.upright, o),
  details: true,
};
