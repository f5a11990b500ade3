import { CAPTION_LINE_SEPARATOR } from '../../../core/api/ai';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPTION_SUGGESTIONS, RATE_LIMITS_PER_MINUTE } from '../../../core/limits';
import { seedStatements } from '../src/db/template-rows';
import { catalogRows } from '../../../scripts/templates/catalog-rows';
import { FAKE_FAIL_MARKER } from '../src/ai/fake';
import { api, awayFromMinuteBoundary } from './helpers';

const rows = catalogRows();
const template = rows[0]!;

beforeAll(async () => {
  await env.DB.batch(seedStatements(env.DB, rows));
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
