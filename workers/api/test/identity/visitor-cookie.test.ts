import { describe, expect, it } from 'vitest';
import { usageLimitSchema } from '../../../../core/api/usage';
import { MAX_JSON_BYTES, RATE_LIMITS_PER_MINUTE } from '../../../../core/limits';
import { FAKE_FAIL_MARKER } from '../../src/ai/fake';
import { ACCESS_CODE, api, awayFromMinuteBoundary, cookiesFrom } from '../helpers';

/**
 * A first-time visitor's cookie is minted once per request and written once, on whatever answer leaves
 * (identity/request-context.ts): a success, an error a handler throws, a refusal of the burst limit, a route's own
 * size limit. Each test comes from its own network (documentation IPv6 prefixes no other test uses).
 */
const from = (network: number, host = 1) => ({
  'cf-connecting-ip': `2001:db8:c00c:${network.toString(16)}::${host.toString(16)}`,
});

const visitorCookies = (res: Response) => res.headers.getSetCookie().filter((c) => c.startsWith('mf_vid='));

function postJson(path: string, body: string, headers: Record<string, string>) {
  return api(path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
}

describe('the visitor cookie of a first-time visitor', () => {
  it('is set once on a success, and not again once the browser carries it', async () => {
    const first = await api('/api/usage-limit', { headers: from(1) });
    expect(first.status).toBe(200);
    usageLimitSchema.parse(await first.json());
    expect(first.headers.getSetCookie()).toHaveLength(1);
    expect(visitorCookies(first)[0]).toMatch(/^mf_vid=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);

    const again = await api('/api/usage-limit', { headers: { ...from(1), cookie: cookiesFrom(first) } });
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('is set once on an error answer, both where the burst limit identified the visitor and where the handler did', async () => {
    // Throttled: the limiter identifies the visitor, then the handler refuses the empty prompt.
    const throttled = await postJson('/api/generate-image', JSON.stringify({ prompt: '' }), from(2));
    expect(throttled.status).toBe(400);
    expect((await throttled.json<{ code: string }>()).code).toBe('validation_failed');
    expect(throttled.headers.getSetCookie()).toHaveLength(1);
    expect(visitorCookies(throttled)).toHaveLength(1);

    // Not throttled: the session route identifies the visitor itself, and refuses the wrong code.
    const refused = await postJson('/api/session', JSON.stringify({ accessCode: 'not-the-code' }), from(3));
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie()).toHaveLength(1);
    expect(visitorCookies(refused)).toHaveLength(1);
  });

  it('is set once on a 5xx, and once on a 200, where the burst limit and the AI allowance both count the visitor', async () => {
    const failed = await postJson(
      '/api/generate-image',
      JSON.stringify({ prompt: `a cat ${FAKE_FAIL_MARKER}` }),
      from(7),
    );
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect((await failed.json<{ code: string }>()).code).toBe('ai_upstream_error');
    expect(failed.headers.getSetCookie()).toHaveLength(1);
    expect(visitorCookies(failed)).toHaveLength(1);

    const generated = await postJson('/api/generate-image', JSON.stringify({ prompt: 'a cat' }), from(8));
    expect(generated.status).toBe(200);
    expect(generated.headers.getSetCookie()).toHaveLength(1);
    // The allowance was counted on the id the cookie carries: the same browser sees one unit used.
    const usage = await api('/api/usage-limit', { headers: { ...from(9), cookie: cookiesFrom(generated) } });
    expect(usageLimitSchema.parse(await usage.json()).used).toBe(1);
    expect(usage.headers.getSetCookie()).toEqual([]);
  });

  it("is set once on a route's own size refusal (413) after the burst limit admitted the request", async () => {
    const res = await postJson('/api/generate-image', JSON.stringify({ prompt: 'x'.repeat(MAX_JSON_BYTES) }), from(4));
    expect(res.status).toBe(413);
    expect((await res.json<{ code: string }>()).code).toBe('payload_too_large');
    expect(res.headers.getSetCookie()).toHaveLength(1);
    expect(visitorCookies(res)).toHaveLength(1);
  });

  it('is set once on the burst limit’s 429, with the id the next request counts on', async () => {
    await awayFromMinuteBoundary();
    // Every request a new browser on one network: the network's budget runs out, and the next newcomer is refused.
    for (let i = 0; i < RATE_LIMITS_PER_MINUTE['generate-image']; i++) {
      const res = await postJson('/api/generate-image', '{}', from(5, i + 1));
      expect(res.status).toBe(400);
      expect(visitorCookies(res)).toHaveLength(1);
    }
    const refused = await postJson('/api/generate-image', JSON.stringify({ prompt: 'a cat' }), from(5, 999));
    expect(refused.status).toBe(429);
    expect((await refused.json<{ code: string }>()).code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.getSetCookie()).toHaveLength(1);
    expect(visitorCookies(refused)).toHaveLength(1);
  });

  it('is set once beside the session cookie when a right code opens a session', async () => {
    const res = await postJson('/api/session', JSON.stringify({ accessCode: ACCESS_CODE }), from(6));
    expect(res.status).toBe(200);
    const names = res.headers.getSetCookie().map((c) => c.slice(0, c.indexOf('=')));
    expect(names.sort()).toEqual(['mf_session', 'mf_vid']);
  });
});
