/**
 * Production: the Images binding. Each step is its own `transform()` (the binding applies them in order), overlays
 * are `draw()` calls after them, and the output names format and quality, which the binding applies as asked. The
 * binding applies the EXIF orientation when it decodes and writes no metadata beyond what `output` keeps.
 * Sizes are worked out from our own header reader, never by asking the binding what it can do.
 */
import { MAX_IMAGE_PIXELS } from '../../../../../core/limits';
import { displaySize, readHeader } from '../sniff';
import { ImageServiceError, WEBP_MAX_SIDE, type ImageService, type ServiceJob, type ServiceResult, type ServiceStep } from './types';

const MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', rgba: 'rgba' } as const;
const FIT = { cover: 'cover', contain: 'pad', stretch: 'squeeze', inside: 'contain' } as const;

const UNREADABLE = 'We could not process this image. It may be damaged; please try another file.';

const stream = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();

export function toTransform(step: ServiceStep): ImageTransform {
  switch (step.op) {
    case 'crop':
      return { trim: { left: step.left, top: step.top, width: step.width, height: step.height } };
    case 'resize':
      return { width: step.width, height: step.height, fit: FIT[step.fit], ...(step.fit === 'contain' ? { background: step.background ?? '#ffffff' } : {}) };
    case 'rotate':
      return { rotate: step.angle };
    case 'flip':
      return { flip: step.axis };
    case 'blur':
      return { blur: Math.min(250, Math.max(1, Math.round(step.radius))) };
  }
}

type Size = { width: number; height: number };

const tooLarge = (s: Size, what: string) =>
  new ImageServiceError(413, `The ${what} would be ${Math.floor((s.width * s.height) / 100_000) / 10} megapixels; the most we can make is ${MAX_IMAGE_PIXELS / 1e6}.`);

/** The size after each step (upright coordinates), refusing any over 50 MP: the binding's own limits are not ours. */
export function sizeAfter(start: Size, steps: readonly ServiceStep[]): Size {
  if (start.width * start.height > MAX_IMAGE_PIXELS) throw tooLarge(start, 'picture');
  let size = start;
  for (const s of steps) {
    if (s.op === 'crop' || (s.op === 'resize' && s.fit !== 'inside')) size = { width: s.width, height: s.height };
    else if (s.op === 'resize') {
      const scale = Math.min(s.width / size.width, s.height / size.height);
      size = { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
    } else if (s.op === 'rotate' && s.angle !== 180) size = { width: size.height, height: size.width };
    if (size.width * size.height > MAX_IMAGE_PIXELS) throw tooLarge(size, 'result');
  }
  return size;
}

/**
 * Raw output has no header: its size is the planned one, except that an `inside` fit may round the free side
 * differently from us. The byte count settles it (one side is always the box's).
 */
function rawSize(planned: Size, length: number): Size {
  if (length === planned.width * planned.height * 4) return planned;
  if (length % (planned.width * 4) === 0) return { width: planned.width, height: length / (planned.width * 4) };
  if (length % (planned.height * 4) === 0) return { width: length / (planned.height * 4), height: planned.height };
  throw new Error(`raw output of ${length} bytes does not match ${planned.width}×${planned.height}`);
}

export function cloudflareImageService(images: ImagesBinding): ImageService {
  return {
    name: 'cloudflare',
    async run(job: ServiceJob): Promise<ServiceResult> {
      const header = readHeader(job.input);
      if (!header) throw new ImageServiceError(422, UNREADABLE);
      const planned = sizeAfter(displaySize(header), job.steps);
      if (job.output.format === 'webp' && Math.max(planned.width, planned.height) > WEBP_MAX_SIDE) {
        throw new ImageServiceError(413, `WebP pictures can be at most ${WEBP_MAX_SIDE.toLocaleString('en')} pixels wide or high. Choose JPEG or PNG.`);
      }
      try {
        let t = images.input(stream(job.input));
        for (const step of job.steps) t = t.transform(toTransform(step));
        for (const o of job.overlays ?? []) t = t.draw(stream(o.image), { left: o.left, top: o.top, opacity: o.opacity });
        const { format } = job.output;
        const quality = format === 'jpeg' || format === 'webp' ? job.output.quality : undefined;
        // JPEG has no alpha: transparent parts become white, as in the local service.
        const background = format === 'jpeg' ? { background: '#ffffff' } : {};
        const result = await t.output({ format: MIME[format], ...(quality ? { quality } : {}), ...background, anim: false });
        const bytes = new Uint8Array(await new Response(result.image()).arrayBuffer());
        if (format === 'rgba') return { bytes, ...rawSize(planned, bytes.length), format };
        const out = readHeader(bytes);
        if (!out) throw new Error('the binding answered no readable image');
        return { bytes, width: out.width, height: out.height, format };
      } catch (err) {
        // The binding's errors (ImagesError, code 9xxx) name no cause people can act on beyond "another file".
        console.warn('image service (cloudflare): transform failed:', err instanceof Error ? err.message.slice(0, 300) : String(err));
        throw new ImageServiceError(422, UNREADABLE);
      }
    },
  };
}
