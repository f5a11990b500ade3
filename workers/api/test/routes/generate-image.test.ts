import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { AI_LIMIT_MESSAGE } from '../../../../core/api/usage';
import { FREE_DAILY_AI_LIMIT, PROMPT_MAX_CHARS } from '../../../../core/limits';
import { FAKE_FAIL_MARKER, FAKE_GENERATED_SIZE, FAKE_PLACEHOLDER_MARKER } from '../../src/ai/fake';
import { api, listKeys, premiumCookies } from '../helpers';

const generate = (prompt: unknown, headers: Record<string, string> = {}) =>
  api('/api/generate-image', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ prompt }),
  });

const usedBy = async (headers: Record<string, string>) =>
  (await (await api('/api/usage-limit', { headers })).json<{ used: number }>()).used;

describe('POST /api/generate-image', () => {
  it('stores the generated image with expiry and names the provider', async () => {
    const res = await generate('a cat wearing sunglasses', { 'cf-connecting-ip': '192.0.2.10' });
    expect(res.status).toBe(200);
    const body = await res.json<{ imageUrl: string; provider: string; isPlaceholder: boolean }>();
    expect(body).toMatchObject({ provider: 'fake', isPlaceholder: false });
    const image = await api(body.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await image.arrayBuffer());
    // PNG width and height from the IHDR chunk.
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([FAKE_GENERATED_SIZE, FAKE_GENERATED_SIZE]);
    expect((await listKeys(env.BUCKET, 'tmp/')).length).toBeGreaterThanOrEqual(1);
  });

  it('does not count an offline preview card against the allowance, and says it is one', async () => {
    const headers = { 'cf-connecting-ip': '192.0.2.19' };
    const before = await usedBy(headers);
    const res = await generate(`a dog ${FAKE_PLACEHOLDER_MARKER}`, headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ isPlaceholder: true, note: expect.any(String) });
    expect(await usedBy(headers)).toBe(before);
    // A real generation still counts.
    expect((await generate('a dog', headers)).status).toBe(200);
    expect(await usedBy(headers)).toBe(before + 1);
  });

  it.each([
    ['an empty prompt', ''],
    ['a whitespace prompt', '   \n '],
    ['a missing prompt', undefined],
    ['a number', 42],
  ])('refuses %s with 400 and counts nothing', async (_, prompt) => {
    const headers = { 'cf-connecting-ip': '192.0.2.11' };
    const res = await generate(prompt, headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      error: expect.stringContaining('describe the image'),
    });
    expect(await usedBy(headers)).toBe(0);
  });

  it('refuses a prompt over 500 characters with the message people see (docs/product.md §4.2)', async () => {
    const res = await generate('x'.repeat(PROMPT_MAX_CHARS + 1), { 'cf-connecting-ip': '192.0.2.12' });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toContain('Please keep your prompt under 500 characters.');
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await api('/api/generate-image', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('answers the 11th generation of the day with 429 and the allowance message (docs/product.md §9)', async () => {
    const headers = { 'cf-connecting-ip': '192.0.2.13' };
    const before = (await listKeys(env.BUCKET, 'tmp/')).length;
    for (let i = 0; i < FREE_DAILY_AI_LIMIT; i++) expect((await generate(`picture ${i}`, headers)).status).toBe(200);
    const res = await generate('one more', headers);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: AI_LIMIT_MESSAGE, code: 'quota_exceeded' });
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await listKeys(env.BUCKET, 'tmp/')).toHaveLength(before + FREE_DAILY_AI_LIMIT);
  });

  it('refunds the unit and stores nothing when the provider fails', async () => {
    const headers = { 'cf-connecting-ip': '192.0.2.14' };
    expect((await generate('first', headers)).status).toBe(200);
    const before = (await listKeys(env.BUCKET, 'tmp/')).length;
    const res = await generate(`please ${FAKE_FAIL_MARKER}`, headers);
    expect(res.status).toBeGreaterThanOrEqual(502);
    expect(res.status).toBeLessThanOrEqual(503);
    const body = await res.json<{ error: string; code: string }>();
    expect(body.code).toBe('ai_upstream_error');
    expect(body.error).not.toContain(FAKE_FAIL_MARKER);
    expect(await usedBy(headers)).toBe(1);
    expect(await listKeys(env.BUCKET, 'tmp/')).toHaveLength(before);
  });

  it('does not count premium members against the allowance', async () => {
    const ip = '192.0.2.15';
    const cookie = await premiumCookies(ip);
    for (let i = 0; i <= FREE_DAILY_AI_LIMIT; i++) {
      const res = await generate(`premium ${i}`, { 'cf-connecting-ip': ip, cookie });
      expect(res.status).toBe(200);
    }
  });
});
