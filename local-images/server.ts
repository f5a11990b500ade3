/**
 * The offline image service (ADR 0123): the same contract as the Images binding (`workers/api/src/imaging/service/
 * types.ts`), on sharp/libvips, so every tool works offline on pictures of any accepted size exactly as in
 * production. Plain HTTP on loopback; only the API Worker talks to it. `handle` is the whole service as a fetch
 * handler, which the Worker tests bind in-process.
 */
import type { Server } from 'node:http';
import { availableParallelism } from 'node:os';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AnimationUnreadable, runAnimated, type Raw } from './animated';
import { READS, formatOf, framesOutside, heicPixels, withProfile } from './formats';
import { z } from 'zod';
import { imageServiceRefusal, type ServiceImageFormat, type ServiceInput } from '../core/image-service';
import { MAX_IMAGE_PIXELS } from '../core/limits';
import { fetchServer } from '../local-common/fetch-server';

export const MAX_PIXELS = MAX_IMAGE_PIXELS;
/** A 10 MB upload plus full-size overlays (a blur's cutout, a watermark strip), with multipart overhead. */
export const MAX_BODY_BYTES = 48 * 1024 * 1024;
/** Jobs decoded at once; the rest wait their turn. A 50 MP job holds a few 200 MB RGBA copies. */
export const MAX_JOBS = Math.max(1, Math.min(2, availableParallelism()));

class Problem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const side = z.number().int().min(1).max(100_000);
const stepSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('crop'),
    left: z.number().int().min(0),
    top: z.number().int().min(0),
    width: side,
    height: side,
  }),
  z.object({
    op: z.literal('resize'),
    width: side,
    height: side,
    fit: z.enum(['cover', 'contain', 'stretch', 'inside']),
    background: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .optional(),
  }),
  z.object({ op: z.literal('rotate'), angle: z.union([z.literal(90), z.literal(180), z.literal(270)]) }),
  z.object({ op: z.literal('flip'), axis: z.enum(['h', 'v']) }),
  z.object({ op: z.literal('blur'), radius: z.number().min(0).max(250) }),
]);
const regionSchema = z.object({
  left: z.number().int().min(0),
  top: z.number().int().min(0),
  width: side,
  height: side,
});
const jobSchema = z.object({
  steps: z.array(stepSchema).max(20),
  overlays: z
    .array(
      z.object({
        left: z.number().int(),
        top: z.number().int(),
        opacity: z.number().min(0).max(1),
        steps: z.array(stepSchema).max(20).default([]),
      }),
    )
    .max(60)
    .default([]),
  output: z.object({
    format: z.enum(['jpeg', 'png', 'webp', 'avif', 'rgba', 'gif']),
    animated: z.boolean().optional(),
    quality: z.number().int().min(1).max(100).optional(),
    regions: z.array(regionSchema).min(1).max(64).optional(),
  }),
});
export type Job = z.infer<typeof jobSchema>;
type Step = z.infer<typeof stepSchema>;

const FIT = { cover: 'cover', contain: 'contain', stretch: 'fill', inside: 'inside' } as const;

/**
 * Blur radius → Gaussian sigma. A Gaussian reaches visibly about 2σ from its centre, so σ = radius / 2 blurs as far
 * as a box of that radius (and as the Images binding's `blur: radius` looks). Below σ 0.3 libvips refuses: no blur.
 */
export const blurSigma = (radius: number) => radius / 2;

const fromRaw = (r: Raw): Sharp => sharp(r.data, { raw: { width: r.width, height: r.height, channels: 4 } });
async function toRaw(s: Sharp): Promise<Raw> {
  const { data, info } = await s.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const UNREADABLE = 'We could not read this image. It may be damaged or cut short; please try another file.';

/** One step added to a pipeline. Crop bounds are checked against `size`, the picture this step sees. */
function withStep(s: Sharp, step: Step, size: { width: number; height: number }): Sharp {
  switch (step.op) {
    case 'crop':
      if (step.left + step.width > size.width || step.top + step.height > size.height) {
        throw new Problem(422, `The crop area must lie inside the picture (${size.width}×${size.height} pixels).`);
      }
      return s.extract({ left: step.left, top: step.top, width: step.width, height: step.height });
    case 'resize':
      return s.resize(step.width, step.height, {
        fit: FIT[step.fit],
        position: 'centre',
        background: step.background ?? '#ffffff',
      });
    case 'rotate':
      return s.rotate(step.angle);
    case 'flip':
      return step.axis === 'h' ? s.flop() : s.flip();
    case 'blur':
      return blurSigma(step.radius) < 0.3 ? s : s.blur(blurSigma(step.radius));
  }
}

/** An overlay's RGBA after its own steps, with its alpha multiplied by `opacity` (sharp's composite has none). */
async function faded(image: Buffer, steps: Step[], opacity: number): Promise<Raw> {
  let r: Raw;
  try {
    r = await toRaw(sharp(image, { limitInputPixels: MAX_PIXELS }).autoOrient());
    for (const step of steps) r = await toRaw(withStep(fromRaw(r), step, r));
  } catch (err) {
    if (err instanceof Problem) throw err;
    throw new Problem(422, 'An overlay could not be read.');
  }
  if (opacity < 1) for (let i = 3; i < r.data.length; i += 4) r.data[i] = Math.round(r.data[i]! * opacity);
  return r;
}

function cropRaw(r: Raw, x: number, y: number, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height * 4);
  for (let row = 0; row < height; row++)
    r.data.copy(out, row * width * 4, ((y + row) * r.width + x) * 4, ((y + row) * r.width + x + width) * 4);
  return out;
}

async function drawOverlays(r: Raw, job: Job, overlays: Buffer[]): Promise<Raw> {
  const layers = await Promise.all(
    job.overlays.map(async (o, i) => ({ o, raw: await faded(overlays[i]!, o.steps, o.opacity) })),
  );
  const composite = layers.flatMap(({ o, raw }) => {
    // sharp refuses overlays that reach outside the picture: cut them to it first.
    const left = Math.max(0, o.left);
    const top = Math.max(0, o.top);
    const width = Math.min(raw.width - (left - o.left), r.width - left);
    const height = Math.min(raw.height - (top - o.top), r.height - top);
    if (width <= 0 || height <= 0) return [];
    const cut =
      width === raw.width && height === raw.height ? raw.data : cropRaw(raw, left - o.left, top - o.top, width, height);
    return [{ input: cut, raw: { width, height, channels: 4 as const }, left, top }];
  });
  return composite.length ? toRaw(fromRaw(r).composite(composite)) : r;
}

/**
 * The picture's pixels as sharp takes them; a HEIC's come from libheif (formats.ts), since libvips has no HEVC decoder,
 * and are converted to sRGB from the colour space its `colr` box names, as sharp converts any profiled picture.
 */
async function opened(bytes: Buffer, format: string): Promise<Sharp> {
  if (format !== 'heic') return sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).autoOrient();
  const image = await heicPixels(bytes).catch(() => {
    throw new Problem(422, UNREADABLE);
  });
  if (image.icc) return withProfile(image, image.icc);
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
}

/** What the Images binding would be asked to read, from the header alone: format, upright size, bytes, frames. */
async function described(bytes: Buffer): Promise<{ meta: Metadata; input: ServiceInput }> {
  const outside = framesOutside(bytes); // before libvips, which grows a GIF's screen to a larger frame (ADR 0151)
  if (outside) throw new Problem(422, outside);
  let meta: Metadata;
  try {
    // Header only: nothing is decoded before the limits are checked (sharp's own pixel limit is only a backstop).
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new Problem(422, UNREADABLE);
  }
  const format = formatOf(meta);
  if (!format || !READS.includes(format) || !meta.width || !meta.height) {
    const kind = format ? `${format.toUpperCase()} pictures` : 'this kind of picture';
    throw new Problem(
      415,
      `The image service does not read ${kind}. Please convert it to JPEG or PNG first, then try again.`,
    );
  }
  const upright =
    (meta.orientation ?? 1) >= 5
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height };
  return {
    meta,
    input: {
      format: format as ServiceImageFormat,
      ...upright,
      bytes: bytes.length,
      frames: format === 'heic' ? 1 : (meta.pages ?? 1),
    },
  };
}

/** The job's pixels of `regions` only, one after another, each row by row (the contract's `regions`). */
function regionsOf(r: Raw, regions: { left: number; top: number; width: number; height: number }[]): Buffer {
  for (const g of regions) {
    if (g.left + g.width > r.width || g.top + g.height > r.height)
      throw new Problem(422, `A region must lie inside the picture (${r.width}×${r.height} pixels).`);
  }
  return Buffer.concat(regions.map((g) => cropRaw(r, g.left, g.top, g.width, g.height)));
}

export async function runJob(
  job: Job,
  input: Buffer,
  overlays: Buffer[],
): Promise<{ bytes: Buffer; width: number; height: number }> {
  // The Images binding's limits, checked as production's adapter checks them, with the same words (core/image-service.ts).
  const { meta, input: picture } = await described(input);
  const layers = await Promise.all(overlays.map(async (o) => (await described(o)).input));
  const refusal = imageServiceRefusal({
    input: picture,
    steps: job.steps,
    overlays: layers,
    output: job.output.format,
  });
  if (refusal) throw new Problem(413, refusal);
  const upright = { width: picture.width, height: picture.height };
  const { format: asked, animated } = job.output;
  if (animated && (asked === 'gif' || asked === 'webp') && (picture.frames ?? 1) > 1) {
    // Every frame through the same steps and overlays, one still frame at a time (animated.ts, ADR 0137).
    const frame = async (f: Raw) => {
      let r = f;
      for (const step of job.steps) r = await toRaw(withStep(fromRaw(r), step, r));
      return job.overlays.length ? drawOverlays(r, job, overlays) : r;
    };
    return runAnimated(input, MAX_PIXELS, { frame }, asked, job.output.quality).catch((err: unknown) =>
      Promise.reject(err instanceof AnimationUnreadable ? new Problem(422, UNREADABLE) : err),
    );
  }
  if (asked === 'gif') throw new Problem(400, 'GIF is written for an animated input with output.animated only.');

  // Each step runs on the previous one's materialised result, because sharp reorders operations inside one
  // pipeline. A leading resize joins the decode (sharp applies the orientation before it), so a large JPEG is
  // shrunk while it is decoded instead of being decoded at full size first.
  const [first, ...rest] = job.steps;
  const fused = first?.op === 'resize';
  let r: Raw;
  try {
    const source = await opened(input, picture.format);
    r = await toRaw(fused ? withStep(source, first, upright) : source);
  } catch (err) {
    if (err instanceof Problem) throw err;
    throw new Problem(422, UNREADABLE);
  }
  for (const step of fused ? rest : job.steps) r = await toRaw(withStep(fromRaw(r), step, r));
  if (job.overlays.length) r = await drawOverlays(r, job, overlays);

  const { format, quality, regions } = job.output;
  if (format === 'rgba') return { bytes: regions ? regionsOf(r, regions) : r.data, width: r.width, height: r.height };
  // An opaque input stays opaque through every step (padding is a solid colour): write it without an alpha channel.
  let out = fromRaw(r);
  if (!meta.hasAlpha || format === 'jpeg') out = out.flatten({ background: '#ffffff' });
  // No metadata is written; the pixels are already sRGB (sharp converts from the input's profile when it decodes, and
  // opened() does for a HEIC's `colr`). The Worker's adapter sends a non-sRGB profile only for an AVIF result: else it
  // keeps the photo's own values and puts the profile back itself (workers/api/src/imaging/service/profile.ts, ADR
  // 0126, 0153).
  const encoded =
    format === 'jpeg'
      ? out.jpeg({ quality: quality ?? 80, chromaSubsampling: '4:2:0', progressive: true, mozjpeg: false })
      : format === 'webp'
        ? out.webp({ quality: quality ?? 80, effort: 4 })
        : format === 'avif'
          ? out.avif({ quality: quality ?? 50, effort: 4 })
          : out.png({ compressionLevel: 6 });
  return { bytes: await encoded.toBuffer(), width: r.width, height: r.height };
}

/** At most MAX_JOBS at once, first come first served. */
let running = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** The multipart body, refused with 413 as soon as it passes MAX_BODY_BYTES (declared or not). */
async function readForm(request: Request): Promise<FormData> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES)
    throw new Problem(413, 'The request is too large for the local image service.');
  let seen = 0;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > MAX_BODY_BYTES) controller.error(new Error('too large'));
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Response(counted, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    if (seen > MAX_BODY_BYTES) throw new Problem(413, 'The request is too large for the local image service.');
    throw new Problem(400, 'Send multipart form data: job, input and overlays.');
  }
}

function parseJob(form: FormData): Job {
  let json: unknown;
  try {
    json = JSON.parse(String(form.get('job') ?? ''));
  } catch {
    throw new Problem(400, 'The job must be JSON.');
  }
  const parsed = jobSchema.safeParse(json);
  if (!parsed.success)
    throw new Problem(400, `The job is not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}.`);
  return parsed.data;
}

const MIME = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  rgba: 'application/octet-stream',
} as const;
const problem = (status: number, error: string) => Response.json({ error }, { status });

/** The whole service as a fetch handler: `POST /run` (multipart: job, input, overlay0…), `GET /health`. */
export async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === 'GET' && url.pathname === '/health') return Response.json({ ok: true });
  if (request.method !== 'POST' || url.pathname !== '/run') return problem(404, 'No such route.');
  try {
    const form = await readForm(request);
    const job = parseJob(form);
    const file = async (name: string) => {
      const f = form.get(name);
      if (!(f instanceof Blob)) throw new Problem(400, `The form field "${name}" must be a file.`);
      return Buffer.from(await f.arrayBuffer());
    };
    const input = await file('input');
    const overlays = await Promise.all(job.overlays.map((_, i) => file(`overlay${i}`)));
    const out = await inTurn(() => runJob(job, input, overlays));
    return new Response(new Uint8Array(out.bytes.buffer as ArrayBuffer, out.bytes.byteOffset, out.bytes.length), {
      headers: {
        'content-type': MIME[job.output.format],
        'x-image-width': String(out.width),
        'x-image-height': String(out.height),
      },
    });
  } catch (err) {
    if (err instanceof Problem) return problem(err.status, err.message);
    console.error('local-images: request failed', err);
    return problem(500, 'The local image service failed on this image. Please try another image.');
  }
}

export const createImageServer = (): Server => fetchServer(handle);
