/**
 * Resize with an explicit fit: cover (crop to fill), contain (pad), stretch (unlocked), inside (locked custom size).
 * A cover resize with position `smart` (ADR 0134) crops the window core/tools/salient-window.ts finds on a grey copy
 * at most THUMB_LONG_SIDE a side: scaled down in the isolate, or made by the image service (one more call) for a
 * picture only the service can hold; the crop and the resize are then explicit steps, never the service's own gravity.
 */
import { QUALITY } from '../../../../../../core/tools/fields';
import { coverCrop, resizeProblem, resizeTarget, type ResizeOptions, type ResizePosition } from '../../../../../../core/tools/resize';
import { greyThumb, THUMB_LONG_SIDE, type GreyThumb } from '../../../../../../core/tools/salient-window';
import { HttpError } from '../../../errors';
import { resize } from '../../codecs/pixels';
import { createRaster, crop, paste, type Raster } from '../../codecs/raster';
import { probe } from '../../intake/probe';
import { resolveFormat } from '../../pipeline/format';
import { fitsIsolate, pixelOperation, viaService } from '../../pipeline/paths';
import type { Operation, PixelPlan, Size } from '../../types';
import type { CompressRequest } from '../compress/choices';
import { compressByService, compressFits, compressPicture } from '../compress/compress';

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** The picture scaled to fit inside the box, centred on a box of `background`. */
async function containIn(raster: Raster, box: Size, background: string): Promise<Raster> {
  const scale = Math.min(box.width / raster.width, box.height / raster.height);
  const inner = await resize(raster, Math.max(1, Math.round(raster.width * scale)), Math.max(1, Math.round(raster.height * scale)));
  const out = createRaster(box.width, box.height);
  const [r, g, b] = rgb(background);
  const px = new Uint32Array(out.data.buffer);
  const view = new DataView(new ArrayBuffer(4));
  view.setUint8(0, r);
  view.setUint8(1, g);
  view.setUint8(2, b);
  view.setUint8(3, 255);
  px.fill(view.getUint32(0, true));
  paste(out, inner, Math.floor((box.width - inner.width) / 2), Math.floor((box.height - inner.height) / 2));
  return out;
}

const FIT_WORDS = { cover: 'Cropped to fill', contain: 'Fitted with borders into', stretch: 'Stretched to', inside: 'Resized to' } as const;

/** The size of the grey copy the window search reads. */
function thumbSize(picture: Size): Size {
  const scale = Math.min(1, THUMB_LONG_SIDE / Math.max(picture.width, picture.height));
  return { width: Math.max(1, Math.round(picture.width * scale)), height: Math.max(1, Math.round(picture.height * scale)) };
}

type Options = Omit<ResizeOptions, 'operation' | 'position'> & { position?: ResizePosition };

export function planResize(picture: Size, o: Options): PixelPlan {
  const target = resizeTarget(picture, o);
  const box = { width: target.width, height: target.height };
  const smart = target.fit === 'cover' && o.position === 'smart';
  return {
    budget: 'resize',
    output: box,
    async wasm(raster) {
      if (target.fit === 'cover') {
        let thumb: GreyThumb | undefined;
        if (smart) {
          const size = thumbSize(raster);
          const small = await resize(raster, size.width, size.height);
          thumb = greyThumb(small.data, small.width, small.height);
        }
        const c = coverCrop(raster, box, thumb);
        return resize(crop(raster, c.x, c.y, c.width, c.height), box.width, box.height);
      }
      if (target.fit === 'contain') return containIn(raster, box, o.background);
      return resize(raster, box.width, box.height);
    },
    async service({ bytes, upright, services }) {
      if (!smart) return { steps: [{ op: 'resize', ...box, fit: target.fit, background: o.background }] };
      const small = await services.images.run({ input: bytes, steps: [{ op: 'resize', ...thumbSize(upright), fit: 'stretch' }], output: { format: 'rgba' } });
      const c = coverCrop(upright, box, greyThumb(small.bytes, small.width, small.height));
      return { steps: [{ op: 'crop', left: c.x, top: c.y, width: c.width, height: c.height }, { op: 'resize', ...box, fit: 'stretch' }] };
    },
    note: `${FIT_WORDS[target.fit]} ${box.width}×${box.height}${smart ? ', keeping the most detailed part' : ''}.`,
  };
}

export const resizeOperation: Operation<Options> = {
  async run(job, asked) {
    const { input, services, notes } = job;
    const problem = resizeProblem(resizeTarget(input.upright, asked));
    if (problem) throw new HttpError(400, 'validation_failed', problem);
    let o: Options = asked;
    let plan = planResize(input.upright, o);
    if (o.format === undefined && o.quality === undefined) return pixelOperation(job, plan);
    // The batch asked for a format or quality too: the resized picture is compressed as Optimize would. Where
    // both the resize and that compress need the image service, they are one pass through it (its calls count).
    const req: CompressRequest = { format: o.format ?? 'original', quality: o.quality ?? QUALITY.default };
    const resolved = req.format === 'auto' ? 'jpeg' : resolveFormat(req.format, input.header.format, []);
    if (o.position === 'smart' && resizeTarget(input.upright, o).fit === 'cover' && req.quality === 'auto' && !fitsIsolate(input, 'resize', plan.output) && !compressFits(plan.output, req, resolved)) {
      // The service's search for quality auto takes the three calls an operation may make (ADR 0116): the smart
      // crop's grey copy would be a fourth, so this crop is centred, and said so.
      o = { ...asked, position: 'centre' };
      plan = planResize(input.upright, o);
      notes.push('The crop is centred: with quality auto on a picture this large, finding the subject would take one image-service call too many.');
    }
    if (!fitsIsolate(input, 'resize', plan.output) && !compressFits(plan.output, req, resolved)) {
      // The samples are cut from the resized picture by its planned size: a fit `inside` becomes that exact size.
      const steps = (await viaService(() => plan.service({ bytes: input.bytes, upright: input.upright, services }))).steps.map((s) => (s.op === 'resize' && s.fit === 'inside' ? { ...s, ...plan.output, fit: 'stretch' as const } : s));
      const r = await compressByService(job, { bytes: input.bytes, steps, size: plan.output }, req, resolved);
      return { operation: 'resize', originalSize: input.bytes.length, ...r, notes: [plan.note, ...notes] };
    }
    const again = await compressPicture(job, probe((await pixelOperation(job, plan)).bytes), req, 'The resized picture');
    return { ...again, operation: 'resize', originalSize: input.bytes.length };
  },
};
