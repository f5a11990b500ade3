import { describe, expect, it } from 'vitest';
import { toErrorResponse } from '../errors';
import { FAKE_FAIL_MARKER, FAKE_GENERATED_SIZE, FAKE_UNAVAILABLE_MARKER, fakeProvider } from './fake';
import { readHeader } from '../imaging/intake/sniff';
import { plainPng } from '../imaging/codecs/plain-png';
import { toBytes } from './upstream';

const solid = (w: number, h: number) => plainPng(new Uint8Array(w * h * 3).fill(90), w, h, 3);
const withMarker = (image: Uint8Array, marker: string) =>
  new Uint8Array([...image, ...new TextEncoder().encode(marker)]);

/** Decodes a PNG with the platform's own decoder (createImageBitmap is absent in workerd, so use the Images binding). */
async function decodeWithImages(bytes: Uint8Array) {
  const { env } = await import('cloudflare:workers');
  return env.IMAGES.info(new Response(bytes as Uint8Array<ArrayBuffer>).body!);
}

describe('the fake AI provider', () => {
  it('generates a real PNG that another decoder reads, different per seed', async () => {
    const a = await fakeProvider.generateImage('a cat', 1);
    const b = await fakeProvider.generateImage('a cat', 2);
    expect(a.contentType).toBe('image/png');
    expect(a.isPlaceholder).toBe(false);
    expect(await decodeWithImages(a.bytes)).toMatchObject({
      format: 'image/png',
      width: FAKE_GENERATED_SIZE,
      height: FAKE_GENERATED_SIZE,
    });
    expect(a.bytes).not.toEqual(b.bytes);
    expect((await fakeProvider.generateImage('a cat', 1)).bytes).toEqual(a.bytes);
  });

  it.each([2, 3, 4] as const)(
    'upscales %i× to exactly factor × the input size, in the format asked for',
    async (factor) => {
      for (const format of ['jpeg', 'webp', 'png'] as const) {
        const out = await toBytes(await fakeProvider.upscale(solid(30, 20), factor, { format, quality: 90 }));
        expect(await decodeWithImages(out)).toMatchObject({
          format: `image/${format}`,
          width: 30 * factor,
          height: 20 * factor,
        });
      }
    },
  );

  it('removes the background as an RGBA PNG, or a WebP, of the same size', async () => {
    const out = await toBytes(await fakeProvider.removeBackground(solid(40, 32), { format: 'png' }));
    expect(readHeader(out)).toMatchObject({ format: 'png', width: 40, height: 32 });
    expect(out[25]).toBe(6); // colour type 6: RGB with alpha
    const webp = await toBytes(await fakeProvider.removeBackground(solid(40, 32), { format: 'webp', quality: 90 }));
    expect(readHeader(webp)).toMatchObject({ format: 'webp', width: 40, height: 32 });
  });

  it('finds one face and one person inside the image', async () => {
    const [face] = await fakeProvider.detectFaces(solid(100, 80));
    const [person] = await fakeProvider.detectPeople(solid(100, 80));
    expect(face).toEqual({ x: 25, y: 20, width: 50, height: 40, score: 0.99 });
    expect(person!.y + person!.height).toBe(80);
  });

  it('suggests captions from the bank', async () => {
    const { captions } = await fakeProvider.suggestCaptions({ id: 'x', name: 'X', examples: [], boxCount: 2 }, 'tea');
    expect(captions).toHaveLength(8);
  });

  it('fails on purpose with 502 or 503 when a test asks for it', async () => {
    const fail502 = await fakeProvider.generateImage(`a cat ${FAKE_FAIL_MARKER}`).catch((e: unknown) => e);
    expect(toErrorResponse(fail502).status).toBe(502);
    const fail503 = await fakeProvider
      .upscale(withMarker(solid(8, 8), FAKE_UNAVAILABLE_MARKER), 2, { format: 'png' })
      .catch((e: unknown) => e);
    const res = toErrorResponse(fail503);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'ai_upstream_error' });
    await expect(fakeProvider.detectFaces(withMarker(solid(8, 8), FAKE_FAIL_MARKER))).rejects.toMatchObject({
      status: 502,
    });
  });

  it('refuses bytes that are not an image with 415', async () => {
    await expect(
      fakeProvider.upscale(new TextEncoder().encode('not an image at all, sorry'), 2, { format: 'png' }),
    ).rejects.toMatchObject({ status: 415 });
  });
});
