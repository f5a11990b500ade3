/**
 * The Worker the AI-result memory bench runs (bench/ai-result-memory.ts): the production Cloudflare adapter over an
 * Images binding double that makes the largest AI result (a 16 MP RGBA PNG, uncompressed) as it is read, stored in
 * R2 the way the API stores it now (`stream`) or the way it used to (`whole`: read into the isolate, then put).
 */
import { cloudflareProvider } from '../../workers/api/src/ai/cloudflare';
import { concatBytes } from '../../core/bytes';
import { pngChunk } from '../../workers/api/src/imaging/codecs/plain-png';
import { toBytes } from '../../workers/api/src/ai/upstream';
import { readHeadOf } from '../../workers/api/src/imaging/intake/sniff';
import { putTemporary, putTemporaryStream } from '../../workers/api/src/storage/image-store';
import { pngStream } from '../../workers/api/test/support/png-stream';

interface BenchEnv {
  BUCKET: R2Bucket;
}

/** A PNG that declares `width` × `height` with a token IDAT: the header is all the adapter reads. */
function declaring(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return concatBytes([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', new Uint8Array([0x78, 0x01, 0x01, 0, 0, 0xff, 0xff, 0, 0, 0, 1])),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** `gc()` when workerd runs with --expose-gc (the bench sets it), so what is sampled is live memory, not garbage. */
const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/**
 * The result as the binding hands it over: chunks arriving over time, each after a turn of the event loop (when the
 * inspector samples), with garbage collected every 16 chunks (1 MiB).
 */
function arriving(source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let chunks = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (++chunks % 16 === 0) collect();
        await new Promise((r) => setTimeout(r, 0));
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    },
    { highWaterMark: 0 },
  );
}

function imagesDouble(width: number, height: number): ImagesBinding {
  const transformer = {
    transform: () => transformer,
    output: async () => {
      const stream = arriving(pngStream(width, height).stream);
      return { image: () => stream, contentType: () => 'image/png', response: () => new Response(stream) };
    },
  };
  return { input: () => transformer, info: () => Promise.reject(new Error('not used')) } as unknown as ImagesBinding;
}

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const mode = new URL(request.url).searchParams.get('mode');
    if (mode === 'warm') return Response.json({ mode, size: 0, ms: 0 });
    const provider = cloudflareProvider({ AI: { run: async () => ({}) }, IMAGES: imagesDouble(4000, 4000) });
    const started = Date.now();
    const stream = await provider.upscale(declaring(2000, 2000), 2, { format: 'png' });
    const stored =
      mode === 'whole'
        ? await putTemporary(env.BUCKET, await toBytes(stream), { contentType: 'image/png', ttlSeconds: 600 })
        : await putTemporaryStream(env.BUCKET, stream, {
            ttlSeconds: 600,
            maxBytes: 80 * 1024 * 1024,
            describe(head) {
              if (readHeadOf(head)?.format !== 'png') throw new Error('not a PNG');
              return { contentType: 'image/png' };
            },
          });
    return Response.json({ mode, size: stored.size, ms: Date.now() - started });
  },
};
