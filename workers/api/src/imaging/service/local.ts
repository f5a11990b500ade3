/**
 * Offline: the Node service in local-images/ (sharp/libvips on loopback, started by `npm start`). The job travels as
 * multipart: a `job` JSON field, the `input` file and one `overlayN` file per overlay. Every call has a deadline,
 * so a stopped or stuck service is a clean 503, never a hang.
 */
import { z } from 'zod';
import { notBilled, type Bill } from '../../billed-calls';
import { checkedSize } from './cloudflare';
import { carryingProfiles } from './profile';
import { ImageServiceError, type ImageService, type ServiceJob, type ServiceResult } from './types';

export const LOCAL_IMAGES_NOT_RUNNING =
  'The local image service is not running. Start the app with `npm start` (it starts the service), or try again in a moment.';
export const LOCAL_IMAGES_TIMEOUT_MS = 120_000;

const errorSchema = z.object({ error: z.string() });
const blob = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]);
const safeJson = (bytes: Uint8Array): unknown => {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
};

export interface LocalImageServiceOptions {
  /** A service binding (tests bind the service in-process); without one, the global fetch to `url`. */
  fetcher: { fetch: typeof fetch } | undefined;
  url: string;
  timeoutMs?: number;
  /** Told of each job sent, as the Images binding would bill it (one transformation per `run`). */
  bill?: Bill;
}

export function localImageService({
  fetcher,
  url,
  timeoutMs = LOCAL_IMAGES_TIMEOUT_MS,
  bill = notBilled,
}: LocalImageServiceOptions): ImageService {
  const base = url.replace(/\/+$/, '');
  // Each called with its own `this`: workerd throws "Illegal invocation" otherwise.
  const send: typeof fetch = fetcher
    ? (input, init) => fetcher.fetch(input, init)
    : (input, init) => fetch(input, init);
  // Colour profiles are taken off before the call and put back after it (profile.ts, ADR 0126).
  return carryingProfiles({
    name: 'local',
    async run(job: ServiceJob): Promise<ServiceResult> {
      // The binding's limits, as its adapter holds them before calling: a job production would refuse without a call
      // is refused here without one too, so the count of billed calls is the same (local-images checks them again).
      checkedSize(job);
      const form = new FormData();
      const overlays = (job.overlays ?? []).map(({ left, top, opacity, steps }) => ({
        left,
        top,
        opacity,
        ...(steps?.length ? { steps } : {}),
      }));
      form.append('job', JSON.stringify({ steps: job.steps, overlays, output: job.output }));
      form.append('input', blob(job.input), 'input');
      (job.overlays ?? []).forEach((o, i) => form.append(`overlay${i}`, blob(o.image), `overlay${i}`));
      let res: Response;
      let bytes: Uint8Array;
      try {
        // Reading the answer is inside the deadline too.
        bill('images');
        res = await send(`${base}/run`, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
        bytes = new Uint8Array(await res.arrayBuffer());
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new ImageServiceError(
          503,
          timedOut
            ? 'The local image service took too long. Please try again with a smaller image.'
            : LOCAL_IMAGES_NOT_RUNNING,
        );
      }
      if (!res.ok) {
        const parsed = errorSchema.safeParse(safeJson(bytes));
        const message = parsed.success ? parsed.data.error : 'The local image service could not process this image.';
        if (res.status === 400 || res.status >= 500) {
          // Our own job was malformed, or the service failed: its words are for us, not for people.
          console.error(`local image service answered ${res.status}:`, message);
          throw new ImageServiceError(
            502,
            'The image service failed on this picture. Please try again; if it fails again, try a smaller copy.',
          );
        }
        throw new ImageServiceError(
          res.status === 413 || res.status === 415 || res.status === 422 ? res.status : 503,
          message,
        );
      }
      const width = Number(res.headers.get('x-image-width'));
      const height = Number(res.headers.get('x-image-height'));
      if (!width || !height)
        throw new ImageServiceError(503, 'The local image service answered without the picture size.');
      return { bytes, width, height, format: job.output.format };
    },
  });
}
