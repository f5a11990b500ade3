/**
 * The site's origin is the configured SITE_ORIGIN, never the request's Host (ADR 0155). A request addressed to a
 * canary, a live loopback server that records every request it gets (test/support/network-probe.ts), must make the
 * Worker fetch nothing from it (a meme's template picture and font come from the configured origin or the bundle),
 * and every absolute address an answer names must be on the configured origin (http://local in the tests,
 * vitest.config.ts), so no answer, cached or not, carries the canary's name. Only a name the operator configured as
 * the site's (SITE_ALIASES) is named back to a request that came in on it.
 */
import antonWoff from '@fontsource/anton/files/anton-latin-400-normal.woff';
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { shareCreatedSchema } from '../../../../core/api/shares';
import { MEME_IMPACT_FONT_SHA256 } from '../../../../core/tools/meme';
import { seedTemplates } from '../../src/db/template-rows';
import { encode } from '../../src/imaging/codecs/encode';
import { readHeader } from '../../src/imaging/intake/sniff';
import worker from '../../src/index';
import { catalogRows } from '../../../../scripts/templates/catalog-rows';
import { api, TEST_ORIGIN, uploadForm } from '../helpers';
import { syntheticPhoto } from '../support/synthetic';

const TEMPLATE = 'nope-yep';
const probe = (path: string) => env.NETWORK_PROBE.fetch(`http://probe${path}`);
/** The canary's address: requests below are sent as if the client had written `Host: 127.0.0.1:<its port>`. */
const canary = (await (await probe('/url')).json<{ url: string }>()).url;
const hits = async () => (await (await probe('/hits')).json<{ hits: string[] }>()).hits;

/** The request at `path`, addressed to the canary's host. */
const foreign = (path: string, init?: RequestInit) => api(new URL(path, canary).href, init);

/** Every absolute http(s) address in a JSON answer. */
function addressesIn(body: unknown): string[] {
  return [...JSON.stringify(body).matchAll(/https?:\/\/[^"\\]+/g)].map((m) => m[0]);
}

const photo = (await encode(syntheticPhoto(96, 64), 'png', { quality: 100 })) as Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  await seedTemplates(env.DB, catalogRows());
});

describe('a request whose Host is not the site', () => {
  it('draws a meme URL from the configured origin’s picture and the bundled font, and asks the canary for nothing', async () => {
    const before = await hits();
    // Both fonts: `impact` (Anton, once read from the site) and `sans`.
    for (const font of ['impact', 'sans']) {
      const res = await foreign(`/api/memes/${TEMPLATE}/from_a_stranger/host_${font}.png?font=${font}`);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(readHeader(new Uint8Array(await res.arrayBuffer()))?.format).toBe('png');
    }
    expect((await hits()).slice(before.length)).toEqual([]);
  });

  it('renders POST /api/memes/render without asking the canary, and names the stored meme on the configured origin', async () => {
    const before = await hits();
    const res = await foreign('/api/memes/render', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ template: TEMPLATE, lines: ['posted to', 'a stranger'], style: { font: 'impact' } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { imageUrl } = await res.json<{ imageUrl: string }>();
    expect(imageUrl.startsWith(`${TEST_ORIGIN}/api/images/`)).toBe(true);
    expect((await hits()).slice(before.length)).toEqual([]);
  });

  it('names the template catalog’s pictures on the configured origin (the site’s edge cache keeps this answer)', async () => {
    const list = await foreign('/api/templates');
    expect(list.status).toBe(200);
    const body = await list.json<{ templates: { imageUrl: string }[] }>();
    expect(body.templates.length).toBeGreaterThan(0);
    const one = await (await foreign(`/api/templates/${TEMPLATE}`)).json();
    const addresses = [...addressesIn(body), ...addressesIn(one)];
    expect(addresses.length).toBeGreaterThan(body.templates.length);
    expect(addresses.filter((a) => !a.startsWith(`${TEST_ORIGIN}/`))).toEqual([]);
  });

  it('names a share’s page and picture on the configured origin, when made and when read', async () => {
    const form = uploadForm(photo, 'meme.png', 'image/png');
    form.append('template', TEMPLATE);
    const made = await foreign('/api/shares', { method: 'POST', body: form });
    expect(made.status, await made.clone().text()).toBe(201);
    const created = shareCreatedSchema.parse(await made.json());
    const read = await (await foreign(`/api/shares/${created.id}`)).json();
    expect([created.url, created.imageUrl]).toEqual([
      `${TEST_ORIGIN}/m/${created.id}`,
      `${TEST_ORIGIN}/api/shares/${created.id}/image`,
    ]);
    expect(addressesIn(read)).toEqual([created.url, created.imageUrl]);
  });

  it('names an upload and a tool’s result on the configured origin', async () => {
    const uploaded = await foreign('/api/upload', {
      method: 'POST',
      body: uploadForm(photo, 'photo.png', 'image/png'),
    });
    expect(uploaded.status).toBe(201);
    expect((await uploaded.json<{ imageUrl: string }>()).imageUrl.startsWith(`${TEST_ORIGIN}/api/images/`)).toBe(true);
    const form = uploadForm(photo, 'photo.png', 'image/png');
    form.append('operation', 'compress');
    const optimized = await foreign('/api/optimize', { method: 'POST', body: form });
    expect(optimized.status, await optimized.clone().text()).toBe(200);
    expect((await optimized.json<{ imageUrl: string }>()).imageUrl.startsWith(`${TEST_ORIGIN}/api/images/`)).toBe(true);
  });
});

/** `path` asked at `origin` of a Worker whose configuration is changed by `vars`. */
const configured = (vars: Partial<Env>, path: string, origin = TEST_ORIGIN) =>
  worker.fetch!(
    new Request(new URL(path, origin)) as Parameters<NonNullable<typeof worker.fetch>>[0],
    { ...env, ...vars },
    createExecutionContext(),
  );

describe('a request on one of the site’s other names (SITE_ALIASES)', () => {
  it('is answered with addresses on that name, while the site’s files are still read from SITE_ORIGIN', async () => {
    const before = await hits();
    const list = await configured(
      { SITE_ALIASES: `https://memeforge-7x2.pages.dev ${canary}` },
      '/api/templates',
      canary,
    );
    const addresses = addressesIn(await list.json());
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.filter((a) => !a.startsWith(`${canary}/`))).toEqual([]);
    const meme = await configured({ SITE_ALIASES: canary }, `/api/memes/${TEMPLATE}/on_an/alias.png`, canary);
    expect(meme.status).toBe(200);
    expect((await hits()).slice(before.length)).toEqual([]);
  });

  it('refuses an alias that is not an origin: a 500 internal_error', async () => {
    const res = await configured({ SITE_ALIASES: 'https://memeforge-7x2.pages.dev/app' }, '/api/templates');
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'internal_error' });
  });
});

describe('SITE_ORIGIN itself', () => {
  const withOrigin = (value: string, path: string) => configured({ SITE_ORIGIN: value }, path);

  it.each([
    ['unset', ''],
    ['a path, not an origin', 'https://memes.example.org/app'],
    ['not http', 'ftp://memes.example.org'],
  ])('%s: a 500 internal_error, never an address guessed from the request', async (_what, value) => {
    const res = await withOrigin(value, '/api/templates');
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'internal_error' });
  });

  it('is used as written, with or without a trailing slash', async () => {
    const res = await withOrigin('https://memes.example.org/', `/api/templates/${TEMPLATE}`);
    expect(res.status).toBe(200);
    expect((await res.json<{ template: { imageUrl: string } }>()).template.imageUrl).toBe(
      `https://memes.example.org/templates/${TEMPLATE}.png`,
    );
  });
});

describe('the meme font', () => {
  it('is the reviewed Anton, bundled: the bytes the Worker draws with have the SHA-256 core/tools/meme.ts names', async () => {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', antonWoff as unknown as ArrayBuffer));
    expect([...digest].map((b) => b.toString(16).padStart(2, '0')).join('')).toBe(MEME_IMPACT_FONT_SHA256);
  });
});
