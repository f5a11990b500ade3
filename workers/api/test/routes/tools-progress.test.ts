import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createEventStreamParser, parseEventStream } from '../../../../core/api/event-stream';
import type { ErrorEvent, PhaseEvent } from '../../../../core/api/tool-progress';
import { FAKE_FAIL_MARKER, FAKE_SLOW_MARKER } from '../../src/ai/fake';
import { medianMs, sizeBucket } from '../../src/db/op-timings';
import { encode } from '../../src/imaging/codecs/encode';
import { api, listKeys } from '../helpers';
import type { ToolBody } from '../support/corpus';
import { markedPng } from '../support/marked-png';
import { syntheticPhoto } from '../support/synthetic';

const png = await encode(syntheticPhoto(120, 80), 'png', { quality: 100 });
// The marker inside the picture: intake cuts bytes after IEND.
const marked = (marker: string) => markedPng(png, marker);

function toolForm(fields: Record<string, string | number>, image: Uint8Array = png): FormData {
  const form = new FormData();
  form.append('image', new File([image as Uint8Array<ArrayBuffer>], 'photo.png'));
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  return form;
}

const streamed = (
  route: string,
  fields: Record<string, string | number>,
  ip: string,
  image?: Uint8Array,
  signal?: AbortSignal,
) =>
  api(`/api/${route}`, {
    method: 'POST',
    body: toolForm(fields, image),
    headers: { accept: 'text/event-stream', 'cf-connecting-ip': ip },
    signal,
  });

const usedBy = async (ip: string) =>
  (await (await api('/api/usage-limit', { headers: { 'cf-connecting-ip': ip } })).json<{ used: number }>()).used;

async function eventsOf(res: Response) {
  return parseEventStream(await res.text()).map((e) => ({ event: e.event, data: JSON.parse(e.data) as unknown }));
}

const phasesOf = (events: { event: string; data: unknown }[]) =>
  events.filter((e) => e.event === 'phase').map((e) => (e.data as PhaseEvent).phase);

async function timingRows(operation: string) {
  const { results } = await env.DB.prepare('SELECT ms, size_bucket FROM op_timings WHERE operation = ?1')
    .bind(operation)
    .all<{ ms: number; size_bucket: string }>();
  return results;
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the tool routes’ streamed answer (Accept: text/event-stream)', () => {
  it('streams a compress job’s phases in order, then exactly one result with the plain answer’s body', async () => {
    const res = await streamed('optimize', { operation: 'compress', quality: 70, format: 'jpeg' }, '203.0.113.80');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await eventsOf(res);
    expect(phasesOf(events)).toEqual(['queued', 'processing', 'encoding', 'storing']);
    expect(events.at(-1)?.event).toBe('result');
    expect(events.filter((e) => e.event === 'result' || e.event === 'error')).toHaveLength(1);
    const body = events.at(-1)!.data as ToolBody;
    expect(body).toMatchObject({ operation: 'compress', format: 'jpeg', width: 120, height: 80 });
    const image = await api(new URL(body.imageUrl, 'http://local').pathname);
    expect(image.status).toBe(200);
    expect((await image.arrayBuffer()).byteLength).toBe(body.size);
  });

  it('answers without the header exactly as before: one JSON body', async () => {
    const res = await api('/api/optimize', {
      method: 'POST',
      body: toolForm({ operation: 'compress', quality: 70, format: 'jpeg' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json<ToolBody>()).toMatchObject({ operation: 'compress', format: 'jpeg' });
  });

  it('still refuses invalid fields before any stream, as plain JSON with its status', async () => {
    const res = await streamed('optimize', { operation: 'sharpen' }, '203.0.113.81');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('streams an upscale’s phases and result, counts one unit and files the duration for the next estimate', async () => {
    const ip = '203.0.113.82';
    const events = await eventsOf(await streamed('optimize', { operation: 'upscale', factor: 3 }, ip));
    expect(phasesOf(events)).toEqual(['queued', 'processing', 'storing']);
    expect(events.at(-1)).toMatchObject({ event: 'result', data: { operation: 'upscale', width: 360, height: 240 } });
    expect(await usedBy(ip)).toBe(1);
    const rows = await eventually(
      () => timingRows('upscale-3x'),
      (r) => r.length === 1,
    );
    expect(rows).toEqual([{ ms: expect.any(Number), size_bucket: 'small' }]);
  });

  it('sends the median of recent runs of the same operation and size as the estimate', async () => {
    const now = Date.now();
    for (const [i, ms] of [4000, 1000, 9000, 3000, 2000].entries()) {
      await env.DB.prepare(
        "INSERT INTO op_timings (operation, size_bucket, ms, created_at) VALUES ('remove-background', 'small', ?1, ?2)",
      )
        .bind(ms, now - i)
        .run();
    }
    // A different size class does not count.
    await env.DB.prepare(
      "INSERT INTO op_timings (operation, size_bucket, ms, created_at) VALUES ('remove-background', 'huge', 60000, ?1)",
    )
      .bind(now)
      .run();
    const events = await eventsOf(await streamed('optimize', { operation: 'remove-background' }, '203.0.113.83'));
    const processing = events.find((e) => e.event === 'phase' && (e.data as PhaseEvent).phase === 'processing');
    expect(processing?.data).toEqual({ phase: 'processing', estimateMs: 3000 });
    expect(events.at(-1)?.event).toBe('result');
  });

  it('ends a failed AI job with one error event in the plain answer’s words, and refunds the unit', async () => {
    const ip = '203.0.113.84';
    const failing = marked(FAKE_FAIL_MARKER);
    const plain = await api('/api/optimize', {
      method: 'POST',
      body: toolForm({ operation: 'upscale', factor: 2 }, failing),
      headers: { 'cf-connecting-ip': ip },
    });
    const plainBody = await plain.json<{ error: string; code: string }>();
    const events = await eventsOf(await streamed('optimize', { operation: 'upscale', factor: 2 }, ip, failing));
    expect(phasesOf(events)).toEqual(['queued', 'processing']);
    // The fake upscale was asked for (one call of the Images binding in production) before it failed.
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { ...plainBody, status: plain.status, billedCalls: 1 } satisfies ErrorEvent,
    });
    expect(plain.headers.get('x-billed-calls')).toBe('1');
    expect(plain.status).toBe(502);
    expect(await usedBy(ip)).toBe(0);
  });

  it('streams a blur of faces on /api/security with its encoding phase', async () => {
    const events = await eventsOf(
      await streamed('security', { operation: 'blur', method: 'faces', strength: 10 }, '203.0.113.85'),
    );
    expect(phasesOf(events)).toEqual(['queued', 'processing', 'encoding', 'storing']);
    expect(events.at(-1)).toMatchObject({ event: 'result', data: { operation: 'blur' } });
  });

  it('stops a cancelled AI job: the allowance unit comes back and nothing is stored in R2', async () => {
    const ip = '203.0.113.86';
    const before = await listKeys(env.BUCKET);
    const cancel = new AbortController();
    const started = Date.now();
    const res = await streamed(
      'optimize',
      { operation: 'upscale', factor: 2 },
      ip,
      marked(FAKE_SLOW_MARKER),
      cancel.signal,
    );
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const parser = createEventStreamParser();
    const seen: string[] = [];
    while (!seen.includes('processing')) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const e of parser.push(value)) seen.push((JSON.parse(e.data) as PhaseEvent).phase);
    }
    expect(seen).toEqual(['queued', 'processing']);
    expect(await usedBy(ip)).toBe(1);
    cancel.abort();
    await reader.cancel().catch(() => undefined);
    expect(
      await eventually(
        () => usedBy(ip),
        (used) => used === 0,
      ),
    ).toBe(0);
    // Well before the slow provider would have answered (10 s).
    expect(Date.now() - started).toBeLessThan(6_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(await listKeys(env.BUCKET)).toEqual(before);
    expect(await timingRows('upscale-2x')).toEqual([]);
  });
});

describe('the estimate’s arithmetic', () => {
  it('takes the middle duration, or the mean of the two middle ones', () => {
    expect(medianMs([])).toBeUndefined();
    expect(medianMs([5000])).toBe(5000);
    expect(medianMs([9000, 1000, 3000])).toBe(3000);
    expect(medianMs([4000, 1000, 2000, 3000])).toBe(2500);
  });

  it('files pictures in size classes', () => {
    expect([sizeBucket(120 * 80), sizeBucket(1_000_000), sizeBucket(12_000_000), sizeBucket(4_000_000)]).toEqual([
      'small',
      'medium',
      'huge',
      'large',
    ]);
  });
});
