/**
 * A meme (ADR 0133): the background (a template's picture or an upload) scaled to the asked width, with its captions
 * drawn on top by resvg (captions.ts) and written in the asked format. A meme is at most MEME_MAX_PIXELS
 * (core/tools/meme.ts). It is made in the isolate within its own measured budget (options.ts: the background's
 * resize bounds it, ADR 0180); beyond it (a JPEG, slow to write, past about 0.3 MP) the image service scales the
 * background and draws the same layer, as it does the watermark's strip (ADR 0123), by the one choice of path
 * (pipeline/either-path.ts). When both a width and a height were asked and the picture's shape is not theirs, the meme is drawn at
 * the largest size that fits and padded white to exactly that frame (memegen's convention, core/tools/meme.ts).
 */
import type { TextBox } from '../../../../../../core/api/templates';
import { MEME_QUALITY, type MemeFormat, type MemeStyle } from '../../../../../../core/tools/meme';
import type { OutputFormat } from '../../codecs/encode';
import { composite, resize } from '../../codecs/pixels';
import { plainPng } from '../../codecs/plain-png';
import { createRaster, paste, type Raster } from '../../codecs/raster';
import { isolateOrService } from '../../pipeline/either-path';
import type { OperationEntry, Size } from '../../types';
import { drawCaptions } from './captions';

export interface MemeOptions {
  /** The boxes, in fractions of the picture (a template's, or evenly spaced ones for a bare background). */
  boxes: TextBox[];
  /** One caption per box; fewer leave the rest empty. */
  lines: string[];
  style: MemeStyle;
  format: MemeFormat;
  /** The size the meme is drawn at, and the white frame it is padded to, if any (core/tools/meme.ts memeOutputSize). */
  output: Size & { frame?: Size & { left: number; top: number } };
  /** The size the boxes were laid out for in the editor: the template's own size, or the background's. */
  natural: Size;
}

const FORMAT: Record<MemeFormat, OutputFormat> = { png: 'png', jpg: 'jpeg', webp: 'webp' };
const WHITE = '#ffffff';

/** The meme on a white frame of the asked size, at its place in it. */
function framed(meme: Raster, frame: Size & { left: number; top: number }): Raster {
  const out = createRaster(frame.width, frame.height);
  out.data.fill(255);
  paste(out, meme, frame.left, frame.top);
  return out;
}

export const memeOperation: OperationEntry<MemeOptions> = {
  async run(job, o) {
    const { input, notes } = job;
    const format = FORMAT[o.format];
    const quality = format === 'png' ? undefined : MEME_QUALITY;
    const { width, height, frame } = o.output;
    const base = {
      operation: 'meme',
      originalSize: input.bytes.length,
      notes,
      quality,
      format,
      width: frame?.width ?? width,
      height: frame?.height ?? height,
    };
    const captions = await drawCaptions(o.boxes, o.lines, o.natural, o.output, o.style);
    const written = await isolateOrService(job, {
      budget: 'meme',
      format,
      quality,
      output: frame ?? o.output,
      inputToEncoder: true,
      async wasm(decoded) {
        const background =
          decoded.width === width && decoded.height === height ? decoded : await resize(decoded, width, height);
        const out = composite(background, captions, 0, 0, 1);
        return frame ? framed(out, frame) : out;
      },
      // The image service scales the background and draws the captions' layer on it, as it does the watermark's strip.
      async service() {
        const layer = plainPng(
          new Uint8Array(captions.data.buffer, captions.data.byteOffset, captions.data.byteLength),
          width,
          height,
          4,
        );
        // A frame: the scaled picture already fills one side of it, so `contain` only pads, centred as framed() places it.
        const pad = frame
          ? [
              {
                op: 'resize' as const,
                width: frame.width,
                height: frame.height,
                fit: 'contain' as const,
                background: WHITE,
              },
            ]
          : [];
        return {
          steps: [{ op: 'resize', width, height, fit: 'stretch' }, ...pad],
          overlays: [{ image: layer, left: frame?.left ?? 0, top: frame?.top ?? 0, opacity: 1 }],
        };
      },
    });
    return { ...base, bytes: written.bytes, width: written.width, height: written.height, engine: written.engine };
  },
};
