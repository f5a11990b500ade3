/**
 * Production: the Images binding. Each step is its own `transform()` (the binding applies them in order), overlays
 * are `draw()` calls after them, and the output names format and quality, which the binding applies as asked. The
 * binding applies the EXIF orientation when it decodes and writes no metadata beyond what `output` keeps.
 */
import { readHeader } from '../sniff';
import { ImageServiceError, type ImageService, type ServiceJob, type ServiceResult, type ServiceStep } from './types';

const MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', rgba: 'rgba' } as const;
const FIT = { cover: 'cover', contain: 'pad', stretch: 'squeeze', inside: 'contain' } as const;

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

/** The size after the steps, for raw output (which has no header to read it from). */
export function sizeAfter(start: { width: number; height: number }, steps: readonly ServiceStep[]) {
  let size = start;
  for (const s of steps) {
    if (s.op === 'crop' || (s.op === 'resize' && s.fit !== 'inside')) size = { width: s.width, height: s.height };
    else if (s.op === 'resize') {
      const scale = Math.min(s.width / size.width, s.height / size.height);
      size = { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
    } else if (s.op === 'rotate' && s.angle !== 180) size = { width: size.height, height: size.width };
  }
  return size;
}

export function cloudflareImageService(images: ImagesBinding): ImageService {
  return {
    name: 'cloudflare',
    async run(job: ServiceJob): Promise<ServiceResult> {
      try {
        let t = images.input(stream(job.input));
        for (const step of job.steps) t = t.transform(toTransform(step));
        for (const o of job.overlays ?? []) t = t.draw(stream(o.image), { left: o.left, top: o.top, opacity: o.opacity });
        const quality = job.output.format === 'jpeg' || job.output.format === 'webp' ? job.output.quality : undefined;
        const result = await t.output({ format: MIME[job.output.format], ...(quality ? { quality } : {}), anim: false });
        const bytes = new Uint8Array(await new Response(result.image()).arrayBuffer());
        if (job.output.format === 'rgba') {
          const info = await images.info(stream(job.input));
          const start = 'width' in info ? info : { width: 0, height: 0 };
          const size = sizeAfter(start, job.steps);
          return { bytes, ...size, format: 'rgba' };
        }
        const header = readHeader(bytes);
        if (!header) throw new Error('no image');
        return { bytes, width: header.width, height: header.height, format: job.output.format };
      } catch (err) {
        if (err instanceof ImageServiceError) throw err;
        throw new ImageServiceError(422, 'We could not process this image. It may be damaged; please try another file.');
      }
    },
  };
}
