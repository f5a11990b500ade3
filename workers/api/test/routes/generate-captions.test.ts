import { CAPTION_LINE_SEPARATOR } from '../../../../core/api/ai';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_SUGGESTIONS, RATE_LIMITS_PER_MINUTE } from '../../../../core/limits';
import { seedTemplates } from '../../src/db/template-rows';
import { catalogRows } from '../../../../scripts/templates/catalog-rows';
import { FAKE_FAIL_MARKER } from '../../src/ai/fake';
import { createExecutionContext } from 'cloudflare:test';
import { VISION_CAPTION_MODEL } from '../../src/ai/cloudflare-captions';
import { LLAMA_4_SCOUT } from '../../src/ai/contracts';
import scoutPicture from '../../src/ai/fixtures/llama4-scout-json-mode-picture.json';
import { encode } from '../../src/imaging/codecs/encode';
import { readHeader } from '../../src/imaging/intake/sniff';
import worker from '../../src/index';
import { CAPTION_PICTURE_SIDE } from '../../src/routes/caption-picture';
import { api, awayFromMinuteBoundary, edgeEnv, upload } from '../helpers';
import { syntheticPhoto } from '../support/synthetic';

const rows = catalogRows();
const template = rows[0]!;

beforeAll(async () => {
  await seedTemplates(env.DB, rows);
});

const captions = (body: unknown, ip: string) =>
  api('/api/generate-captions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  });

const usedBy = async (ip: string) =>
  (await (await api('/api/usage-limit', { headers: { 'cf-connecting-ip': ip } })).json<{ used: number }>()).used;

describe('POST /api/generate-captions', () => {
  it('answers caption ideas for a catalog template, filled from the context, and names the provider', async () => {
    const res = await captions({ templateId: template.id, context: 'my cat' }, '198.18.0.1');
    expect(res.status).toBe(200);
    const body = await res.json<{ captions: string[]; provider: string }>();
    expect(body.provider).toBe('fake');
    expect(body.captions).toHaveLength(CAPTION_SUGGESTIONS);
    expect(new Set(body.captions).size).toBe(CAPTION_SUGGESTIONS);
    expect(body.captions.every((c) => c.trim().length > 0)).toBe(true);
  });

  it('is not counted in the daily AI allowance', async () => {
    const ip = '198.18.0.2';
    for (let i = 0; i < 3; i++) expect((await captions({ templateId: template.id, context: '' }, ip)).status).toBe(200);
    expect(await usedBy(ip)).toBe(0);
  });

  it('answers an unknown template with 404 JSON', async () => {
    const res = await captions({ templateId: 'no-such-template', context: '' }, '198.18.0.3');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers top and bottom captions for an uploaded picture when no template is named', async () => {
    const res = await captions({ context: '' }, '198.18.0.17');
    expect(res.status).toBe(200);
    const body = await res.json<{ captions: string[] }>();
    expect(body.captions).toHaveLength(CAPTION_SUGGESTIONS);
    for (const c of body.captions) expect(c.split(CAPTION_LINE_SEPARATOR).length).toBeLessThanOrEqual(2);
  });

  it.each([
    ['an empty template id', { templateId: '', context: 'x' }],
    ['a context over 500 characters', { templateId: 'x', context: 'y'.repeat(501) }],
    ['a context that is not text', { templateId: 'x', context: 42 }],
  ])('refuses %s with 400', async (_, body) => {
    const res = await captions(body, '198.18.0.4');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('limits each visitor per minute with 429 and Retry-After', async () => {
    await awayFromMinuteBoundary();
    const ip = '198.18.0.5';
    for (let i = 0; i < RATE_LIMITS_PER_MINUTE['generate-captions']; i++) {
      expect((await captions({ templateId: template.id, context: '' }, ip)).status).toBe(200);
    }
    const res = await captions({ templateId: template.id, context: '' }, ip);
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers a provider failure with a readable 5xx, never the raw error', async () => {
    const res = await captions({ templateId: template.id, context: FAKE_FAIL_MARKER }, '198.18.0.6');
    expect([502, 503]).toContain(res.status);
    const body = await res.json<{ error: string; code: string }>();
    expect(body.code).toBe('ai_upstream_error');
    expect(body.error).not.toContain(FAKE_FAIL_MARKER);
  });
});

describe('POST /api/generate-captions for the person’s own picture (imageUrl)', () => {
  const photo = async () => {
    const res = await upload(
      (await encode(syntheticPhoto(1600, 1200), 'jpeg', { quality: 85 })) as Uint8Array<ArrayBuffer>,
      'cat.jpg',
      'image/jpeg',
    );
    expect(res.status).toBe(201);
    return (await res.json<{ imageUrl: string }>()).imageUrl;
  };

  it('sends a small JPEG of the picture to the vision model and answers what it wrote, marked as a model’s', async () => {
    const imageUrl = await photo();
    const calls: Array<{ model: string; input: Record<string, unknown> }> = [];
    const AI = {
      async run(model: string, input: Record<string, unknown>) {
        calls.push({ model, input });
        return scoutPicture;
      },
    } as unknown as Ai;
    const workerEnv: Env = { ...edgeEnv, AI_PROVIDER: 'cloudflare', AI };
    const request = new Request('http://local/api/generate-captions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.18.0.20' },
      body: JSON.stringify({ imageUrl, context: 'my cat' }),
    });
    const res = await worker.fetch!(
      request as Parameters<NonNullable<typeof worker.fetch>>[0],
      workerEnv,
      createExecutionContext(),
    );
    const body = await res.json<{ captions: string[]; provider: string; source: string; note?: string }>();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ provider: 'cloudflare', source: 'model' });
    expect(body.note).toBeUndefined();
    expect(body.captions[0]).toBe(
      `When the cat finds the one sunny spot${CAPTION_LINE_SEPARATOR}And the whole day is sorted`,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.model).toBe(VISION_CAPTION_MODEL);
    expect(LLAMA_4_SCOUT.input.safeParse(calls[0]!.input).success).toBe(true);
    const parts = (calls[0]!.input.messages as Array<{ content: unknown }>)[1]!.content as Array<{
      type: string;
      text?: string;
      image_url?: { url: string };
    }>;
    expect(parts[0]!.text).toContain('my cat');
    const sent = toBytesFromDataUri(parts[1]!.image_url!.url);
    expect(readHeader(sent)).toMatchObject({ format: 'jpeg', width: CAPTION_PICTURE_SIDE, height: 576 });
  });

  it('answers from the caption bank offline (fake provider), saying so in source', async () => {
    const res = await captions({ imageUrl: await photo(), context: '' }, '198.18.0.21');
    const body = await res.json<{ captions: string[]; source: string }>();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.source).toBe('bank');
    expect(body.captions).toHaveLength(CAPTION_SUGGESTIONS);
  });

  it.each([
    ['an address that is not one of ours', { imageUrl: 'https://example.com/cat.jpg' }, 400, 'validation_failed'],
    ['an empty address', { imageUrl: '' }, 400, 'validation_failed'],
    [
      'another site’s address of a picture id',
      { imageUrl: 'https://elsewhere.example/api/images/t1-0123456789abcdef0123456789abcdef' },
      400,
      'validation_failed',
    ],
    [
      'our address with a query',
      { imageUrl: 'http://local/api/images/t1-0123456789abcdef0123456789abcdef?download=a.png' },
      400,
      'validation_failed',
    ],
    [
      'a template and a picture at once',
      { templateId: 'nope-yep', imageUrl: '/api/images/t1-0123456789abcdef0123456789abcdef' },
      400,
      'validation_failed',
    ],
    [
      'a picture that was never stored',
      {
        imageUrl: `/api/images/t${Math.ceil((Date.now() + 3600_000) / 600_000).toString(36)}-0123456789abcdef0123456789abcdef`,
      },
      404,
      'not_found',
    ],
    ['a picture past its expiry', { imageUrl: '/api/images/t1-0123456789abcdef0123456789abcdef' }, 410, 'gone'],
  ] as const)('refuses %s with %i', async (_what, body, status, code) => {
    const res = await captions({ ...body, context: '' }, '198.18.0.22');
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ code });
  });
});

function toBytesFromDataUri(uri: string): Uint8Array {
  const bin = atob(uri.slice(uri.indexOf(',') + 1));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}
