/**
 * LOCAL_IMAGES for the Worker tests (vitest.config.ts): the offline image service's own handler, which keeps the
 * answer of each job it did and gives it again when the same job comes again, byte for byte: the same picture, the
 * same steps and overlays, the same output (ADR 0198). Many tests send the same photo through the same encodes (a
 * quality=auto search's AVIF tries of one photo for a free and a premium visitor, the contract's cases on the
 * offline service and again on the recording double that hands the same jobs to it): libvips' work on them was most
 * of what those files cost. The Worker still makes every call (the doubles count them); only the Node-side encode
 * is not repeated. Failures are not kept: each is worked out again.
 */
import { createHash } from 'node:crypto';
import { Request, Response } from 'miniflare';

interface Kept {
  body: Uint8Array;
  headers: [string, string][];
}

/** All the answers kept at once, and the largest one kept (a 12 MP raster, 48 MB, is worked out each time). */
const MAX_KEPT_BYTES = 192 * 1024 * 1024;
const MAX_ANSWER_BYTES = 24 * 1024 * 1024;

/**
 * The job's identity: the request's bytes with its multipart boundary (chosen at random for each request) taken
 * out, so two requests of the same parts in the same order are one job.
 */
function jobKey(body: Buffer, contentType: string): string | null {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const hash = createHash('sha256');
  const mark = Buffer.from(boundary);
  let from = 0;
  for (let at = body.indexOf(mark, from); at >= 0; at = body.indexOf(mark, from)) {
    hash.update(body.subarray(from, at)).update('\0boundary\0');
    from = at + mark.length;
  }
  return hash.update(body.subarray(from)).digest('hex');
}

export function rememberingJobs(handle: (request: Request) => Promise<Response>) {
  // In the order last used: the first is the one to let go.
  const kept = new Map<string, Kept>();
  let keptBytes = 0;
  const answer = (k: Kept) => new Response(k.body, { headers: k.headers });

  return async (request: Request): Promise<Response> => {
    if (request.method !== 'POST' || new URL(request.url).pathname !== '/run') return handle(request);
    const body = Buffer.from(await request.arrayBuffer());
    const fresh = () => handle(new Request(request.url, { method: 'POST', headers: request.headers, body }));
    const key = jobKey(body, request.headers.get('content-type') ?? '');
    if (!key) return fresh();
    const known = kept.get(key);
    if (known) {
      kept.delete(key);
      kept.set(key, known);
      return answer(known);
    }
    const res = await fresh();
    if (res.status !== 200) return res;
    const k: Kept = { body: new Uint8Array(await res.arrayBuffer()), headers: [...res.headers] };
    if (k.body.length <= MAX_ANSWER_BYTES && !kept.has(key)) {
      kept.set(key, k);
      keptBytes += k.body.length;
      for (const [oldest, { body: old }] of kept) {
        if (keptBytes <= MAX_KEPT_BYTES) break;
        kept.delete(oldest);
        keptBytes -= old.length;
      }
    }
    return answer(k);
  };
}
