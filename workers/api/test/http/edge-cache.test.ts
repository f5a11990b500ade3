/**
 * The site's edge cache (ADR 0146): the Pages Function's forwarder (app/lib/forward-to-api.server.ts) in front of the
 * real API Worker, with workerd's own Cache API, as a request reaches them in production: browser → Pages Function →
 * service binding → API Worker. A repeat is answered from the cache with the same bytes; errors, keyed calls and
 * answers that vary by visitor are never kept; a deleted share's picture is not served from it.
 */
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DELETE_TOKEN_HEADER, type ShareCreated } from '../../../../core/api/shares';
import { forwardToApi } from '../../../../app/lib/forward-to-api.server';
import { findShare } from '../../src/db/shares';
import { seedTemplates } from '../../src/db/template-rows';
import { purgeTagsEverywhere } from '../../src/edge-purge';
import { shareImageMaxAge, SHARE_IMAGE_MAX_AGE } from '../../src/routes/shares';
import { takeDown } from '../../src/storage/share-store';
import { encode } from '../../src/imaging/codecs/encode';
import { catalogRows } from '../../../../scripts/templates/catalog-rows';
import { TEST_ORIGIN } from '../helpers';
import { syntheticPhoto } from '../support/synthetic';

/** The site's static files (template pictures, the meme font) are served at the tests' origin (test/support/site-files.ts). */
const SITE = TEST_ORIGIN;
const TEMPLATE = 'nope-yep';

/**
 * One request through the front door. Nothing it left to run after answering (waitUntil) is waited for: an answer
 * is kept before it leaves, so the very next request is a hit (a smoke test asks twice in a row).
 */
async function visit(
  path: string,
  init?: RequestInit,
  api: (r: Request) => Promise<Response> = (r) => exports.default.fetch(r),
) {
  const res = await forwardToApi({
    request: new Request(new URL(path, SITE), init),
    env: { API: { fetch: api } },
    waitUntil: () => undefined,
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  await seedTemplates(env.DB, catalogRows());
});

describe('the edge cache in front of the API', () => {
  it('answers a meme URL’s repeat from the cache: miss, then hit with identical bytes and no internal header', async () => {
    const path = `/api/memes/${TEMPLATE}/drawn_once/kept_at_the_edge.webp?width=300`;
    const first = await visit(path);
    expect([first.res.status, first.res.headers.get('x-cache')]).toEqual([200, 'miss']);
    const second = await visit(path);
    expect([second.res.status, second.res.headers.get('x-cache')]).toEqual([200, 'hit']);
    expect(second.bytes).toEqual(first.bytes);
    for (const res of [first.res, second.res]) {
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // Other sites' pages read it from the cache as from the Worker (ADR 0147): the same for every Origin.
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect([
        res.headers.get('set-cookie'),
        res.headers.get('x-edge-cache-key'),
        res.headers.get('cache-tag'),
      ]).toEqual([null, null, null]);
    }
  });

  it('keeps unknown parameters out of the key: a tagged link is a hit on the plain one', async () => {
    const path = `/api/memes/${TEMPLATE}/tagged/link.png?width=200`;
    const plain = await visit(path);
    const tagged = await visit(`${path}&fbclid=IwAR0&utm_source=facebook`);
    expect([plain.res.headers.get('x-cache'), tagged.res.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    expect(tagged.bytes).toEqual(plain.bytes);
  });

  it('cannot be poisoned by a repeated option: ?width=300&width=1500 is a 400 and leaves both keys to their own pictures', async () => {
    const base = `/api/memes/${TEMPLATE}/not/poisoned.png`;
    const poison = await visit(`${base}?width=300&width=1500`);
    expect(poison.res.status).toBe(400);
    expect(poison.res.headers.get('x-cache')).toBeNull();
    const small = await visit(`${base}?width=300`);
    expect(small.res.headers.get('x-cache')).toBe('miss');
    const again = await visit(`${base}?width=300`);
    expect(again.res.headers.get('x-cache')).toBe('hit');
    // A PNG's width is bytes 16–19 of its header.
    expect(new DataView(again.bytes.buffer).getUint32(16)).toBe(300);
  });

  it('never keeps an error, and a call with an API key always reaches the API (its key checked, never a cached 200)', async () => {
    const missing = `/api/memes/no-such-template/a/b.png`;
    expect((await visit(missing)).res.status).toBe(404);
    expect((await visit(missing)).res.status).toBe(404);
    const path = `/api/memes/${TEMPLATE}/keyed/call.png?width=150`;
    expect((await visit(path)).res.headers.get('x-cache')).toBe('miss');
    const keyed = await visit(path, {
      headers: { authorization: 'Bearer mf_not-a-real-key-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
    });
    expect(keyed.res.status).toBe(401);
    expect(keyed.res.headers.get('x-cache')).toBeNull();
  });

  it('keeps the template catalog, so a repeat never reaches the Worker (no D1 read)', async () => {
    let reached = 0;
    const counted = (r: Request) => (reached++, exports.default.fetch(r));
    const first = await visit('/api/templates?search=nope&utm_campaign=x', undefined, counted);
    const second = await visit('/api/templates?search=nope', undefined, counted);
    expect([first.res.headers.get('x-cache'), second.res.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    expect(second.bytes).toEqual(first.bytes);
    expect(reached).toBe(1);
  });

  it('keeps only what the API marked with this request’s key, with no cookie, no Vary, and only the headers about the bytes', async () => {
    const path = `/api/templates/made-up-${crypto.randomUUID().slice(0, 8)}`;
    let calls = 0;
    const answer = (headers: Record<string, string>) => async () => {
      calls++;
      return new Response('{}', {
        headers: {
          'content-type': 'application/json',
          'cache-control': 'public, max-age=60',
          'x-edge-cache-key': path,
          'x-billed-calls': '1',
          ...headers,
        },
      });
    };
    const refusals: Record<string, string>[] = [
      { 'set-cookie': 'mf_vid=abc' },
      { vary: 'Cookie' },
      { 'x-edge-cache-key': `${path}?other` },
      { 'cache-control': 'private, max-age=60' },
    ];
    for (const refused of refusals) {
      calls = 0;
      await visit(path, undefined, answer(refused));
      await visit(path, undefined, answer(refused));
      expect(calls).toBe(2);
    }
    calls = 0;
    const kept = await visit(path, undefined, answer({}));
    const hit = await visit(path, undefined, answer({}));
    expect(calls).toBe(1);
    expect(kept.res.headers.get('x-billed-calls')).toBe('1');
    // What one request cost is not replayed to the next.
    expect([hit.res.headers.get('x-cache'), hit.res.headers.get('x-billed-calls')]).toEqual(['hit', null]);
  });

  it('a deleted share’s picture is not served from the cache: 410, not a kept 200', async () => {
    const form = new FormData();
    form.append(
      'image',
      new File(
        [(await encode(syntheticPhoto(64, 48), 'jpeg', { quality: 80 })) as Uint8Array<ArrayBuffer>],
        'meme.jpg',
        { type: 'image/jpeg' },
      ),
    );
    const created = JSON.parse(
      new TextDecoder().decode((await visit('/api/shares', { method: 'POST', body: form })).bytes),
    ) as ShareCreated;
    const image = new URL(created.imageUrl).pathname;
    const first = await visit(image);
    const second = await visit(image);
    expect([first.res.headers.get('x-cache'), second.res.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    expect(second.bytes).toEqual(first.bytes);
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=300');
    const deleted = await visit(`/api/shares/${created.id}`, {
      method: 'DELETE',
      headers: { [DELETE_TOKEN_HEADER]: created.deleteToken },
    });
    expect(deleted.res.status).toBe(204);
    expect(deleted.res.headers.get('x-edge-purge')).toBeNull();
    const after = await visit(image);
    expect(after.res.status).toBe(410);
    expect(after.res.headers.get('x-cache')).toBeNull();
  });
});

describe('purging a share’s picture everywhere', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  const answering = (status: number, body: unknown) =>
    (async (url: string, init: RequestInit) => (
      calls.push({ url, init }), new Response(JSON.stringify(body), { status })
    )) as unknown as typeof fetch;

  it('asks Cloudflare to purge the tag when the zone and token are configured, and nothing without them', async () => {
    calls.length = 0;
    expect(await purgeTagsEverywhere({}, ['share-abc'], answering(200, { success: true }))).toBe('not_configured');
    expect(
      await purgeTagsEverywhere(
        { CACHE_PURGE_ZONE_ID: 'zone1', CACHE_PURGE_TOKEN: ' ' },
        ['share-abc'],
        answering(200, { success: true }),
      ),
    ).toBe('not_configured');
    expect(calls).toEqual([]);
    const config = { CACHE_PURGE_ZONE_ID: 'zone1', CACHE_PURGE_TOKEN: 'token1' };
    expect(await purgeTagsEverywhere(config, ['share-abc'], answering(200, { success: true }))).toBe('purged');
    expect(calls[0]!.url).toBe('https://api.cloudflare.com/client/v4/zones/zone1/purge_cache');
    expect(calls[0]!.init.method).toBe('POST');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer token1');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ tags: ['share-abc'] });
    // A refusal or an unreachable API is logged and reported, never thrown: the delete has already happened.
    expect(
      await purgeTagsEverywhere(
        config,
        ['share-abc'],
        answering(403, { success: false, errors: [{ code: 10000, message: 'Authentication error' }] }),
      ),
    ).toBe('failed');
    const down = (async () => {
      throw new TypeError('network down');
    }) as unknown as typeof fetch;
    expect(await purgeTagsEverywhere(config, ['share-abc'], down)).toBe('failed');
  });

  it('a take-down purges its share’s tag after the object and the row are gone', async () => {
    const form = new FormData();
    form.append(
      'image',
      new File(
        [(await encode(syntheticPhoto(32, 24), 'jpeg', { quality: 80 })) as Uint8Array<ArrayBuffer>],
        'meme.jpg',
        { type: 'image/jpeg' },
      ),
    );
    const created = JSON.parse(
      new TextDecoder().decode((await visit('/api/shares', { method: 'POST', body: form })).bytes),
    ) as ShareCreated;
    const row = (await findShare(env.DB, created.id))!;
    const seen: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      seen.push(
        `${String(input)} ${String(init?.body)} object:${(await env.BUCKET.head(row.objectKey)) === null ? 'gone' : 'there'}`,
      );
      return new Response(JSON.stringify({ success: true }));
    });
    try {
      expect(
        await takeDown({ ...env, CACHE_PURGE_ZONE_ID: 'zone1', CACHE_PURGE_TOKEN: 'token1' }, row, 'takedown: test'),
      ).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(seen).toEqual([
      `https://api.cloudflare.com/client/v4/zones/zone1/purge_cache {"tags":["share-${created.id}"]} object:gone`,
    ]);
    expect((await findShare(env.DB, created.id))!.deletedReason).toBe('takedown: test');
  });

  it('never keeps a free share’s picture past its expiry, so the cron’s expiry needs no purge', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(shareImageMaxAge(null, now)).toBe(SHARE_IMAGE_MAX_AGE);
    expect(shareImageMaxAge(now + 3_600_000, now)).toBe(SHARE_IMAGE_MAX_AGE);
    expect(shareImageMaxAge(now + 42_500, now)).toBe(42);
    expect(shareImageMaxAge(now + 200, now)).toBe(1);
  });
});
