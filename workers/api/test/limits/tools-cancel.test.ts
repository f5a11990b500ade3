/**
 * Cancel of a streamed AI tool job (ADR 0105, 0125): the job's id arrives with its first phase, DELETE /api/jobs/{id}
 * refunds its unit at once and exactly once and answers the allowance as it then stands, whichever of the job and the
 * cancel comes first; and face or people blur that finds nobody is a 422 that costs nothing.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createEventStreamParser } from '../../../../core/api/event-stream';
import type { CancelJobResponse } from '../../../../core/api/jobs';
import type { PhaseEvent } from '../../../../core/api/tool-progress';
import { NOTHING_FOUND } from '../../../../core/tools/blur';
import { FAKE_NOBODY_MARKER, FAKE_SLOW_MARKER } from '../../src/ai/fake';
import { HttpError } from '../../src/errors';
import { consumeAiUnit, releaseJob, withAiUnit } from '../../src/quota';
import { encode } from '../../src/imaging/codecs/encode';
import { api, listKeys } from '../helpers';
import { markedPng } from '../support/marked-png';
import { syntheticPhoto } from '../support/synthetic';

const png = await encode(syntheticPhoto(120, 80), 'png', { quality: 100 });

const marked = (marker: string) => markedPng(png, marker);
const ctx = { waitUntil: () => undefined };

function toolForm(fields: Record<string, string | number>, image: Uint8Array): FormData {
  const form = new FormData();
  form.append('image', new File([image as Uint8Array<ArrayBuffer>], 'photo.png'));
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  return form;
}

/** A visitor behind the edge: one network, one cookie carried from answer to answer. */
function visitor(ip: string) {
  let cookie = '';
  const headers = (extra: Record<string, string> = {}) => ({
    'cf-connecting-ip': ip,
    ...(cookie ? { cookie } : {}),
    ...extra,
  });
  const remember = (res: Response) => {
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    return res;
  };
  return {
    stream: async (route: string, fields: Record<string, string | number>, image: Uint8Array, signal?: AbortSignal) =>
      remember(
        await api(`/api/${route}`, {
          method: 'POST',
          body: toolForm(fields, image),
          headers: headers({ accept: 'text/event-stream' }),
          signal,
        }),
      ),
    plain: async (route: string, fields: Record<string, string | number>, image: Uint8Array) =>
      remember(await api(`/api/${route}`, { method: 'POST', body: toolForm(fields, image), headers: headers() })),
    cancel: async (id: string) => remember(await api(`/api/jobs/${id}`, { method: 'DELETE', headers: headers() })),
    used: async () => (await (await api('/api/usage-limit', { headers: headers() })).json<{ used: number }>()).used,
  };
}

/** Reads phase events until `until` arrives; answers them and the reader, still open. */
async function readUntil(res: Response, until: PhaseEvent['phase']) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createEventStreamParser();
  const phases: PhaseEvent[] = [];
  while (!phases.some((p) => p.phase === until)) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const e of parser.push(value)) if (e.event === 'phase') phases.push(JSON.parse(e.data) as PhaseEvent);
  }
  return { phases, reader };
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('DELETE /api/jobs/{id}: Cancel refunds at once and answers the allowance', () => {
  it('sends an AI job its id with the first phase, and a free job none', async () => {
    const me = visitor('203.0.113.120');
    const ai = await readUntil(await me.stream('optimize', { operation: 'upscale', factor: 2 }, png), 'storing');
    expect(ai.phases[0]).toEqual({ phase: 'queued', job: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await ai.reader.cancel();
    const free = await readUntil(await me.stream('optimize', { operation: 'compress', quality: 70 }, png), 'storing');
    expect(free.phases[0]).toEqual({ phase: 'queued' });
    await free.reader.cancel();
  });

  it('gives the running job’s unit back in its answer, and the job’s own stop does not give it back twice', async () => {
    const me = visitor('203.0.113.121');
    // One finished operation stays counted, so a second refund would show (the count never goes below zero).
    expect((await me.plain('optimize', { operation: 'upscale', factor: 2 }, png)).status).toBe(200);
    const before = await listKeys(env.BUCKET);
    const abort = new AbortController();
    const { phases, reader } = await readUntil(
      await me.stream('optimize', { operation: 'upscale', factor: 2 }, marked(FAKE_SLOW_MARKER), abort.signal),
      'processing',
    );
    expect(await me.used()).toBe(2);
    const res = await me.cancel(phases[0]!.job!);
    expect(res.status).toBe(200);
    const body = await res.json<CancelJobResponse>();
    expect(body).toMatchObject({
      refunded: true,
      counted: false,
      usage: { used: 1, remaining: 9, canGenerate: true, resetsAt: expect.any(String) },
    });
    // The browser also closes the stream; the job stops, and its own refund finds the ticket already refunded.
    abort.abort();
    await reader.cancel().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await me.used()).toBe(1);
    // Asked again, nothing more comes back.
    expect(await (await me.cancel(phases[0]!.job!)).json<CancelJobResponse>()).toMatchObject({
      refunded: false,
      counted: false,
      usage: { used: 1 },
    });
    expect(await listKeys(env.BUCKET)).toEqual(before);
  });

  it('refunds nothing for a job that already finished: it counted', async () => {
    const me = visitor('203.0.113.122');
    const { phases, reader } = await readUntil(
      await me.stream('optimize', { operation: 'upscale', factor: 2 }, png),
      'storing',
    );
    await reader.read();
    await eventually(
      () => me.used(),
      (n) => n === 1,
    );
    await new Promise((r) => setTimeout(r, 200));
    const body = await (await me.cancel(phases[0]!.job!)).json<CancelJobResponse>();
    expect(body).toMatchObject({ refunded: false, counted: true, usage: { used: 1 } });
  });

  it('cannot reach another visitor’s job', async () => {
    const me = visitor('203.0.113.123');
    const stranger = visitor('198.51.100.123');
    const abort = new AbortController();
    const { phases, reader } = await readUntil(
      await me.stream('optimize', { operation: 'upscale', factor: 2 }, marked(FAKE_SLOW_MARKER), abort.signal),
      'processing',
    );
    expect(await (await stranger.cancel(phases[0]!.job!)).json<CancelJobResponse>()).toMatchObject({
      refunded: false,
      usage: { used: 0 },
    });
    expect(await me.used()).toBe(1);
    abort.abort();
    await reader.cancel().catch(() => undefined);
    expect(
      await eventually(
        () => me.used(),
        (n) => n === 0,
      ),
    ).toBe(0);
  });

  it('answers an id that is not a job id with 400 in words', async () => {
    const res = await api('/api/jobs/not-a-job', { method: 'DELETE' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.stringContaining('job id'), code: 'validation_failed' });
  });
});

describe('a job’s ticket (quota.ts): whichever of the job and the cancel comes first decides, once', () => {
  const keys = ['vid:ticket', 'ip:ticket'];
  const used = async (key: string) =>
    env.COUNTERS.get(env.COUNTERS.idFromName(key)).read(`ai:${new Date().toISOString().slice(0, 10)}`);

  it('a cancel that arrives before the unit is taken means the job never takes one', async () => {
    const job = crypto.randomUUID();
    expect(await releaseJob(env, keys[0]!, job)).toEqual({ refunded: false, counted: false });
    const err = await consumeAiUnit(env, keys, 10, Date.now(), job).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).code).toBe('cancelled');
    expect([await used(keys[0]!), await used(keys[1]!)]).toEqual([0, 0]);
  });

  it('a cancel between the first key and the others gives back the first key’s unit only; the taker gives back the rest', async () => {
    const job = crypto.randomUUID();
    const [first, second] = ['vid:between', 'ip:between'];
    const name = `ai:${new Date().toISOString().slice(0, 10)}`;
    const until = Date.now() + 3_600_000;
    // The second key already counts a unit of someone else's on this network: a cancel must not eat it.
    await env.COUNTERS.get(env.COUNTERS.idFromName(second)).take(name, 10, until);
    await env.COUNTERS.get(env.COUNTERS.idFromName(first)).take(name, 10, until, { id: job, keys: [first, second] });
    expect(await releaseJob(env, first, job)).toEqual({ refunded: true, counted: false });
    expect([await used(first), await used(second)]).toEqual([0, 1]);
    // consumeAiUnit then takes the second key and learns from `open` that the job was cancelled meanwhile.
    expect(await env.COUNTERS.get(env.COUNTERS.idFromName(first)).open(job)).toBe(false);
    expect(await releaseJob(env, first, job)).toEqual({ refunded: false, counted: false });
  });

  it('a job refunded while it ran does not send its result, and is refunded on every key once', async () => {
    const job = crypto.randomUUID();
    const err = await withAiUnit(
      env,
      ctx,
      { keys, memberId: null },
      async () => {
        expect([await used(keys[0]!), await used(keys[1]!)]).toEqual([1, 1]);
        expect(await releaseJob(env, keys[0]!, job)).toEqual({ refunded: true, counted: false });
        return 'a result nobody may get';
      },
      undefined,
      job,
    ).catch((e: unknown) => e);
    expect(String(err)).toContain('The job was cancelled');
    expect((err as HttpError).code).toBe('cancelled');
    expect([await used(keys[0]!), await used(keys[1]!)]).toEqual([0, 0]);
  });
});

describe('blur of faces, people or the background that finds nobody', () => {
  it.each(['faces', 'people', 'background'] as const)(
    '%s: answers 422 in words and counts nothing, streamed or not',
    async (method) => {
      const me = visitor({ faces: '203.0.113.124', people: '203.0.113.125', background: '203.0.113.126' }[method]);
      const before = await listKeys(env.BUCKET);
      const res = await me.plain('security', { operation: 'blur', method, strength: 10 }, marked(FAKE_NOBODY_MARKER));
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: NOTHING_FOUND[method].message, code: NOTHING_FOUND[method].code });
      const streamed = await (
        await me.stream('security', { operation: 'blur', method, strength: 10 }, marked(FAKE_NOBODY_MARKER))
      ).text();
      expect(streamed).toContain(`"code":"${NOTHING_FOUND[method].code}"`);
      expect(await me.used()).toBe(0);
      expect(await listKeys(env.BUCKET)).toEqual(before);
      // With somebody in it, the same request counts one.
      expect((await me.plain('security', { operation: 'blur', method, strength: 10 }, png)).status).toBe(200);
      expect(await me.used()).toBe(1);
    },
  );
});
