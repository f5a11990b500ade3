/**
 * Production: the Images binding. Each step is its own `transform()` (the binding applies them in order), overlays
 * are `draw()` calls after them (an overlay with steps is a child transformer, part of the same call), and the
 * output names format and quality, which the binding applies as asked. The binding applies the EXIF orientation
 * when it decodes and writes no metadata beyond what `output` keeps. One `run` is one `output()`: one request to the
 * service, one billed transformation. Sizes are worked out from our own header reader and every job is held against
 * the binding's documented limits (core/image-service.ts) before it is sent, never by asking the binding.
 */
import { frameOutsideProblem } from '../../../../../core/animation/frames';
import { imageServiceRefusal, sizeAfterStep, type ServiceInput, type SizeOf } from '../../../../../core/image-service';
import { displaySize, readHeader } from '../intake/sniff';
import { fromBindingError } from './binding-errors';
import { notBilled, type Bill } from '../../billed-calls';
import { carryingProfiles } from './profile';
import {
  ImageServiceError,
  type ImageService,
  type Region,
  type ServiceJob,
  type ServiceResult,
  type ServiceStep,
} from './types';

const MIME = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  rgba: 'rgba',
} as const;
const FIT = { cover: 'cover', contain: 'pad', stretch: 'squeeze', inside: 'contain' } as const;

const UNREADABLE = 'We could not read this picture. It may be damaged; please try another file.';

const stream = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();

export function toTransform(step: ServiceStep): ImageTransform {
  switch (step.op) {
    case 'crop':
      return { trim: { left: step.left, top: step.top, width: step.width, height: step.height } };
    case 'resize':
      return {
        width: step.width,
        height: step.height,
        fit: FIT[step.fit],
        ...(step.fit === 'contain' ? { background: step.background ?? '#ffffff' } : {}),
      };
    case 'rotate':
      return { rotate: step.angle };
    case 'flip':
      return { flip: step.axis };
    case 'blur':
      return { blur: Math.min(250, Math.max(1, Math.round(step.radius))) };
  }
}

/** What the service is asked to read: format, upright size, file size and frames, from our header reader. */
function described(bytes: Uint8Array, steps: readonly ServiceStep[] = []): ServiceInput & { after: SizeOf } {
  const header = readHeader(bytes);
  if (!header) throw new ImageServiceError(422, UNREADABLE);
  // A frame outside its canvas is decoded at its own size (ADR 0151): refused before the binding sees it.
  const outside = frameOutsideProblem(header);
  if (outside) throw new ImageServiceError(422, outside);
  // HEIC on every plan; AVIF on Enterprise plans only, so the isolate reads AVIF itself (ADR 0132).
  const format =
    header.format === 'jpeg' ||
    header.format === 'png' ||
    header.format === 'webp' ||
    header.format === 'gif' ||
    header.format === 'heic'
      ? header.format
      : null;
  if (!format)
    throw new ImageServiceError(
      415,
      `The image service does not read ${header.format.toUpperCase()} pictures. Please convert it to JPEG or PNG first, then try again.`,
    );
  const upright = displaySize(header);
  return {
    format,
    ...upright,
    bytes: bytes.length,
    frames: header.frames,
    after: steps.reduce(sizeAfterStep, upright),
  };
}

/** The job's output size, after holding the job against the binding's limits (413 with the limit's words). */
export function checkedSize(job: ServiceJob): SizeOf {
  const input = described(job.input, job.steps);
  const overlays = (job.overlays ?? []).map((o) => described(o.image));
  const refusal = imageServiceRefusal({ input, steps: job.steps, overlays, output: job.output.format });
  if (refusal) throw new ImageServiceError(413, refusal);
  return input.after;
}

/**
 * Raw output has no header: its size is the planned one, except that an `inside` fit may round the free side
 * differently from us. The byte count settles it (one side is always the box's).
 */
function rawSize(planned: SizeOf, length: number): SizeOf {
  if (length === planned.width * planned.height * 4) return planned;
  if (length % (planned.width * 4) === 0) return { width: planned.width, height: length / (planned.width * 4) };
  if (length % (planned.height * 4) === 0) return { width: length / (planned.height * 4), height: planned.height };
  throw new Error(`raw output of ${length} bytes does not match ${planned.width}×${planned.height}`);
}

/**
 * The regions of a raw RGBA picture `size` streaming past, kept as they go by: memory is the regions, never the
 * picture (a 12 MP photo is 48 MB of raw pixels; its sample tiles are 1.6 MB).
 */
export async function cutRegions(
  raw: ReadableStream<Uint8Array>,
  size: SizeOf,
  regions: readonly Region[],
): Promise<Uint8Array> {
  const rowBytes = size.width * 4;
  const ranges: { start: number; end: number; to: number }[] = [];
  let total = 0;
  for (const r of regions) {
    if (r.left < 0 || r.top < 0 || r.left + r.width > size.width || r.top + r.height > size.height)
      throw new Error('a region lies outside the picture');
    for (let y = 0; y < r.height; y++) {
      const start = (r.top + y) * rowBytes + r.left * 4;
      ranges.push({ start, end: start + r.width * 4, to: total });
      total += r.width * 4;
    }
  }
  ranges.sort((a, b) => a.start - b.start);
  const out = new Uint8Array(total);
  let offset = 0;
  let first = 0;
  const reader = raw.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const end = offset + value.length;
    while (first < ranges.length && ranges[first]!.end <= offset) first++;
    for (let i = first; i < ranges.length && ranges[i]!.start < end; i++) {
      const r = ranges[i]!;
      const from = Math.max(r.start, offset);
      const to = Math.min(r.end, end);
      if (from < to) out.set(value.subarray(from - offset, to - offset), r.to + (from - r.start));
    }
    offset = end;
  }
  if (offset !== size.width * size.height * 4)
    throw new Error(`raw output of ${offset} bytes does not match ${size.width}×${size.height}`);
  return out;
}

/** `bill` is told of each call of the binding, just before it is made: each `output()` is one billed transformation. */
export function cloudflareImageService(images: ImagesBinding, bill: Bill = notBilled): ImageService {
  const child = (image: Uint8Array, steps: readonly ServiceStep[] | undefined) => {
    if (!steps?.length) return stream(image);
    let t = images.input(stream(image));
    for (const step of steps) t = t.transform(toTransform(step));
    return t;
  };
  // Colour profiles are taken off before the call and put back after it (profile.ts, ADR 0126).
  return carryingProfiles({
    name: 'cloudflare',
    async run(job: ServiceJob): Promise<ServiceResult> {
      const planned = checkedSize(job);
      const { format, regions } = job.output;
      if (regions && format !== 'rgba') throw new Error('regions are for raw output only');
      if (regions && job.steps.some((s) => s.op === 'resize' && s.fit === 'inside'))
        throw new Error('regions need an exactly planned size');
      try {
        let t = images.input(stream(job.input));
        for (const step of job.steps) t = t.transform(toTransform(step));
        for (const o of job.overlays ?? [])
          t = t.draw(child(o.image, o.steps), { left: o.left, top: o.top, opacity: o.opacity });
        const quality = format === 'jpeg' || format === 'webp' || format === 'avif' ? job.output.quality : undefined;
        // JPEG has no alpha: transparent parts become white, as in the local service.
        const background = format === 'jpeg' ? { background: '#ffffff' } : {};
        // `anim` keeps every frame of an animated input (ADR 0137); without it the binding reads the first frame.
        bill('images');
        const result = await t.output({
          format: MIME[format],
          ...(quality ? { quality } : {}),
          ...background,
          anim: job.output.animated === true,
        });
        if (regions) return { bytes: await cutRegions(result.image(), planned, regions), ...planned, format };
        const bytes = new Uint8Array(await new Response(result.image()).arrayBuffer());
        if (format === 'rgba') return { bytes, ...rawSize(planned, bytes.length), format };
        const out = readHeader(bytes);
        if (!out) throw new Error('the binding answered no readable image');
        // AVIF is best effort: a busy binding answers WebP or JPEG instead (its documented fallback). Never stored
        // under a format that was not asked for: try again later.
        if (out.format !== format)
          throw new ImageServiceError(
            503,
            `The image service made a ${out.format.toUpperCase()} instead of ${format.toUpperCase()} (it does when busy). Please try again in a minute.`,
            { retryAfter: 60 },
          );
        return { bytes, width: out.width, height: out.height, format };
      } catch (err) {
        if (err instanceof ImageServiceError) throw err;
        throw fromBindingError(err);
      }
    },
  });
}
