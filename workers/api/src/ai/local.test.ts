import { describe, expect, it } from 'vitest';
import { toErrorResponse } from '../errors';
import { getAiProvider } from './index';
import { LOCAL_NOT_RUNNING, OFFLINE_CAPTIONS_NOTE, OFFLINE_PICTURE_CAPTIONS_NOTE, localProvider } from './local';
import { plainPng } from '../imaging/codecs/plain-png';
import { notBilled } from '../billed-calls';

const photo = plainPng(new Uint8Array(8 * 8 * 3), 8, 8, 3);
const asError = (p: Promise<unknown>) =>
  p.then(
    () => new Response('unexpected success'),
    (e: unknown) => toErrorResponse(e),
  );

describe('the local AI provider (Worker side)', () => {
  it('answers 503 with a clear message at once when the service is not running (real loopback fetch)', async () => {
    // Port 9 (discard) has nothing listening here: the connection is refused.
    const provider = localProvider({ LOCAL_AI_URL: 'http://127.0.0.1:9' });
    const started = Date.now();
    for (const call of [
      () => provider.detectFaces(photo),
      () => provider.upscale(photo, 2, { format: 'png' }),
      () => provider.generateImage('a cat'),
    ]) {
      const res = await asError(call());
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: LOCAL_NOT_RUNNING, code: 'ai_upstream_error' });
    }
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('gives up on a service that never answers instead of hanging', async () => {
    // A service that accepts the request and never answers: only the deadline's abort ends it.
    const never: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    const provider = localProvider({ LOCAL_AI_URL: 'http://127.0.0.1:8790' }, never, {
      detect: 50,
      heavy: 50,
      card: 50,
    });
    const res = await asError(provider.detectPeople(photo));
    expect(res.status).toBe(503);
    expect((await res.json<{ error: string }>()).error).toMatch(/took too long/);
  });

  it("passes the service's readable errors on and refuses odd answers with 502", async () => {
    const answer =
      (res: Response): typeof fetch =>
      async () =>
        res.clone();
    const busy = localProvider(
      { LOCAL_AI_URL: 'http://x' },
      answer(Response.json({ error: 'Background removal is not installed.' }, { status: 503 })),
    );
    const res = await asError(busy.removeBackground(photo, { format: 'png' }));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Background removal is not installed.', code: 'ai_upstream_error' });
    const tooBig = localProvider(
      { LOCAL_AI_URL: 'http://x' },
      answer(Response.json({ error: 'Please upscale smaller images.' }, { status: 413 })),
    );
    expect((await asError(tooBig.upscale(photo, 4, { format: 'png' }))).status).toBe(413);
    const unreadable = localProvider(
      { LOCAL_AI_URL: 'http://x' },
      answer(Response.json({ error: 'The image could not be read.' }, { status: 422 })),
    );
    expect(await (await asError(unreadable.detectFaces(photo))).json()).toEqual({
      error: 'The image could not be read.',
      code: 'unprocessable_image',
    });
    const odd = localProvider({ LOCAL_AI_URL: 'http://x' }, answer(Response.json({ faces: 1 })));
    expect((await asError(odd.detectFaces(photo))).status).toBe(502);
    const notImage = localProvider({ LOCAL_AI_URL: 'http://x' }, answer(new Response('hello')));
    expect((await asError(notImage.upscale(photo, 2, { format: 'png' }))).status).toBe(502);
  });

  it('suggests captions offline from the bank, saying so, and saying they do not describe a picture', async () => {
    const provider = localProvider({ LOCAL_AI_URL: 'http://127.0.0.1:9' });
    const out = await provider.suggestCaptions({ id: 't', name: 'T', examples: [], boxCount: 1 }, 'rain');
    expect(out).toMatchObject({ source: 'bank', note: OFFLINE_CAPTIONS_NOTE });
    expect(out.captions).toHaveLength(8);
    const own = await provider.suggestCaptions(
      { id: 'own-picture', name: 'Your picture', examples: [], boxCount: 2 },
      '',
      photo,
    );
    expect(own).toMatchObject({ source: 'bank', note: OFFLINE_PICTURE_CAPTIONS_NOTE });
  });

  it('asks the service for the format and quality chosen and hands its body on as a stream, unread', async () => {
    const asked: string[] = [];
    const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4]);
    const service: typeof fetch = async (input) => {
      asked.push(String(input));
      return new Response(webp, { headers: { 'content-type': 'image/webp' } });
    };
    const provider = localProvider({ LOCAL_AI_URL: 'http://x' }, service);
    const out = await provider.upscale(photo, 3, { format: 'webp', quality: 90 });
    expect(out).toBeInstanceOf(ReadableStream);
    expect(new Uint8Array(await new Response(out).arrayBuffer())).toEqual(webp);
    await provider.removeBackground(photo, { format: 'png' });
    expect(asked).toEqual([
      'http://x/upscale?factor=3&format=webp&quality=90',
      'http://x/remove-background?format=png',
    ]);
  });
});

describe('getAiProvider', () => {
  it('chooses by AI_PROVIDER and names the provider', () => {
    const env = { LOCAL_AI_URL: 'http://127.0.0.1:8790' } as Env;
    expect(getAiProvider({ ...env, AI_PROVIDER: 'fake' }, notBilled).name).toBe('fake');
    expect(getAiProvider({ ...env, AI_PROVIDER: 'local' }, notBilled).name).toBe('local');
    expect(getAiProvider({ ...env, AI_PROVIDER: 'cloudflare' }, notBilled).name).toBe('none'); // no AI binding: not configured
    expect(
      getAiProvider({ ...env, AI_PROVIDER: 'cloudflare', AI: { run: async () => ({}) } as unknown as Ai }, notBilled)
        .name,
    ).toBe('cloudflare');
    expect(getAiProvider({ ...env, AI_PROVIDER: 'none' }, notBilled).name).toBe('none');
    expect(getAiProvider({ ...env, AI_PROVIDER: 'local', LOCAL_AI_URL: '' }, notBilled).name).toBe('none');
  });
});
