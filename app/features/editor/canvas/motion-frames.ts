/**
 * What the animated export (motion-session.ts, motion-estimate.ts) does with each frame it draws: read its pixels,
 * dither them onto a palette of their own for GIF, and yield to the page before the next frame, so Cancel and the
 * page stay live.
 */
import { quantize } from 'gifenc';
import { ditherToPalette } from '../model/dither';

export const nextTask = () => new Promise((r) => setTimeout(r, 0));

export const rgbaOf = (el: HTMLCanvasElement) => {
  const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
};

/** The frame with its colours dithered onto its own palette (the writer then finds those colours again). */
export function dithered(rgba: Uint8Array, width: number, height: number, colors: number): Uint8Array {
  const palette = quantize(rgba, colors - 1);
  const index = ditherToPalette(rgba, width, height, palette);
  const out = new Uint8Array(rgba.length);
  for (let i = 0; i < index.length; i++) {
    const c = palette[index[i]!]!;
    out[i * 4] = c[0]!;
    out[i * 4 + 1] = c[1]!;
    out[i * 4 + 2] = c[2]!;
    out[i * 4 + 3] = 255;
  }
  return out;
}
