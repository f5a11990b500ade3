import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import {
  EXPIRY_BUCKET_MS,
  deleteExpired,
  getImage,
  locate,
  putKept,
  putTemporary,
} from '../../src/storage/image-store';
import { api, pngDeclaring } from '../helpers';

const HOUR = 3600_000;
const png = pngDeclaring(1, 1);
const put = (now: number, ttlSeconds = 3600) =>
  putTemporary(env.BUCKET, png, { contentType: 'image/png', ttlSeconds, now, metadata: { format: 'png' } });

async function runCron(scheduledTime: number) {
  const controller = createScheduledController({ scheduledTime: new Date(scheduledTime), cron: '*/15 * * * *' });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

const exists = async (key: string) => (await env.BUCKET.head(key)) !== null;

describe('the image store', () => {
  it('answers 410 for an object past its TTL, before any cleanup has run', async () => {
    const old = await put(Date.now() - 2 * HOUR);
    expect(await exists(old.key)).toBe(true);
    const res = await api(old.url);
    expect(res.status).toBe(410);
    expect(await res.json()).toEqual({ error: 'This image has expired. Please upload it again.', code: 'gone' });
  });

  it('answers 410 from the metadata when the object expired but its bucket has not', async () => {
    // Expired 1 ms ago: its 10-minute bucket ends after now unless now - 1 is exactly on a bucket boundary (with 5 s,
    // this failed whenever the test ran in the first 4 s of a bucket).
    const now = Date.now();
    const brief = await put(now - 1_001, 1);
    expect(locate(brief.id)!.bucketExpiredAt!).toBeGreaterThan(now);
    expect((await api(brief.url)).status).toBe(410);
  });

  it('the cron deletes expired buckets and keeps fresh images and saved memes', async () => {
    const now = Date.now();
    const old = await put(now - 2 * HOUR);
    const fresh = await put(now);
    const kept = await putKept(env.BUCKET, png, { contentType: 'image/png' });

    await runCron(now);
    expect(await exists(old.key)).toBe(false);
    expect(await exists(fresh.key)).toBe(true);
    expect(await exists(kept.key)).toBe(true);
    expect((await api(fresh.url)).status).toBe(200);
    expect((await api(old.url)).status).toBe(410);

    // Two hours later (a controlled clock: the trigger's scheduled time), the fresh one has gone too.
    await runCron(now + 2 * HOUR);
    expect(await exists(fresh.key)).toBe(false);
    expect(await exists(kept.key)).toBe(true);
  });

  it('keeps a bucket until its newest possible object has expired', async () => {
    const now = Date.now();
    const image = await put(now);
    const bucketEnd = locate(image.id)!.bucketExpiredAt!;
    expect(bucketEnd - image.expiresAt!.getTime()).toBeLessThan(EXPIRY_BUCKET_MS);
    expect(await deleteExpired(env.BUCKET, bucketEnd - 1)).toMatchObject({ objects: 0 });
    expect(await exists(image.key)).toBe(true);
    expect((await deleteExpired(env.BUCKET, bucketEnd)).objects).toBeGreaterThanOrEqual(1);
    expect(await exists(image.key)).toBe(false);
  });

  it('empties a bucket of more than one listing page', async () => {
    const now = Date.now() - 3 * HOUR;
    const keys = await Promise.all(Array.from({ length: 7 }, () => put(now).then((s) => s.key)));
    const result = await deleteExpired(env.BUCKET, Date.now(), 2);
    expect(result.objects).toBeGreaterThanOrEqual(7);
    expect(await Promise.all(keys.map(exists))).toEqual(new Array(7).fill(false));
  });

  it('serves saved memes without expiry and refuses ids that do not parse', async () => {
    const kept = await putKept(env.BUCKET, png, { contentType: 'image/png', metadata: { format: 'png' } });
    const { expiresAt } = await getImage(env.BUCKET, kept.id, Date.now() + 1000 * HOUR);
    expect(expiresAt).toBeNull();
    expect(locate('t1-xyz')).toBeNull();
    expect(locate('k-../../x')).toBeNull();
  });
});
