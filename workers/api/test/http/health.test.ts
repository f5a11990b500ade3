import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { healthSchema, type Health } from '../../../../core/api/health';
import { healthRoute } from '../../src/routes/health';
import { api } from '../helpers';

// GET /api/health against the real local D1 and R2 and the offline services bound in-process (LOCAL_IMAGES,
// LOCAL_RENDER); a dead service is a URL where nothing listens, a hung one a fetcher that never answers.

/** Port 1 on loopback: nothing listens there, as after the service was killed. */
const NOTHING_LISTENS = 'http://127.0.0.1:1';

async function health(
  overrides: Partial<Env> & Record<string, unknown>,
  options: { deadlineMs?: number; cacheMs?: number } = {},
) {
  const res = await healthRoute({ cacheMs: 0, ...options })(new Request('http://local/api/health'), {
    ...env,
    ...overrides,
  } as Env);
  const body = healthSchema.parse(await res.json());
  return { status: res.status, body };
}

const hung = { fetch: () => new Promise<Response>(() => undefined) };
const answering = (status: number) => ({ fetch: async () => Response.json({ ok: status < 300 }, { status }) });

describe('GET /api/health', () => {
  it('asks every dependency and answers ok, with how long each took', async () => {
    const res = await api('/api/health');
    expect(res.status).toBe(200);
    const body = healthSchema.parse(await res.json());
    expect(body.status).toBe('ok');
    expect(body.ok).toBe(true);
    expect(body.checks).toMatchObject({
      db: { ok: true },
      bucket: { ok: true },
      images: { ok: true, provider: 'local' },
      renderer: { ok: true, provider: 'local' },
      ai: { ok: true, provider: 'fake' },
    });
    for (const check of Object.values(body.checks)) expect(check.ms).toBeGreaterThanOrEqual(0);
    // The fields it answered before, kept for callers that read them.
    expect(body.bindings).toEqual({ db: true, bucket: true, images: true, ai: 'fake' });
  });

  it('says degraded, still 200, when the image service does not run', async () => {
    const { status, body } = await health({ LOCAL_IMAGES: undefined, LOCAL_IMAGE_URL: NOTHING_LISTENS });
    expect(status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.ok).toBe(true);
    expect(body.checks.images).toMatchObject({
      ok: false,
      provider: 'local',
      error: 'The image service is not running.',
    });
    expect(body.checks.renderer.ok).toBe(true);
    expect(body.bindings.images).toBe(false);
  });

  it('says degraded when the renderer does not answer within the deadline, without waiting longer', async () => {
    const started = Date.now();
    const { status, body } = await health({ LOCAL_RENDER: hung }, { deadlineMs: 300 });
    expect(status).toBe(200);
    expect(body.status).toBe('degraded');
    expect(body.checks.renderer).toMatchObject({ ok: false, error: 'No answer within 0.3 s.' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('says degraded when a service answers its health with an error status', async () => {
    const { body } = await health({ LOCAL_RENDER: answering(503) });
    expect(body.checks.renderer).toMatchObject({ ok: false, error: 'The HTML renderer answered 503.' });
  });

  it('says degraded when the local AI service does not run', async () => {
    const { status, body } = await health({ AI_PROVIDER: 'local', LOCAL_AI_URL: NOTHING_LISTENS });
    expect(status).toBe(200);
    expect(body.checks.ai).toMatchObject({
      ok: false,
      provider: 'local',
      error: 'The local AI service is not running.',
    });
    expect(body.status).toBe('degraded');
  });

  it('says down with 503 when the database does not answer, in its own words', async () => {
    const brokenDb = { prepare: () => ({ first: async () => Promise.reject(new Error('D1_ERROR: internal detail')) }) };
    const { status, body } = await health({ DB: brokenDb as unknown as D1Database });
    expect(status).toBe(503);
    expect(body.status).toBe('down');
    expect(body.ok).toBe(false);
    expect(body.checks.db).toMatchObject({ ok: false, error: 'The database did not answer the query.' });
    expect(JSON.stringify(body)).not.toContain('internal detail');
    expect(body.checks.bucket.ok).toBe(true);
  });

  it('says down with 503 when storage does not answer', async () => {
    const brokenBucket = { head: async () => Promise.reject(new Error('R2 internal detail')) };
    const { status, body } = await health({ BUCKET: brokenBucket as unknown as R2Bucket });
    expect(status).toBe(503);
    expect(body.checks.bucket).toMatchObject({ ok: false, error: 'Storage did not answer.' });
    expect(JSON.stringify(body)).not.toContain('internal detail');
  });

  it('checks Cloudflare bindings for presence only: no billed call', async () => {
    const calls: string[] = [];
    const record = (name: string) => () => {
      calls.push(name);
      throw new Error('a health check must not call this');
    };
    const IMAGES = { info: record('IMAGES.info'), input: record('IMAGES.input') };
    const AI = { run: record('AI.run') };
    const BROWSER = { fetch: record('BROWSER.fetch') };
    const { status, body } = await health({
      IMAGE_SERVICE: 'cloudflare',
      IMAGES,
      AI_PROVIDER: 'cloudflare',
      AI,
      HTML_RENDERER: 'cloudflare',
      BROWSER,
    } as never);
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.checks).toMatchObject({
      images: { ok: true, provider: 'cloudflare' },
      ai: { ok: true, provider: 'cloudflare' },
      renderer: { ok: true, provider: 'cloudflare' },
    });
    expect(calls).toEqual([]);
  });

  it('says degraded when a Cloudflare binding is missing', async () => {
    const { body } = await health({
      HTML_RENDERER: 'cloudflare',
      BROWSER: undefined,
      AI_PROVIDER: 'cloudflare',
      AI: undefined,
    });
    expect(body.checks.renderer).toMatchObject({
      ok: false,
      provider: 'none',
      error: 'No Browser Rendering binding is configured.',
    });
    expect(body.checks.ai).toMatchObject({ ok: false, provider: 'none' });
    expect(body.status).toBe('degraded');
  });

  it('asks each dependency at most once every few seconds, however often it is asked', async () => {
    let asked = 0;
    const counting = { fetch: async () => (asked++, Response.json({ ok: true })) };
    const route = healthRoute({ cacheMs: 60_000 });
    const call = async () =>
      (await route(new Request('http://local/api/health'), { ...env, LOCAL_IMAGES: counting } as Env).then((r) =>
        r.json(),
      )) as Health;
    const first = await call();
    for (let i = 0; i < 5; i++) expect((await call()).checkedAt).toBe(first.checkedAt);
    expect(asked).toBe(1);

    const uncached = healthRoute({ cacheMs: 0 });
    for (let i = 0; i < 3; i++)
      await uncached(new Request('http://local/api/health'), { ...env, LOCAL_IMAGES: counting } as Env);
    expect(asked).toBe(4);
  });
});
