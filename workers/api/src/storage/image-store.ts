/**
 * Every image the API holds lives in R2 under a key derived from its id. Images that expire (uploads, tool results,
 * generated images) sit under `tmp/{expiry bucket}/`, so the cron can delete whole expired buckets by prefix and a
 * read can answer 410 from the id alone. Saved memes sit under `saved/` and are kept until deleted.
 */
import { imageIdSchema } from '../../../../core/api/images';
import { IMAGE_TTL_SECONDS_DEFAULT } from '../../../../core/limits';
import { throwIfCancelled } from '../cancel';
import { HttpError } from '../errors';

/** Width of an expiry bucket. Cleanup runs every 15 minutes, so an expired object lives at most ~25 minutes more. */
export const EXPIRY_BUCKET_MS = 10 * 60 * 1000;
/** Where expiring images live: the cron deletes them by bucket, and the R2 lifecycle rule (npm run deploy) after a day. */
export const TMP_PREFIX = 'tmp/';
/** Saved memes: kept until their owner deletes them, so no lifecycle rule may reach this prefix. */
export const KEPT_PREFIX = 'saved/';

export interface StoredImage {
  id: string;
  /** Same-origin URL that serves the image. */
  url: string;
  key: string;
  /** null for kept images. */
  expiresAt: Date | null;
  size: number;
}

export interface PutOptions {
  contentType: string;
  /** Extra metadata stored with the object (format, original name …). */
  metadata?: Record<string, string>;
}

export const imageUrl = (id: string) => `/api/images/${id}`;

/** IMAGE_TTL_SECONDS from the environment, or the default when unset or not a positive number. */
export function imageTtlSeconds(env: Pick<Env, 'IMAGE_TTL_SECONDS'>): number {
  const ttl = Number(env.IMAGE_TTL_SECONDS);
  return Number.isFinite(ttl) && ttl > 0 ? ttl : IMAGE_TTL_SECONDS_DEFAULT;
}

function randomHex(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const bucketOf = (expiresAtMs: number) => Math.ceil(expiresAtMs / EXPIRY_BUCKET_MS);
const bucketPrefix = (bucket: number) => `${TMP_PREFIX}${String(bucket).padStart(12, '0')}/`;

/** The R2 key of an id, and the time its whole bucket has expired (null for kept images); null for a bad id. */
export function locate(id: string): { key: string; bucketExpiredAt: number | null } | null {
  if (!imageIdSchema.safeParse(id).success) return null;
  const [prefix, random] = id.split('-') as [string, string];
  if (prefix === 'k') return { key: `${KEPT_PREFIX}${random}`, bucketExpiredAt: null };
  const bucket = parseInt(prefix.slice(1), 36);
  return { key: `${bucketPrefix(bucket)}${random}`, bucketExpiredAt: bucket * EXPIRY_BUCKET_MS };
}

/** Stores bytes that expire `ttlSeconds` after `now`. */
export async function putTemporary(
  bucket: R2Bucket,
  bytes: Uint8Array,
  options: PutOptions & { ttlSeconds: number; now?: number },
): Promise<StoredImage> {
  const expiresAt = (options.now ?? Date.now()) + options.ttlSeconds * 1000;
  const b = bucketOf(expiresAt);
  const random = randomHex();
  const id = `t${b.toString(36)}-${random}`;
  const key = `${bucketPrefix(b)}${random}`;
  await bucket.put(key, bytes, {
    httpMetadata: { contentType: options.contentType },
    customMetadata: { ...options.metadata, expiresAt: String(expiresAt) },
  });
  return { id, url: imageUrl(id), key, expiresAt: new Date(expiresAt), size: bytes.byteLength };
}

/** R2's smallest multipart part, and the most of a streamed result the isolate holds at once (ADR 0114). */
export const STREAM_PART_BYTES = 5 * 1024 * 1024;

/** A stream that failed while being read (the producer's fault, not storage's): callers name the producer. */
export class SourceStreamError extends Error {
  constructor(readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

export interface StreamPutOptions {
  ttlSeconds: number;
  now?: number;
  /**
   * Called with the first part (the whole stream when it is smaller) before anything is written: checks it and
   * says how to store it. Throwing stops the upload with nothing stored.
   */
  describe(head: Uint8Array): PutOptions;
  /** More than this many bytes is refused (the producer is not trusted to stop). */
  maxBytes: number;
  /** Aborted when the person cancels: the upload is aborted and nothing is kept. */
  signal?: AbortSignal;
  /** Part size; R2 needs at least 5 MiB for every part but the last. */
  partBytes?: number;
}

/**
 * Stores a stream of unknown length that expires `ttlSeconds` after `now`, holding at most one part of it at a
 * time. R2's `put` needs a known length, which a transformed image's stream does not have, so a stream longer than
 * one part becomes a multipart upload of equal parts (the last may be smaller,
 * https://developers.cloudflare.com/r2/objects/multipart-objects/); a shorter one is a single `put`.
 */
export async function putTemporaryStream(
  bucket: R2Bucket,
  stream: ReadableStream<Uint8Array>,
  options: StreamPutOptions,
): Promise<StoredImage> {
  const partBytes = options.partBytes ?? STREAM_PART_BYTES;
  const reader = stream.getReader();
  const part = new Uint8Array(partBytes);
  let carry: Uint8Array | null = null;
  let total = 0;
  let ended = false;
  /** Fills `part` from the stream; the number of bytes in it (less than a part only at the end). */
  const fill = async (): Promise<number> => {
    let filled = 0;
    while (filled < partBytes) {
      if (!carry) {
        if (ended) break;
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (err) {
          throw new SourceStreamError(err);
        }
        if (next.done) {
          ended = true;
          break;
        }
        carry = next.value;
        total += carry.byteLength;
        if (total > options.maxBytes)
          throw new SourceStreamError(new Error(`the stream is longer than ${options.maxBytes} bytes`));
      }
      const take = Math.min(carry.byteLength, partBytes - filled);
      part.set(carry.subarray(0, take), filled);
      filled += take;
      carry = take < carry.byteLength ? carry.subarray(take) : null;
    }
    return filled;
  };
  const stopped = () => throwIfCancelled(options.signal);

  const expiresAt = (options.now ?? Date.now()) + options.ttlSeconds * 1000;
  const b = bucketOf(expiresAt);
  const random = randomHex();
  const key = `${bucketPrefix(b)}${random}`;
  let upload: R2MultipartUpload | null = null;
  try {
    let filled = await fill();
    const put = options.describe(part.subarray(0, filled));
    const meta = {
      httpMetadata: { contentType: put.contentType },
      customMetadata: { ...put.metadata, expiresAt: String(expiresAt) },
    };
    stopped();
    if (ended && !carry) {
      await bucket.put(key, part.subarray(0, filled), meta);
    } else {
      upload = await bucket.createMultipartUpload(key, meta);
      const parts: R2UploadedPart[] = [];
      while (filled > 0) {
        stopped();
        parts.push(await upload.uploadPart(parts.length + 1, part.subarray(0, filled)));
        filled = await fill();
      }
      await upload.complete(parts);
    }
    const id = `t${b.toString(36)}-${random}`;
    return { id, url: imageUrl(id), key, expiresAt: new Date(expiresAt), size: total };
  } catch (err) {
    await reader.cancel().catch(() => undefined);
    await upload?.abort().catch(() => undefined);
    throw err;
  }
}

/** Stores bytes that are kept until `deleteImage` (saved memes). */
export async function putKept(bucket: R2Bucket, bytes: Uint8Array, options: PutOptions): Promise<StoredImage> {
  const random = randomHex();
  const id = `k-${random}`;
  const key = `${KEPT_PREFIX}${random}`;
  await bucket.put(key, bytes, {
    httpMetadata: { contentType: options.contentType },
    customMetadata: options.metadata,
  });
  return { id, url: imageUrl(id), key, expiresAt: null, size: bytes.byteLength };
}

const gone = () => new HttpError(410, 'gone', 'This image has expired. Please upload it again.');
const missing = () => new HttpError(404, 'not_found', 'There is no such image.');

/**
 * The stored object with its body and expiry. Expired objects answer 410 even while cleanup has not yet deleted
 * them (and after it has, from the id alone); unknown ids 404.
 */
export async function getImage(
  bucket: R2Bucket,
  id: string,
  now = Date.now(),
): Promise<{ object: R2ObjectBody; expiresAt: number | null }> {
  const where = locate(id);
  if (!where) throw missing();
  if (where.bucketExpiredAt !== null && now >= where.bucketExpiredAt) throw gone();
  const object = await bucket.get(where.key);
  if (!object) throw missing();
  const expiresAt = object.customMetadata?.expiresAt ? Number(object.customMetadata.expiresAt) : null;
  if (expiresAt !== null && now >= expiresAt) {
    await object.body.cancel();
    throw gone();
  }
  return { object, expiresAt };
}

/** Deletes an image by id; deleting one that is already gone is not an error. */
export async function deleteImage(bucket: R2Bucket, id: string): Promise<void> {
  const where = locate(id);
  if (where) await bucket.delete(where.key);
}

/**
 * Deletes every bucket whose newest object has expired at `now`. Listing prefixes with a delimiter finds the
 * buckets without listing their objects; each is then emptied in pages of up to 1000 keys.
 */
export async function deleteExpired(
  bucket: R2Bucket,
  now: number,
  pageSize = 1000,
): Promise<{ buckets: number; objects: number }> {
  let buckets = 0;
  let objects = 0;
  let cursor: string | undefined;
  do {
    const listing = await bucket.list({ prefix: TMP_PREFIX, delimiter: '/', cursor });
    for (const prefix of listing.delimitedPrefixes) {
      const number = Number(prefix.slice(TMP_PREFIX.length, -1));
      if (!Number.isFinite(number) || number * EXPIRY_BUCKET_MS > now) continue;
      objects += await emptyPrefix(bucket, prefix, pageSize);
      buckets++;
    }
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
  return { buckets, objects };
}

async function emptyPrefix(bucket: R2Bucket, prefix: string, pageSize: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const page = await bucket.list({ prefix, limit: pageSize });
    if (page.objects.length === 0) return deleted;
    await bucket.delete(page.objects.map((o) => o.key));
    deleted += page.objects.length;
    if (!page.truncated) return deleted;
  }
}
