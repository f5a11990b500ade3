/**
 * How many times each route waits on D1, one trip after another, with every D1 call delayed as a database one
 * region away would be (support/d1-latency.ts). Locally D1 is a file next to the Worker and these trips cost
 * nothing; for a visitor far from the primary each one is a round trip across the world before any work starts.
 * The counts are pinned, so a route that starts waiting on the database again fails here. `bench/d1-round-trips.ts`
 * runs this file and prints the table (the delay from D1_DELAY_MS through the bench, 300 ms here). Calls that overlap
 * count as one trip, so the delay must outlast the CPU work between two calls a route starts side by side: at 150 ms a
 * CI machine running three lanes once counted the streamed upscale's two side-by-side reads as two trips.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogRows } from '../../../../scripts/templates/catalog-rows';
import { seedTemplates } from '../../src/db/template-rows';
import { encode } from '../../src/imaging/codecs/encode';
import worker from '../../src/index';
import { cookiesFrom, premiumCookies } from '../helpers';
import { withD1Latency, type D1Tally } from '../support/d1-latency';
import { syntheticPhoto } from '../support/synthetic';

const DELAY_MS = Number((env as unknown as { D1_DELAY_MS?: string }).D1_DELAY_MS) || 300;

interface Row {
  route: string;
  /** Sequential D1 round trips before the answer was complete. */
  sequential: number;
  calls: number;
  writes: number;
  /** Calls through a Sessions API session: a read replica near the visitor may answer them. */
  replica: number;
  /** Calls after the answer, in waitUntil (they delay no one). */
  background: number;
  status: number;
  ms: number;
}

const rows: Row[] = [];
const latency = withD1Latency(env.DB, DELAY_MS);
const png = await encode(syntheticPhoto(96, 64), 'png', { quality: 100 });
let templateId = '';
let premium = '';
let visitorCookie = '';
let apiKey = '';
let ipCounter = 0;

/** One request through the Worker as it runs behind the edge, with the delayed D1; the body is read to its end. */
async function measure(route: string, build: (ip: string) => Request): Promise<Row> {
  const request = build(`198.51.100.${++ipCounter}`);
  const ctx = createExecutionContext();
  latency.reset();
  const started = performance.now();
  const response = await worker.fetch!(
    request as Parameters<NonNullable<typeof worker.fetch>>[0],
    { ...env, CLIENT_ADDRESS: 'cf-connecting-ip', DB: latency.db },
    ctx,
  );
  await response.arrayBuffer();
  const answered = performance.now();
  const foreground: D1Tally = latency.tally(answered);
  await waitOnExecutionContext(ctx);
  const ms = Math.round(answered - started);
  const row = {
    route,
    sequential: foreground.sequential,
    calls: foreground.calls,
    writes: foreground.writes,
    replica: foreground.sessionCalls,
    background: latency.tally().calls - foreground.calls,
    status: response.status,
    ms,
  };
  rows.push(row);
  return row;
}

const form = (fields: Record<string, string | number>) => {
  const body = new FormData();
  body.append('image', new File([png as Uint8Array<ArrayBuffer>], 'photo.png'));
  for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
  return body;
};
const post =
  (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  (ip: string) =>
    new Request(`http://local${path}`, { method: 'POST', body, headers: { 'cf-connecting-ip': ip, ...headers } });
const get =
  (path: string, headers: () => Record<string, string> = () => ({})) =>
  (ip: string) =>
    new Request(`http://local${path}`, { headers: { 'cf-connecting-ip': ip, ...headers() } });

beforeAll(async () => {
  const catalog = catalogRows();
  await seedTemplates(env.DB, catalog);
  templateId = catalog[0]!.id;
  premium = await premiumCookies('198.51.100.250');
  const first = await worker.fetch!(
    new Request('http://local/api/usage-limit') as Parameters<NonNullable<typeof worker.fetch>>[0],
    env,
    createExecutionContext(),
  );
  visitorCookie = cookiesFrom(first);
  const created = await worker.fetch!(
    new Request('http://local/api/keys', {
      method: 'POST',
      headers: { cookie: premium, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    }) as Parameters<NonNullable<typeof worker.fetch>>[0],
    env,
    createExecutionContext(),
  );
  apiKey = (await created.json<{ key: string }>()).key;
});

/**
 * Each entry is [route, request, sequential round trips]. Before ADR 0112 every throttled route paid one
 * (a rate-limit row), an AI call two or three, the catalog two; now the burst limits are the Rate Limiting binding,
 * allowances are Durable Objects and catalog reads come from a replica (and a repeat through the site from its edge
 * cache, in front of the Worker, ADR 0146). The goal: 0 on upload and
 * every tool operation, at most 1 on an AI call.
 */
const cases: [string, (ip: string) => Request, number][] = [
  ['upload', (ip) => post('/api/upload', form({}))(ip), 0],
  ['compress (optimize)', (ip) => post('/api/optimize', form({ operation: 'compress', quality: 70 }))(ip), 0],
  ['modify (resize)', (ip) => post('/api/modify', form({ operation: 'resize', width: 48, height: 32 }))(ip), 0],
  ['convert (webp)', (ip) => post('/api/convert', form({ format: 'webp' }))(ip), 0],
  ['security (watermark)', (ip) => post('/api/security', form({ operation: 'watermark', text: 'mf' }))(ip), 0],
  ['analyze-metadata', (ip) => post('/api/analyze-metadata', form({}))(ip), 0],
  ['AI: upscale 2× (fake provider)', (ip) => post('/api/optimize', form({ operation: 'upscale', factor: 2 }))(ip), 0],
  // The estimate's timing history, read side by side with the visitor's session.
  [
    'AI: upscale 2×, streamed',
    (ip) => post('/api/optimize', form({ operation: 'upscale', factor: 2 }), { accept: 'text/event-stream' })(ip),
    1,
  ],
  // The premium session's lookup; the activity rollup is written after the answer.
  [
    'AI: upscale 2×, premium',
    (ip) => post('/api/optimize', form({ operation: 'upscale', factor: 2 }), { cookie: premium })(ip),
    1,
  ],
  // An API key's lookup; its monthly meter is the key's counting object, written to D1 by its alarm (ADR 0149).
  [
    'compress with an API key',
    (ip) =>
      post('/api/optimize', form({ operation: 'compress', quality: 70 }), { authorization: `Bearer ${apiKey}` })(ip),
    1,
  ],
  [
    'generate-captions',
    (ip) =>
      post('/api/generate-captions', JSON.stringify({ templateId, context: 'cats' }), {
        'content-type': 'application/json',
      })(ip),
    1,
  ],
  ['templates list', get('/api/templates'), 1],
  // The Worker reads again; through the site a repeat is its edge cache's and reaches no Worker (test/http/edge-cache.test.ts).
  ['templates list, again', get('/api/templates'), 1],
  ['template by id', (ip) => get(`/api/templates/${templateId}`)(ip), 1],
  ['dashboard (premium)', get('/api/dashboard', () => ({ cookie: premium })), 2],
  ['session (GET, premium)', get('/api/session', () => ({ cookie: premium })), 1],
  ['usage-limit', get('/api/usage-limit', () => ({ cookie: visitorCookie })), 0],
  // Cancel of a streamed AI job: the refund and the allowance are Durable Objects, no D1.
  // The message's one insert (ADR 0158); the burst limit is the binding's.
  [
    'contact',
    (ip) =>
      post('/api/contact', JSON.stringify({ email: 'a@example.com', topic: 'help', message: 'hi' }), {
        'content-type': 'application/json',
      })(ip),
    1,
  ],
  [
    'cancel a job (DELETE /api/jobs/{id})',
    (ip) =>
      new Request(`http://local/api/jobs/${crypto.randomUUID()}`, {
        method: 'DELETE',
        headers: { 'cf-connecting-ip': ip, cookie: visitorCookie },
      }),
    0,
  ],
];

describe(`sequential D1 round trips per route, every D1 call delayed ${DELAY_MS} ms`, () => {
  for (const [route, build, expected] of cases) {
    it(`${route}: ${expected}`, async () => {
      const row = await measure(route, build);
      expect(row.status, `${route} answered ${row.status}`).toBeLessThan(300);
      expect(row.sequential).toBe(expected);
    });
  }

  it('prints the table', () => {
    // One line the bench picks out of vitest's output.
    console.log(`D1-ROUND-TRIPS ${JSON.stringify({ delayMs: DELAY_MS, rows })}`);
  });
});
