/**
 * The offline image service (ADR 0123): the same contract as the Images binding (`workers/api/src/imaging/service/
 * types.ts`), on sharp/libvips, so every tool works offline on pictures of any accepted size exactly as in
 * production. Plain HTTP on loopback; only the API Worker talks to it. `handle` is the whole service as a fetch
 * handler, which the Worker tests bind in-process.
 */
import type { Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { type Job, parseJob } from './job-schema';
import { Problem } from './problem';
import { runJob } from './run-job';
import { fetchServer } from '../local-common/fetch-server';

export type { Job };
export { blurSigma, MAX_PIXELS, runJob } from './run-job';

/** A 10 MB upload plus full-size overlays (a blur's cutout, a watermark strip), with multipart overhead. */
export const MAX_BODY_BYTES = 48 * 1024 * 1024;
/** Jobs decoded at once; the rest wait their turn. A 50 MP job holds a few 200 MB RGBA copies. */
export const MAX_JOBS = Math.max(1, Math.min(2, availableParallelism()));

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
