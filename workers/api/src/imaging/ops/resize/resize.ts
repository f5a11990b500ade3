/**
 * Resize with an explicit fit: cover (crop to fill), contain (pad), stretch (unlocked), inside (locked custom size).
 * A cover resize crops a window of the box's shape: centred, or with position `smart` (the default, ADR 0136) the
 * window framing.ts chooses (faces, else the most detailed part, ADR 0134). A chosen window is applied as an explicit
 * crop and resize, in the isolate and as the image service's steps, never as the service's own gravity; the answer
 * reports it as `framing`.
 */
import { EDIT_QUALITY, QUALITY } from '../../../../../../core/tools/fields';
import type { CoverWindow } from '../../../../../../core/tools/cover-framing';
import {
  coverCrop,
  resizeProblem,
  resizeTarget,
  type ResizeOptions,
  type ResizePosition,
} from '../../../../../../core/tools/resize';
import { HttpError } from '../../../errors';
import { resize } from '../../codecs/pixels';
import { createRaster, crop, paste, type Raster } from '../../codecs/raster';
import { probe } from '../../intake/probe';
import { resolveFormat } from '../../pipeline/format';
import { pixelOperation } from '../../pipeline/either-path';
import { fitsIsolate, viaService } from '../../pipeline/paths';
import { animatedOutput, animationQuality, asStill, fromPlan } from '../../animation/keep';
import type { CompressRequest, CompressStage, Job, OperationEntry, PixelPlan, Size } from '../../types';
import { frameSmart, type Framed } from './framing';

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** The picture scaled to fit inside the box, centred on a box of `background`. */
async function containIn(raster: Raster, box: Size, background: string): Promise<Raster> {
  const scale = Math.min(box.width / raster.width, box.height / raster.height);
  const inner = await resize(
    raster,
    Math.max(1, Math.round(raster.width * scale)),
    Math.max(1, Math.round(raster.height * scale)),
  );
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

const FIT_WORDS = {
  cover: 'Cropped to fill',
  contain: 'Fitted with borders into',
  stretch: 'Stretched to',
  inside: 'Resized to',
} as const;

const KEPT = {
  faces: (n: number) => `, keeping ${n === 1 ? 'the face' : `the ${n} faces`} in frame`,
  detail: () => ', keeping the most detailed part',
  centre: () => '',
} as const;

type Options = Omit<ResizeOptions, 'operation' | 'position'> & { position?: ResizePosition };

/**
 * The plan of a resize. `window`: the part a cover resize keeps, in the upright picture's pixels (framing.ts); without
 * one a cover resize keeps the centre (the service's own centred cover, one step). `faces`: how many framed it.
 */
export function planResize(picture: Size, o: Options, window?: CoverWindow, faces = 0): PixelPlan {
  const target = resizeTarget(picture, o);
  const box = { width: target.width, height: target.height };
  // A box of the picture's own shape is filled by scaling alone: nothing is cropped (a pixel lost to rounding is
  // not a crop), so the note does not say so.
  const centred = coverCrop(picture, box);
  const crops = target.fit === 'cover' && (centred.width < picture.width - 1 || centred.height < picture.height - 1);
  const fit = target.fit === 'cover' && !crops ? 'inside' : target.fit;
  return {
    budget: 'resize',
    output: box,
    async wasm(raster) {
      if (target.fit === 'cover') {
        const c = window ?? coverCrop(raster, box);
        return resize(crop(raster, c.x, c.y, c.width, c.height), box.width, box.height);
      }
      if (target.fit === 'contain') return containIn(raster, box, o.background);
      return resize(raster, box.width, box.height);
    },
    async service() {
      if (!window || target.fit !== 'cover')
        return { steps: [{ op: 'resize', ...box, fit: target.fit, background: o.background }] };
      return {
        steps: [
          { op: 'crop', left: window.x, top: window.y, width: window.width, height: window.height },
          { op: 'resize', ...box, fit: 'stretch' },
        ],
      };
    },
    note: `${FIT_WORDS[fit]} ${box.width}×${box.height}${crops && window ? KEPT[window.by](faces) : ''}.`,
  };
}

/**
 * A resize's plan, and how its cover crop was framed once it has run. `smart` frames when the plan runs (framing.ts),
 * on the decoded pixels the isolate path hands it or by the image service, so the picture is decoded once; its note
 * then names what framed it. `centre`, and a box of the picture's shape (nothing to look for), keep the middle.
 */
function framedPlan(job: Job, o: Options): { plan: PixelPlan; framed: () => Framed | undefined } {
  const { input, services } = job;
  const target = resizeTarget(input.upright, o);
  if (target.fit !== 'cover') return { plan: planResize(input.upright, o), framed: () => undefined };
  const centred: Framed = { window: { ...coverCrop(input.upright, target), by: 'centre' }, faces: 0 };
  const crops = centred.window.width < input.upright.width || centred.window.height < input.upright.height;
  if (o.position !== 'smart' || !crops) return { plan: planResize(input.upright, o), framed: () => centred };
  let framed: Framed | undefined;
  const box = { width: target.width, height: target.height };
  const planFor = (f: Framed) => planResize(input.upright, o, f.window, f.faces);
  const plan: PixelPlan = {
    budget: 'resize',
    output: box,
    async wasm(raster) {
      framed = await frameSmart(input, box, { raster }, services);
      return planFor(framed).wasm(raster);
    },
    async service(ctx) {
      framed = await frameSmart(input, box, { bytes: ctx.bytes }, services);
      return planFor(framed).service(ctx);
    },
    // Read once the plan has run (pixelOperation adds it to the notes after the work).
    get note() {
      return planFor(framed ?? centred).note;
    },
  };
  return { plan, framed: () => framed };
}

const framingOf = (f?: Framed) =>
  f
    ? { framing: { by: f.window.by, x: f.window.x, y: f.window.y, width: f.window.width, height: f.window.height } }
    : {};

/** The size asked, checked by the operation's rule before any work. */
function assertSize(job: Job, o: Options): void {
  const problem = resizeProblem(resizeTarget(job.input.upright, o));
  if (problem) throw new HttpError(400, 'validation_failed', problem);
}

/** The resize's plan on the picture's own size, its size checked first. */
function checkedPlan(job: Job, o: Options): PixelPlan {
  assertSize(job, o);
  return planResize(job.input.upright, o);
}

/**
 * Resize's record. A batch's resize may ask for a format or quality too: the resized picture is then compressed as
 * Optimize would, by `compress` (ops/compress/, handed over by the table of operations, ops/registry.ts).
 */
export const resizeOperation = (compress: CompressStage): OperationEntry<Options> => ({
  // Every frame resized by the plan (centred: a smart crop frames one still picture), at the format asked if it animates.
  async frames(job, o, animate) {
    const out = animatedOutput(job.input, o.format, animationQuality(job, o.quality, EDIT_QUALITY));
    if (!out) return asStill(job);
    return animate(job, fromPlan(checkedPlan(job, o)), out);
  },
  async run(job, asked) {
    const { input, services, notes } = job;
    assertSize(job, asked);
    let o: Options = asked;
    if (o.format === undefined && o.quality === undefined) {
      const { plan, framed } = framedPlan(job, o);
      const result = await pixelOperation(job, plan);
      // After the resize's own note: the answer's notes are the job's (pixelOperation's result holds the same list).
      if (framed()?.note) notes.push(framed()!.note!);
      return { ...result, ...framingOf(framed()) };
    }
    // The batch asked for a format or quality too: the resized picture is compressed as Optimize would. Where
    // both the resize and that compress need the image service, they are one pass through it (its calls count).
    const req: CompressRequest = { format: o.format ?? 'original', quality: o.quality ?? QUALITY.default };
    const resolved = req.format === 'auto' ? 'jpeg' : resolveFormat(req.format, input.header.format, []);
    const output = resizeTarget(input.upright, o);
    const byService = !fitsIsolate(input, 'resize', output) && !compress.fits(output, req, resolved);
    if (o.position === 'smart' && output.fit === 'cover' && req.quality === 'auto' && byService) {
      // The service's search for quality auto takes the three calls an operation may make (ADR 0116): the smart
      // crop's detection copy would be a fourth, so this crop is centred, and said so.
      o = { ...asked, position: 'centre' };
      notes.push(
        'The crop is centred: with quality auto on a picture this large, finding the subject would take one image-service call too many.',
      );
    }
    const { plan, framed } = framedPlan(job, o);
    if (byService) {
      // The samples are cut from the resized picture by its planned size: a fit `inside` becomes that exact size.
      const steps = (
        await viaService(() => plan.service({ bytes: input.bytes, upright: input.upright, services }))
      ).steps.map((s) =>
        s.op === 'resize' && s.fit === 'inside' ? { ...s, ...plan.output, fit: 'stretch' as const } : s,
      );
      if (framed()?.note) notes.push(framed()!.note!);
      const r = await compress.byService(job, { bytes: input.bytes, steps, size: plan.output }, req, resolved);
      return {
        operation: 'resize',
        originalSize: input.bytes.length,
        ...r,
        notes: [plan.note, ...notes],
        ...framingOf(framed()),
      };
    }
    const resized = await pixelOperation(job, plan);
    if (framed()?.note) notes.push(framed()!.note!);
    const again = await compress.picture(job, probe(resized.bytes), req, 'The resized picture');
    return { ...again, operation: 'resize', originalSize: input.bytes.length, ...framingOf(framed()) };
  },
});
