/**
 * `x-billed-calls` (ADR 0148): every answer of a route that can make a billed call says how many it made, counted by
 * the seams where each call is made. The Worker runs here with production's image-service adapter over a recording
 * double of the Images binding (test/support/images-binding.ts, its work done by the offline service), so the header
 * is checked against an independent count of the binding's calls; the fake AI provider counts as production bills.
 */
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BILLED_CALLS_HEADER } from '../../../../core/api/billed-calls';
import { parseEventStream } from '../../../../core/api/event-stream';
import { notBilled } from '../../src/billed-calls';
import { seedTemplates } from '../../src/db/template-rows';
import { encode } from '../../src/imaging/codecs/encode';
import { getImageService } from '../../src/imaging/service';
import worker from '../../src/index';
import { edgeEnv, TEST_ORIGIN } from '../helpers';
import { recordingImages } from '../support/images-binding';
import { makePhoto } from '../support/photos';
import { syntheticPhoto } from '../support/synthetic';
import { catalogRows } from '../../../../scripts/templates/catalog-rows';

/** The Worker behind the edge, its Images binding a recording double: `images.calls` is what production would bill. */
function production() {
  const images = recordingImages(getImageService(env, notBilled));
  const bound: Env = { ...edgeEnv, IMAGE_SERVICE: 'cloudflare', IMAGES: images };
  const call = (path: string, init: RequestInit & { ip: string }) => {
    const request = new Request(new URL(path, TEST_ORIGIN), {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'cf-connecting-ip': init.ip },
    });
    return worker.fetch!(request as Parameters<NonNullable<typeof worker.fetch>>[0], bound, createExecutionContext());
  };
  return { images, call };
}

function form(fields: Record<string, string | number>, image: Uint8Array): FormData {
  const body = new FormData();
  body.append('image', new File([image as Uint8Array<ArrayBuffer>], 'photo.jpg'));
  for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
  return body;
}

const billed = (res: Response) => res.headers.get(BILLED_CALLS_HEADER);

let twelve: Promise<Uint8Array> | undefined;
const twelveMegapixels = () => (twelve ??= makePhoto({ width: 4000, height: 3000, seed: 61 }));

describe('x-billed-calls', () => {
  it('is 0 on a small compress the isolate does, and 1 on a 12 MP photo the Images binding compresses', {
    timeout: 60_000,
  }, async () => {
    const { images, call } = production();
    const small = await encode(syntheticPhoto(320, 240), 'jpeg', { quality: 95 });
    const inIsolate = await call('/api/optimize', {
      method: 'POST',
      body: form({ operation: 'compress', quality: 80, format: 'jpeg' }, small),
      ip: '198.51.100.40',
    });
    expect(inIsolate.status).toBe(200);
    expect(await inIsolate.json()).toMatchObject({ engine: 'wasm' });
    expect([billed(inIsolate), images.calls.length]).toEqual(['0', 0]);

    const large = await call('/api/optimize', {
      method: 'POST',
      body: form({ operation: 'compress', quality: 80, format: 'jpeg' }, await twelveMegapixels()),
      ip: '198.51.100.40',
    });
    expect(large.status).toBe(200);
    expect(await large.json()).toMatchObject({ engine: 'images', width: 4000, height: 3000 });
    expect([billed(large), images.calls.length]).toEqual(['1', 1]);
  });

  it('counts every call of a 12 MP quality=auto compress, and a streamed answer carries the count in its result event', {
    timeout: 120_000,
  }, async () => {
    const { images, call } = production();
    const fields = { operation: 'compress', quality: 'auto', format: 'jpeg' };
    const plain = await call('/api/optimize', {
      method: 'POST',
      body: form(fields, await twelveMegapixels()),
      ip: '198.51.100.41',
    });
    expect(plain.status).toBe(200);
    const plainCalls = images.calls.length;
    expect(plainCalls).toBe(3);
    expect(billed(plain)).toBe('3');

    const streamed = await call('/api/optimize', {
      method: 'POST',
      body: form(fields, await twelveMegapixels()),
      headers: { accept: 'text/event-stream' },
      ip: '198.51.100.41',
    });
    // The headers went out before the work: no header, the last event says it.
    expect(billed(streamed)).toBeNull();
    const last = parseEventStream(await streamed.text()).at(-1)!;
    expect(last.event).toBe('result');
    expect(JSON.parse(last.data)).toMatchObject({
      operation: 'compress',
      billedCalls: images.calls.length - plainCalls,
    });
    expect(images.calls.length - plainCalls).toBe(3);
  });

  it('counts a resize of a 0.58 MP photo that fills a small box as none: the isolate makes the copy faces are looked for on too', async () => {
    const { images, call } = production();
    const photo = await encode(syntheticPhoto(880, 660), 'jpeg', { quality: 90 });
    const centred = await call('/api/modify', {
      method: 'POST',
      body: form({ operation: 'resize', width: 400, height: 600, fit: 'cover', position: 'centre' }, photo),
      ip: '198.51.100.42',
    });
    expect(await centred.json()).toMatchObject({ width: 400, height: 600, engine: 'wasm' });
    expect(billed(centred)).toBe('0');
    const smart = await call('/api/modify', {
      method: 'POST',
      body: form({ operation: 'resize', width: 400, height: 600, fit: 'cover' }, photo),
      ip: '198.51.100.42',
    });
    expect(await smart.json()).toMatchObject({
      width: 400,
      height: 600,
      engine: 'wasm',
      framing: { width: 440, height: 660 },
    });
    // One face detection (a Workers AI call in production), no call of the Images binding.
    expect([billed(smart), images.calls.length]).toEqual(['1', 0]);
  });

  it('counts an AI route’s model call, and says 0 on a refusal before any work', async () => {
    const { call } = production();
    const made = await call('/api/generate-image', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a cat in a hat' }),
      ip: '198.51.100.43',
    });
    expect(made.status).toBe(200);
    expect(billed(made)).toBe('1');
    const refused = await call('/api/generate-image', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: '' }),
      ip: '198.51.100.43',
    });
    expect(refused.status).toBe(400);
    expect(billed(refused)).toBe('0');
  });

  it('counts the JPEG the Images binding makes of a HEIC for the AI as well as the model call (ADR 0132)', {
    timeout: 60_000,
  }, async () => {
    const { images, call } = production();
    const heic = await makePhoto({ width: 800, height: 600, seed: 62, format: 'heic', quality: 60 });
    const jpeg = await makePhoto({ width: 800, height: 600, seed: 62 });
    const remove = (bytes: Uint8Array, ip: string) =>
      call('/api/optimize', { method: 'POST', body: form({ operation: 'remove-background' }, bytes), ip });
    const fromJpeg = await remove(jpeg, '198.51.100.46');
    expect(fromJpeg.status).toBe(200);
    // The JPEG goes to the model as it is: the model call only.
    expect([billed(fromJpeg), images.calls.length]).toEqual(['1', 0]);
    const fromHeic = await remove(heic, '198.51.100.47');
    expect(fromHeic.status).toBe(200);
    // The HEIC's JPEG copy is one transformation of the binding, billed beside the model call.
    expect(images.calls.length).toBeGreaterThanOrEqual(1);
    expect(billed(fromHeic)).toBe(String(images.calls.length + 1));
  });

  it('is 0 on a PNG meme the isolate draws (1.21 MP) and 1 on one past the meme’s own budget (1.69 MP, ADR 0180)', {
    timeout: 120_000,
  }, async () => {
    await seedTemplates(env.DB, catalogRows());
    const { images, call } = production();
    const draw = (width: number) =>
      call('/api/memes/render', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ template: 'nope-yep', lines: ['a', 'b'], format: 'png', width }),
        ip: '198.51.100.45',
      });
    const inIsolate = await draw(1100);
    expect(inIsolate.status).toBe(200);
    expect([billed(inIsolate), images.calls.length]).toEqual(['0', 0]);
    const large = await draw(1300);
    expect(large.status).toBe(200);
    expect([billed(large), images.calls.length]).toEqual(['1', 1]);
  });

  it('is not on the answers of routes that never make a billed call', async () => {
    const { call } = production();
    const usage = await call('/api/usage-limit', { ip: '198.51.100.44' });
    expect(usage.status).toBe(200);
    expect(billed(usage)).toBeNull();
  });
});
