/**
 * The daily budget of search calls (ADR 0148, FREE_DAILY_SEARCH_CALLS): AVIF tries and the extra calls of a large
 * picture's searches spend it, what a search did not make is given back, and past it the searches are not made and
 * the notes say so. Through the Worker behind the edge, with production's image-service adapter over a recording
 * double of the Images binding, so every count is checked against the calls the binding really got.
 */
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BILLED_CALLS_HEADER } from '../../../../core/api/billed-calls';
import { optimizeFieldsSchema } from '../../../../core/api/tools';
import { FREE_DAILY_SEARCH_CALLS } from '../../../../core/limits';
import { fakeProvider } from '../../src/ai/fake';
import { notBilled } from '../../src/billed-calls';
import { identifyVisitor } from '../../src/identity/visitor';
import { probe, runFields, type ToolFields } from '../../src/imaging/engine';
import { getImageService } from '../../src/imaging/service';
import { cloudflareImageService } from '../../src/imaging/service/cloudflare';
import worker from '../../src/index';
import { searchCallsUsed, takeSearchCalls } from '../../src/quota';
import { cookiesFrom, edgeEnv, premiumCookies, TEST_ORIGIN } from '../helpers';
import { recordingImages } from '../support/images-binding';
import { makePhoto } from '../support/photos';

function production() {
  const images = recordingImages(getImageService(env, notBilled));
  const bound: Env = { ...edgeEnv, IMAGE_SERVICE: 'cloudflare', IMAGES: images };
  const call = (path: string, ip: string, init: RequestInit = {}) => {
    const request = new Request(new URL(path, TEST_ORIGIN), {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'cf-connecting-ip': ip },
    });
    return worker.fetch!(request as Parameters<NonNullable<typeof worker.fetch>>[0], bound, createExecutionContext());
  };
  return { images, call };
}

const form = (fields: Record<string, string>, image: Uint8Array) => {
  const body = new FormData();
  body.append('image', new File([image as Uint8Array<ArrayBuffer>], 'photo.jpg'));
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
};

/** A visitor of its own network, with its cookie and the keys its counts are on. */
async function visitor(ip: string, call: ReturnType<typeof production>['call']) {
  const cookie = cookiesFrom(await call('/api/usage-limit', ip));
  const { keys } = await identifyVisitor(
    new Request(TEST_ORIGIN, { headers: { cookie, 'cf-connecting-ip': ip } }),
    edgeEnv,
  );
  return { cookie, keys };
}

const AUTO_AVIF = { operation: 'compress', quality: 'auto', format: 'auto', accept: 'avif,webp,jpeg' };
const small = () => makePhoto({ width: 640, height: 480, seed: 71 });
let twelve: Promise<Uint8Array> | undefined;
const large = () => (twelve ??= makePhoto({ width: 4000, height: 3000, seed: 72 }));

type Body = { format: string; quality?: number; notes: string[]; formatReason?: string };

describe('the daily budget of search calls', () => {
  it('counts each AVIF try of a small photo, and gives back the third when it is not made', {
    timeout: 120_000,
  }, async () => {
    const { images, call } = production();
    const { cookie, keys } = await visitor('198.51.100.70', call);
    const res = await call('/api/optimize', '198.51.100.70', {
      method: 'POST',
      body: form(AUTO_AVIF, await small()),
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const tries = images.calls.filter((c) => c.output.format === 'image/avif').length;
    expect(tries).toBeGreaterThanOrEqual(2);
    expect(res.headers.get(BILLED_CALLS_HEADER)).toBe(String(tries));
    expect(await searchCallsUsed(env, keys)).toBe(tries);
  });

  it('past the budget, chooses among the formats the Worker writes, with no call, and says why', {
    timeout: 120_000,
  }, async () => {
    const { images, call } = production();
    const { cookie, keys } = await visitor('198.51.100.71', call);
    expect(await takeSearchCalls(env, keys, FREE_DAILY_SEARCH_CALLS - 1, FREE_DAILY_SEARCH_CALLS)).toBe(
      FREE_DAILY_SEARCH_CALLS - 1,
    );
    const res = await call('/api/optimize', '198.51.100.71', {
      method: 'POST',
      body: form(AUTO_AVIF, await small()),
      headers: { cookie },
    });
    const body = await res.json<Body>();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.format).not.toBe('avif');
    expect(body.notes.join(' ')).toContain(
      `AVIF was not tried: today’s ${FREE_DAILY_SEARCH_CALLS} free tries on our image service are used up; they come back at midnight UTC, and premium has no daily limit.`,
    );
    expect([res.headers.get(BILLED_CALLS_HEADER), images.calls.length]).toEqual(['0', 0]);
    // The one call left was reserved and given back: two tries could not be made with it.
    expect(await searchCallsUsed(env, keys)).toBe(FREE_DAILY_SEARCH_CALLS - 1);
  });

  it('spends two on a 12 MP quality=auto (the sample and the check), and past the budget makes one encode at the default quality', {
    timeout: 180_000,
  }, async () => {
    const { images, call } = production();
    const { cookie, keys } = await visitor('198.51.100.72', call);
    const fields = { operation: 'compress', quality: 'auto', format: 'jpeg' };
    const searched = await call('/api/optimize', '198.51.100.72', {
      method: 'POST',
      body: form(fields, await large()),
      headers: { cookie },
    });
    expect(searched.status).toBe(200);
    expect([searched.headers.get(BILLED_CALLS_HEADER), images.calls.length]).toEqual(['3', 3]);
    expect(await searchCallsUsed(env, keys)).toBe(2);

    await takeSearchCalls(env, keys, FREE_DAILY_SEARCH_CALLS, FREE_DAILY_SEARCH_CALLS);
    const plain = await call('/api/optimize', '198.51.100.72', {
      method: 'POST',
      body: form(fields, await large()),
      headers: { cookie },
    });
    const body = await plain.json<Body>();
    expect(plain.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ format: 'jpeg', quality: 80 });
    expect(body.notes[0]).toBe(
      `Compressed at quality 80 without searching for the smallest file that looks the same: today’s ${FREE_DAILY_SEARCH_CALLS} free tries on our image service are used up; they come back at midnight UTC, and premium has no daily limit.`,
    );
    expect([plain.headers.get(BILLED_CALLS_HEADER), images.calls.length - 3]).toEqual(['1', 1]);
    expect(await searchCallsUsed(env, keys)).toBe(FREE_DAILY_SEARCH_CALLS);
  });

  it('spends one on the copy a smart Fill of a 12 MP photo finds the subject on, and past the budget crops the centre with none', {
    timeout: 180_000,
  }, async () => {
    const { images, call } = production();
    const ip = '198.51.100.74';
    const { cookie, keys } = await visitor(ip, call);
    const fields = { operation: 'resize', preset: 'instagram-story' };
    const framed = await call('/api/modify', ip, {
      method: 'POST',
      body: form(fields, await large()),
      headers: { cookie },
    });
    // The fake's face (the middle half of the copy) is wider than a 9:16 window of this photo: the detail frames it.
    expect(await framed.json()).toMatchObject({ width: 1080, height: 1920, framing: { by: 'detail' } });
    // The copy and the crop by the binding, and the detection by the AI provider.
    expect([framed.headers.get(BILLED_CALLS_HEADER), images.calls.length]).toEqual(['3', 2]);
    expect(await searchCallsUsed(env, keys)).toBe(1);

    await takeSearchCalls(env, keys, FREE_DAILY_SEARCH_CALLS, FREE_DAILY_SEARCH_CALLS);
    const centred = await call('/api/modify', ip, {
      method: 'POST',
      body: form(fields, await large()),
      headers: { cookie },
    });
    const body = await centred.json<Body & { framing: { by: string } }>();
    expect(body.framing.by).toBe('centre');
    expect(body.notes).toEqual([
      'Cropped to fill 1080×1920.',
      `The crop is centred: finding the subject of a picture this large takes a try on our image service, and today’s ${FREE_DAILY_SEARCH_CALLS} free tries on our image service are used up; they come back at midnight UTC, and premium has no daily limit.`,
    ]);
    expect([centred.headers.get(BILLED_CALLS_HEADER), images.calls.length - 2]).toEqual(['1', 1]);
  });

  it('gives premium members no cap', { timeout: 120_000 }, async () => {
    const { images, call } = production();
    const ip = '198.51.100.73';
    const cookie = await premiumCookies(ip);
    const { keys } = await identifyVisitor(
      new Request(TEST_ORIGIN, { headers: { cookie, 'cf-connecting-ip': ip } }),
      edgeEnv,
    );
    await takeSearchCalls(env, keys, FREE_DAILY_SEARCH_CALLS, FREE_DAILY_SEARCH_CALLS);
    const res = await call('/api/optimize', ip, {
      method: 'POST',
      body: form(AUTO_AVIF, await small()),
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    expect(images.calls.filter((c) => c.output.format === 'image/avif').length).toBeGreaterThanOrEqual(2);
  });
});

describe('a large compress with no search calls granted', () => {
  const nothingLeft = {
    aiUnit: () => Promise.reject(new Error('no AI here')),
    searchCalls: async () => ({ granted: 0, refused: 'none left', settle: async () => undefined }),
  };
  const run = async (fields: Record<string, string>) => {
    const images = recordingImages(getImageService(env, notBilled));
    const result = await runFields(probe(await large()), optimizeFieldsSchema.parse(fields) as ToolFields, {
      images: cloudflareImageService(images),
      ai: fakeProvider,
      allowance: nothingLeft,
    });
    return { result: result as unknown as Body, calls: images.calls.length };
  };

  it('makes one try of a target size, and one format of format=auto', { timeout: 120_000 }, async () => {
    const target = await run({ operation: 'compress', targetBytes: '700000' });
    expect(target.calls).toBe(1);
    expect(target.result.notes.join(' ')).toMatch(/in 1 try \(none left\)|Reached [\d.]+ KB \(target 700 KB\)/);
    const both = await run({ operation: 'compress', quality: '80', format: 'auto' });
    expect(both.calls).toBe(1);
    expect(both.result).toMatchObject({
      format: 'jpeg',
      formatReason: 'JPEG: WEBP was not tried as well (none left).',
    });
  });
});
