import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { AI_OUTPUT_MAX_PIXELS } from '../../../../core/tools/ai';
import { toBytes } from '../../src/ai/upstream';
import worker from '../../src/index';
import { readHeader } from '../../src/imaging/intake/sniff';
import { locate, putTemporary, STREAM_PART_BYTES } from '../../src/storage/image-store';
import { edgeEnv, pngDeclaring } from '../helpers';
import { pngStream } from '../support/png-stream';

/**
 * ADR 0114: the largest AI result the API makes (16 MP, written as an uncompressed RGBA PNG: 61 MiB) passes through
 * the isolate to R2 without being held whole. The result is produced lazily, chunk by chunk, by an Images binding
 * double; R2 is the real local R2, wrapped to count the bytes it has taken. What the isolate holds of the result at
 * any moment is what has been produced minus what R2 has taken, measured each time the reader asks for more.
 * (workerd exposes no heap figures to a Worker: `process.memoryUsage()` reads zeros there, so the bytes in flight
 * are counted where they are made and where they leave. `npx tsx bench/ai-result-memory.ts` reads V8's own figures
 * through the inspector for the same result: about 11 MiB at the peak streamed, 64 MiB read whole.)
 */
const MiB = (n: number) => Math.round(n / 104_857.6) / 10;

interface Meter {
  produced: number;
  stored: number;
  peakHeld: number;
  largestChunk: number;
}

const meter = (): Meter => ({ produced: 0, stored: 0, peakHeld: 0, largestChunk: 0 });

/** The result stream, counting what is produced and, at every read, what the isolate then holds. */
function resultStream(m: Meter, width: number, height: number) {
  return pngStream(width, height, (bytes) => {
    m.peakHeld = Math.max(m.peakHeld, m.produced - m.stored);
    m.produced += bytes;
    m.largestChunk = Math.max(m.largestChunk, bytes);
  });
}

/** The local R2 bucket, counting the bytes each write has taken once it has resolved. */
function countingBucket(m: Meter): R2Bucket {
  const size = (v: unknown) => (ArrayBuffer.isView(v) ? v.byteLength : v instanceof ArrayBuffer ? v.byteLength : 0);
  return new Proxy(env.BUCKET, {
    get(target, prop) {
      if (prop === 'put') {
        return async (key: string, value: Uint8Array, options?: R2PutOptions) => {
          const out = await target.put(key, value, options);
          m.stored += size(value);
          return out;
        };
      }
      if (prop === 'createMultipartUpload') {
        return async (key: string, options?: R2MultipartOptions) => {
          const upload = await target.createMultipartUpload(key, options);
          return {
            key: upload.key,
            uploadId: upload.uploadId,
            async uploadPart(n: number, value: Uint8Array) {
              const part = await upload.uploadPart(n, value);
              m.stored += size(value);
              return part;
            },
            abort: () => upload.abort(),
            complete: (parts: R2UploadedPart[]) => upload.complete(parts),
          };
        };
      }
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** An Images binding double whose every output is the lazily made PNG; it records what it was asked. */
function imagesDouble(m: Meter, width: number, height: number) {
  const asked: { transforms: unknown[]; output?: unknown } = { transforms: [] };
  const transformer = {
    transform(t: unknown) {
      asked.transforms.push(t);
      return transformer;
    },
    async output(o: unknown) {
      asked.output = o;
      const { stream } = resultStream(m, width, height);
      return { image: () => stream, contentType: () => 'image/png', response: () => new Response(stream) };
    },
  };
  const IMAGES = {
    input(input: ReadableStream) {
      void input.cancel();
      return transformer;
    },
    info: () => Promise.reject(new Error('not used')),
  } as unknown as ImagesBinding;
  return { IMAGES, asked };
}

describe('AI results are streamed to R2, never held whole in the isolate', () => {
  it('a 2× upscale to 16 MP written as PNG holds at most one 5 MiB part of its 61 MiB', {
    timeout: 120_000,
  }, async () => {
    const [width, height] = [4000, 4000];
    expect(width * height).toBe(AI_OUTPUT_MAX_PIXELS);
    const m = meter();
    const { IMAGES, asked } = imagesDouble(m, width, height);
    const form = new FormData();
    form.append('image', new File([pngDeclaring(2000, 2000)], 'photo.png'));
    form.append('operation', 'upscale');
    form.append('factor', '2');
    form.append('format', 'png');
    const workerEnv: Env = {
      ...edgeEnv,
      AI_PROVIDER: 'cloudflare',
      AI: { run: async () => ({}) } as unknown as Ai,
      IMAGES,
      BUCKET: countingBucket(m),
    };
    const request = new Request('http://local/api/optimize', {
      method: 'POST',
      body: form,
      headers: { 'cf-connecting-ip': '203.0.113.90' },
    });
    const res = await worker.fetch!(
      request as Parameters<NonNullable<typeof worker.fetch>>[0],
      workerEnv,
      createExecutionContext(),
    );
    const body = await res.json<{
      imageUrl: string;
      size: number;
      width: number;
      height: number;
      format: string;
      engine: string;
    }>();
    expect(res.status, JSON.stringify(body)).toBe(200);

    const expected = resultStream(meter(), width, height).size;
    console.log(
      `16 MP PNG result: ${MiB(m.produced)} MiB streamed, at most ${MiB(m.peakHeld)} MiB held in the isolate (part ${MiB(STREAM_PART_BYTES)} MiB, largest chunk ${MiB(m.largestChunk)} MiB)`,
    );
    expect(body).toMatchObject({ width, height, format: 'png', size: expected, engine: 'ai' });
    expect(asked.output).toEqual({ format: 'image/png' });
    expect(asked.transforms[0]).toMatchObject({ width, height, upscale: 'generate' });
    expect(m.produced).toBe(expected);
    expect(m.stored).toBe(expected);
    expect(m.peakHeld).toBeLessThanOrEqual(STREAM_PART_BYTES + m.largestChunk);
    expect(m.peakHeld).toBeLessThan(expected / 10);

    // What R2 keeps is the whole, valid PNG: every chunk's CRC checked through to IEND.
    const object = await env.BUCKET.get(locate(body.imageUrl.split('/').pop()!)!.key);
    expect(object!.size).toBe(expected);
    expect(object!.httpMetadata?.contentType).toBe('image/png');
    expect(readHeader(new Uint8Array(await object!.arrayBuffer()))).toMatchObject({ format: 'png', width, height });
  });

  it('the meter sees the old way for what it was: reading the result whole holds all 61 MiB', {
    timeout: 120_000,
  }, async () => {
    const m = meter();
    const { stream, size } = resultStream(m, 4000, 4000);
    const bytes = await toBytes(stream);
    await putTemporary(countingBucket(m), bytes, { contentType: 'image/png', ttlSeconds: 60 });
    console.log(`the same result read whole first: ${MiB(m.peakHeld)} MiB held`);
    expect(m.peakHeld).toBeGreaterThan(size - m.largestChunk - 1);
  });
});
