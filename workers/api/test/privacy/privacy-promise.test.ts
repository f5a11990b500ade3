/**
 * The privacy promise, end to end: everything one visit leaves in R2 (the upload, a tool result, a downloaded meme)
 * answers 410 once its TTL has passed, and is gone from the bucket after the next scheduled run.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadResponseSchema } from '../../../../core/api/images';
import { downloadMemeResponseSchema } from '../../../../core/api/memes';
import { IMAGE_TTL_SECONDS_DEFAULT } from '../../../../core/limits';
import worker from '../../src/index';
import { locate } from '../../src/storage/image-store';
import { api, listKeys, pngDeclaring, uploadForm } from '../helpers';

const keyOf = (url: string) => locate(new URL(url, 'http://local').pathname.split('/').pop()!)!.key;

async function runCron(at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(at), cron: '*/15 * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('privacy promise', () => {
  it('an upload, its tool result and its download expire together and leave nothing after cleanup', async () => {
    const start = Date.now();
    const before = new Set(await listKeys(env.BUCKET));
    const png = pngDeclaring(1, 1);

    const uploaded = uploadResponseSchema.parse(
      await (await api('/api/upload', { method: 'POST', body: uploadForm(png) })).json(),
    );

    const form = uploadForm(png);
    form.append('format', 'jpeg');
    const converted = await api('/api/convert', { method: 'POST', body: form });
    expect(converted.status).toBe(200);
    const { imageUrl: resultUrl } = (await converted.json()) as { imageUrl: string };

    const canvasData = `data:image/png;base64,${btoa(String.fromCharCode(...png))}`;
    const downloaded = await api('/api/download-meme', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ canvasData, format: 'png', filename: 'my meme' }),
    });
    expect(downloaded.status).toBe(201);
    const { downloadUrl, isPremium } = downloadMemeResponseSchema.parse(await downloaded.json());
    expect(isPremium).toBe(false);

    const urls = [uploaded.imageUrl, resultUrl, downloadUrl];
    // Every object the visit created is one of these three: nothing hidden, nothing kept.
    const created = (await listKeys(env.BUCKET)).filter((k) => !before.has(k));
    expect(created.sort()).toEqual(urls.map(keyOf).sort());
    for (const url of urls) expect((await api(url)).status).toBe(200);

    // A controlled clock: one second past the TTL, with no cleanup run yet.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + IMAGE_TTL_SECONDS_DEFAULT * 1000 + 60_000);
    for (const url of urls) {
      const res = await api(url);
      expect(`${url} ${res.status}`).toBe(`${url} 410`);
      expect(await res.json()).toMatchObject({ code: 'gone' });
    }
    // Still in the bucket until the cron runs...
    expect((await listKeys(env.BUCKET)).filter((k) => created.includes(k))).toHaveLength(3);

    // ...and gone after the scheduled run that follows the expiry buckets' end (cron every 15 minutes).
    const cronAt = start + IMAGE_TTL_SECONDS_DEFAULT * 1000 + 30 * 60_000;
    await runCron(cronAt);
    vi.setSystemTime(cronAt);
    const left = await listKeys(env.BUCKET);
    expect(created.filter((k) => left.includes(k))).toEqual([]);
    for (const url of urls) expect((await api(url)).status).toBe(410);
  });
});
