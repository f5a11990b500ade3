import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../src/errors';
import {
  putTemporaryStream,
  SourceStreamError,
  STREAM_PART_BYTES,
  type StreamPutOptions,
} from '../../src/storage/image-store';
import { listKeys } from '../helpers';

/** `total` bytes (byte i is i mod 251) in chunks of `chunk`, made as they are read; `fail` throws after that many bytes. */
function bytes(total: number, chunk = 64 * 1024, fail?: number) {
  let at = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (fail !== undefined && at >= fail) return controller.error(new Error('the model stopped half way'));
        if (at >= total) return controller.close();
        const n = Math.min(chunk, total - at);
        const out = new Uint8Array(n);
        for (let i = 0; i < n; i++) out[i] = (at + i) % 251;
        at += n;
        controller.enqueue(out);
      },
    },
    { highWaterMark: 0 },
  );
}

const options = (over: Partial<StreamPutOptions> = {}): StreamPutOptions => ({
  ttlSeconds: 3600,
  maxBytes: 64 * 1024 * 1024,
  describe: () => ({ contentType: 'application/octet-stream', metadata: { format: 'test' } }),
  ...over,
});

/** The first byte that is not what `bytes()` made, or -1 (a readable failure, not a diff of megabytes). */
function firstWrongByte(got: Uint8Array, total: number): number {
  if (got.length !== total) return Math.min(got.length, total);
  for (let i = 0; i < total; i++) if (got[i] !== i % 251) return i;
  return -1;
}
const storedObjects = async () => (await listKeys(env.BUCKET, 'tmp/')).length;

describe('putTemporaryStream: a result of unknown length, one part at a time', () => {
  it('stores a stream shorter than one part with a single put, byte for byte, and says its size', async () => {
    const stored = await putTemporaryStream(env.BUCKET, bytes(300_000), options());
    expect(stored.size).toBe(300_000);
    const object = await env.BUCKET.get(stored.key);
    expect(firstWrongByte(new Uint8Array(await object!.arrayBuffer()), 300_000)).toBe(-1);
    expect(object!.customMetadata).toMatchObject({ format: 'test', expiresAt: String(stored.expiresAt!.getTime()) });
  });

  it('stores a stream of 2.2 parts as a multipart upload whose chunks straddle the part edges', {
    timeout: 60_000,
  }, async () => {
    const total = Math.round(STREAM_PART_BYTES * 2.2);
    const stored = await putTemporaryStream(env.BUCKET, bytes(total, 100_003), options());
    expect(stored.size).toBe(total);
    const object = await env.BUCKET.get(stored.key);
    expect(object!.size).toBe(total);
    expect(object!.etag).toMatch(/-3$/); // a multipart object's ETag ends with its number of parts
    expect(firstWrongByte(new Uint8Array(await object!.arrayBuffer()), total)).toBe(-1);
  });

  it('stores nothing when the first part is refused, and passes the refusal on', async () => {
    const before = await storedObjects();
    const refusal = new HttpError(502, 'ai_upstream_error', 'not an image');
    const result = putTemporaryStream(
      env.BUCKET,
      bytes(STREAM_PART_BYTES * 2),
      options({
        describe: () => {
          throw refusal;
        },
      }),
    );
    await expect(result).rejects.toBe(refusal);
    expect(await storedObjects()).toBe(before);
  });

  it('aborts the upload and names the source when the stream fails half way', { timeout: 60_000 }, async () => {
    const before = await storedObjects();
    const result = putTemporaryStream(
      env.BUCKET,
      bytes(STREAM_PART_BYTES * 3, 64 * 1024, STREAM_PART_BYTES + 10),
      options(),
    );
    await expect(result).rejects.toBeInstanceOf(SourceStreamError);
    expect(await storedObjects()).toBe(before);
  });

  it('refuses a stream longer than maxBytes, and stops when the job is cancelled', async () => {
    await expect(
      putTemporaryStream(env.BUCKET, bytes(1_000_000), options({ maxBytes: 500_000 })),
    ).rejects.toBeInstanceOf(SourceStreamError);
    const cancel = new AbortController();
    cancel.abort();
    await expect(
      putTemporaryStream(env.BUCKET, bytes(1_000), options({ signal: cancel.signal })),
    ).rejects.toMatchObject({ status: 499, code: 'cancelled' });
  });
});
