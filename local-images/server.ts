/**
 * The offline image service (ADR 0053): the same contract as the Images binding (`workers/api/src/imaging/service/
 * types.ts`), on sharp/libvips, so every tool works offline on pictures of any accepted size exactly as in
 * production. Plain HTTP on loopback; only the API Worker talks to it. `handle` is the whole service as a fetch
 * handler, which the Worker tests bind in-process.
 */
import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';

export const MAX_PIXELS = 50_000_000;
export const MAX_BODY_BYTES = 48 * 1024 * 1024;

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
  z.object({ op: z.literal('crop'), left: z.number().int().min(0), top: z.number().int().min(0), width: side, height: side }),
  z.object({
    op: z.literal('resize'),
    width: side,
    height: side,
    fit: z.enum(['cover', 'contain', 'stretch', 'inside']),
    background: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
  }),
  z.object({ op: z.literal('rotate'), angle: z.union([z.literal(90), z.literal(180), z.literal(270)]) }),
  z.object({ op: z.literal('flip'), axis: z.enum(['h', 'v']) }),
  z.object({ op: z.literal('blur'), radius: z.number().min(0).max(250) }),
]);
const jobSchema = z.object({
  steps: z.array(stepSchema).max(20),
  overlays: z.array(z.object({ left: z.number().int(), top: z.number().int(), opacity: z.number().min(0).max(1) })).max(60).default([]),
  output: z.object({ format: z.enum(['jpeg', 'png', 'webp', 'rgba']), quality: z.number().int().min(1).max(100).optional() }),
});
export type Job = z.infer<typeof jobSchema>;
type Step = z.infer<typeof stepSchema>;

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

const FIT = { cover: 'cover', contain: 'contain', stretch: 'fill', inside: 'inside' } as const;

const fromRaw = (r: Raw): Sharp => sharp(r.data, { raw: { width: r.width, height: r.height, channels: 4 } });
async function toRaw(s: Sharp): Promise<Raw> {
  const { data, info } = await s.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function checkSize(width: number, height: number) {
  if (width * height > MAX_PIXELS) {
    throw new Problem(413, `The result would be ${((width * height) / 1e6).toFixed(1)} megapixels; the most this service makes is ${MAX_PIXELS / 1e6}.`);
  }
}

/** One step on upright RGBA; each step sees the previous one's result (sharp would reorder them in one pipeline). */
async function apply(r: Raw, step: Step): Promise<Raw> {
  switch (step.op) {
    case 'crop':
      if (step.left + step.width > r.width || step.top + step.height > r.height) {
        throw new Problem(422, `The crop area must lie inside the picture (${r.width}×${r.height} pixels).`);
      }
      return toRaw(fromRaw(r).extract({ left: step.left, top: step.top, width: step.width, height: step.height }));
    case 'resize':
      checkSize(step.width, step.height);
      return toRaw(
        fromRaw(r).resize(step.width, step.height, { fit: FIT[step.fit], position: 'centre', background: step.background ?? '#ffffff', kernel: 'lanczos3' }),
      );
    case 'rotate':
      return toRaw(fromRaw(r).rotate(step.angle));
    case 'flip':
      return toRaw(step.axis === 'h' ? fromRaw(r).flop() : fromRaw(r).flip());
    case 'blur':
      // A blur "radius" as the Images binding takes it: a Gaussian whose sigma is half the radius.
      return step.radius < 0.6 ? r : toRaw(fromRaw(r).blur(step.radius / 2));
  }
}

/** An overlay's RGBA with its alpha multiplied by `opacity`. */
async function faded(image: Buffer, opacity: number): Promise<Raw> {
  const r = await toRaw(sharp(image, { limitInputPixels: MAX_PIXELS }));
  if (opacity < 1) for (let i = 3; i < r.data.length; i += 4) r.data[i] = Math.round(r.data[i]! * opacity);
  return r;
}

export async function runJob(job: Job, input: Buffer, overlays: Buffer[]): Promise<{ bytes: Buffer; width: number; height: number }> {
  let r: Raw;
  try {
    r = await toRaw(sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).autoOrient());
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new Problem(413, `The picture is over ${MAX_PIXELS / 1e6} megapixels.`);
    throw new Problem(422, 'We could not read this image. It may be damaged or cut short; please try another file.');
  }
  for (const step of job.steps) r = await apply(r, step);
  if (job.overlays.length) {
    const layers = await Promise.all(job.overlays.map(async (o, i) => ({ o, raw: await faded(overlays[i]!, o.opacity) })));
    const composite = layers.map(({ o, raw }) => {
      // Overlays are drawn at their position; whatever would fall outside the picture is cut off first.
      const left = Math.max(0, o.left);
      const top = Math.max(0, o.top);
      const width = Math.min(raw.width - (left - o.left), r.width - left);
      const height = Math.min(raw.height - (top - o.top), r.height - top);
      if (width <= 0 || height <= 0) return null;
      const cut = width === raw.width && height === raw.height ? raw.data : cropRaw(raw, left - o.left, top - o.top, width, height);
      return { input: cut, raw: { width, height, channels: 4 as const }, left, top };
    });
    r = await toRaw(fromRaw(r).composite(composite.filter((c) => c !== null)));
  }
  const out = fromRaw(r);
  const { format, quality } = job.output;
  if (format === 'rgba') return { bytes: r.data, width: r.width, height: r.height };
  const encoded =
    format === 'jpeg'
      ? out.flatten({ background: '#ffffff' }).jpeg({ quality: quality ?? 80, chromaSubsampling: '4:2:0', progressive: true })
      : format === 'webp'
        ? out.webp({ quality: quality ?? 80, effort: 4 })
        : out.png({ compressionLevel: 6 });
  return { bytes: await encoded.toBuffer(), width: r.width, height: r.height };
}

function cropRaw(r: Raw, x: number, y: number, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height * 4);
  for (let row = 0; row < height; row++) r.data.copy(out, row * width * 4, ((y + row) * r.width + x) * 4, ((y + row) * r.width + x + width) * 4);
  return out;
}

const MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', rgba: 'application/octet-stream' } as const;
const problem = (status: number, error: string) => Response.json({ error }, { status });

/** The whole service as a fetch handler: `POST /run` (multipart: job, input, overlay0…), `GET /health`. */
export async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === 'GET' && url.pathname === '/health') return Response.json({ ok: true });
  if (request.method !== 'POST' || url.pathname !== '/run') return problem(404, 'No such route.');
  try {
    if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw new Problem(413, 'The request is too large for the local image service.');
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new Problem(400, 'Send multipart form data: job, input and overlays.');
    }
    const parsed = jobSchema.safeParse(JSON.parse(String(form.get('job') ?? 'null')));
    if (!parsed.success) throw new Problem(400, `The job is not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}.`);
    const file = (name: string) => {
      const f = form.get(name);
      if (!(f instanceof Blob)) throw new Problem(400, `The form field "${name}" must be a file.`);
      return f.arrayBuffer().then((b) => Buffer.from(b));
    };
    const input = await file('input');
    const overlays = await Promise.all(parsed.data.overlays.map((_, i) => file(`overlay${i}`)));
    const out = await runJob(parsed.data, input, overlays);
    return new Response(new Uint8Array(out.bytes), {
      headers: { 'content-type': MIME[parsed.data.output.format], 'x-image-width': String(out.width), 'x-image-height': String(out.height) },
    });
  } catch (err) {
    if (err instanceof Problem) return problem(err.status, err.message);
    if (err instanceof SyntaxError) return problem(400, 'The job must be JSON.');
    console.error('local-images: request failed', err);
    return problem(500, 'The local image service failed on this image. Please try another image.');
  }
}

export function createImageServer(): Server {
  return createServer((req, res) => {
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
    const request = new Request(`http://local${req.url ?? '/'}`, { method: req.method, headers: req.headers as Record<string, string>, body, duplex: 'half' } as RequestInit);
    handle(request)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch(() => res.destroy());
  });
}
