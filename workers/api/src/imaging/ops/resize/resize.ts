/** Resize with an explicit fit: cover (crop to fill), contain (pad), stretch (unlocked), inside (locked custom size). */
import { QUALITY } from '../../../../../../core/tools/fields';
import { coverCrop, resizeProblem, resizeTarget, type ResizeOptions } from '../../../../../../core/tools/resize';
import { HttpError } from '../../../errors';
import { resize } from '../../codecs/pixels';
import { createRaster, crop, paste, type Raster } from '../../codecs/raster';
import { probe } from '../../intake/probe';
import { resolveFormat } from '../../pipeline/format';
import { fitsIsolate, pixelOperation } from '../../pipeline/paths';
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

export function planResize(picture: Size, o: Omit<ResizeOptions, 'operation'>): PixelPlan {
  const target = resizeTarget(picture, o);
  const box = { width: target.width, height: target.height };
  return {
    budget: 'resize',
    output: box,
    async wasm(raster) {
      if (target.fit === 'cover') {
        const c = coverCrop(raster, box);
        return resize(crop(raster, c.x, c.y, c.width, c.height), box.width, box.height);
      }
      if (target.fit === 'contain') return containIn(raster, box, o.background);
      return resize(raster, box.width, box.height);
    },
    service: async () => ({ steps: [{ op: 'resize', ...box, fit: target.fit, background: o.background }] }),
    note: `${FIT_WORDS[target.fit]} ${box.width}×${box.height}.`,
  };
}

export const resizeOperation: Operation<Omit<ResizeOptions, 'operation'>> = {
  async run(job, o) {
    const { input, services, notes } = job;
    const problem = resizeProblem(resizeTarget(input.upright, o));
    if (problem) throw new HttpError(400, 'validation_failed', problem);
    const plan = planResize(input.upright, o);
    if (o.format === undefined && o.quality === undefined) return pixelOperation(job, plan);
    // The batch asked for a format or quality too: the resized picture is compressed as Optimize would. Where
    // both the resize and that compress need the image service, they are one pass through it (its calls count).
    const req: CompressRequest = { format: o.format ?? 'original', quality: o.quality ?? QUALITY.default };
    const resolved = req.format === 'auto' ? 'jpeg' : resolveFormat(req.format, input.header.format, []);
    if (!fitsIsolate(input, 'resize', plan.output) && !compressFits(plan.output, req, resolved)) {
      // The samples are cut from the resized picture by its planned size: a fit `inside` becomes that exact size.
      const steps = (await plan.service({ bytes: input.bytes, upright: input.upright, services })).steps.map((s) => (s.op === 'resize' && s.fit === 'inside' ? { ...s, ...plan.output, fit: 'stretch' as const } : s));
      const r = await compressByService(job, { bytes: input.bytes, steps, size: plan.output }, req, resolved);
      return { operation: 'resize', originalSize: input.bytes.length, ...r, notes: [plan.note, ...notes] };
    }
    const again = await compressPicture(job, probe((await pixelOperation(job, plan)).bytes), req, 'The resized picture');
    return { ...again, operation: 'resize', originalSize: input.bytes.length };
  },
};
