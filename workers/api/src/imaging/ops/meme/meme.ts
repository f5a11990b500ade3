/**
 * A meme (ADR 0133): the background (a template's picture or an upload) scaled to the asked width, with its captions
 * drawn on top by resvg (captions.ts) and written in the asked format. A meme is at most MEME_MAX_PIXELS
 * (core/tools/meme.ts). It is made in the isolate within the watermark's measured budget, which it shares since the
 * work is the same kind (one resvg layer composited onto a picture); beyond it (a JPEG, slow to write, past about
 * 0.3 MP) the image service scales the background and draws the same layer, as it does the watermark's strip
 * (ADR 0123). When both a width and a height were asked and the picture's shape is not theirs, the meme is drawn at
 * the largest size that fits and padded white to exactly that frame (memegen's convention, core/tools/meme.ts).
 */
import type { TextBox } from '../../../../../../core/api/templates';
import { MEME_QUALITY, type MemeFormat, type MemeStyle } from '../../../../../../core/tools/meme';
import { decode } from '../../codecs/decode';
import { encode, type OutputFormat } from '../../codecs/encode';
import { composite, resize } from '../../codecs/pixels';
import { plainPng } from '../../codecs/plain-png';
import { createRaster, flattenOntoWhite, paste, type Raster } from '../../codecs/raster';
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
import type { ServiceFormat } from '../../service/types';
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
    const { input, services, notes } = job;
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
    const drawn = pixels(frame ?? o.output);
    if (decodes(input) && Math.max(pixels(input.upright), drawn) <= pixelBudget('watermark', format, quality)) {
      const decoded = await decode(input.bytes, input.header);
      const background =
        decoded.width === width && decoded.height === height ? decoded : await resize(decoded, width, height);
      let out = composite(background, captions, 0, 0, 1);
      if (frame) out = framed(out, frame);
      if (format === 'jpeg') out = flattenOntoWhite(out);
      reach(services, 'encoding');
      return { ...base, bytes: await encode(out, format, { quality: quality ?? 100 }), engine: 'wasm' };
    }
    // Beyond a slice of the isolate's thread (a JPEG is slow to write): the image service scales the background and
    // draws the captions' layer on it, as it does the watermark's strip.
    const readable = await readableByService(input);
    if (!readable)
      throw beyondBoth(
        'watermark',
        format,
        input.header,
        Math.max(pixels(input.upright), drawn),
        pixels(input.upright),
      );
    assertServiceCan(readable, frame ?? o.output, format as ServiceFormat);
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
    const out = await viaService(() =>
      services.images.run({
        input: readable.bytes,
        steps: [{ op: 'resize', width, height, fit: 'stretch' }, ...pad],
        overlays: [{ image: layer, left: frame?.left ?? 0, top: frame?.top ?? 0, opacity: 1 }],
        output: { format: format as ServiceFormat, quality },
      }),
    );
    return { ...base, bytes: out.bytes, width: out.width, height: out.height, engine: 'images' };
  },
};
