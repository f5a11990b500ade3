/**
 * Frames counted as decoded (ADR 0151): a 100 × 100 GIF of 100 frames of 4,000 × 4,000 (850 KB of real LZW) and an
 * animated WebP whose ANMF frames are 2,048² under a 100² canvas used to take 5 to 60 s a tool call and answer 200,
 * and to be stored as share links a browser tab then spent hundreds of megabytes on. Every tool, the upload, the
 * share link and the meme renderer now refuse them from the header, naming the frame and the picture's size.
 *
 * "Well under a second" is a loose time bound on each answer (1 s; the refusal takes tens of milliseconds, and the
 * old path decoded for seconds before answering), chosen over a benchmark because the point is that nothing is
 * decoded: a refusal that reached a decoder could not meet it. The same files are made in the tests, never committed
 * (scripts/lib/crafted-animations.ts).
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { craftedGif, craftedWebp } from '../../../../scripts/lib/crafted-animations';
import { muxAnimatedWebp } from '../../../../core/animation';
import { encode } from '../../src/imaging/codecs/encode';
import { cloudflareImageService } from '../../src/imaging/service/cloudflare';
import { getImageService } from '../../src/imaging/service';
import { notBilled } from '../../src/billed-calls';
import { api, listKeys, uploadForm } from '../helpers';
import { toolRequest } from '../support/corpus';
import { pngChunk, pngOf, u32be } from '../support/png-chunks';
import { recordingImages } from '../support/images-binding';

const FILES = {
  gif: {
    bytes: craftedGif({ screen: { width: 100, height: 100 }, frame: { width: 4000, height: 4000 }, frames: 100 }),
    error:
      "Frame 1 of this GIF is 4,000 × 4,000 pixels at (0, 0), outside the picture's own 100 × 100: we take animations whose every frame lies inside the picture. Please save it again with an image editor, or try a different image.",
  },
  webp: {
    bytes: craftedWebp({ canvas: { width: 100, height: 100 }, frame: { width: 2048, height: 2048 }, frames: 100 }),
    error:
      "Frame 1 of this WebP is 2,048 × 2,048 pixels at (0, 0), outside the picture's own 100 × 100: we take animations whose every frame lies inside the picture. Please save it again with an image editor, or try a different image.",
  },
};

const TOOLS: Array<[string, Record<string, string | number>]> = [
  ['optimize', { operation: 'compress', quality: 80 }],
  ['optimize', { operation: 'compress', quality: 80, format: 'auto' }],
  ['optimize', { operation: 'compress', quality: 80, frames: 'first' }],
  ['optimize', { operation: 'upscale', factor: 2 }],
  ['optimize', { operation: 'remove-background' }],
  ['modify', { operation: 'resize', width: 50, height: 50 }],
  ['modify', { operation: 'crop', x: 0, y: 0, width: 50, height: 50 }],
  ['modify', { operation: 'rotate', angle: 90 }],
  ['convert', { format: 'webp', quality: 80 }],
  ['convert', { format: 'png' }],
  ['security', { operation: 'watermark', text: 'Memeforge' }],
  ['security', { operation: 'privacy' }],
  [
    'security',
    {
      operation: 'blur',
      method: 'selective',
      regions: JSON.stringify([{ x: 0, y: 0, width: 20, height: 20 }]),
      frames: 'first',
    },
  ],
  ['analyze-metadata', {}],
];

/** The answer, its time in milliseconds, and whether any object was left in R2. */
async function timed(send: () => Promise<Response>) {
  const before = await listKeys(env.BUCKET);
  const started = performance.now();
  const res = await send();
  const body = await res.json<{ error?: string; code?: string }>();
  const ms = performance.now() - started;
  return { status: res.status, body, ms, stored: (await listKeys(env.BUCKET)).filter((k) => !before.includes(k)) };
}

describe.each(Object.entries(FILES))('a %s whose frames are far larger than its canvas', (kind, file) => {
  const refused = { status: 422, body: { code: 'unprocessable_image', error: file.error }, stored: [] };

  it.each(TOOLS)(`is refused by /api/%s %j in under a second, before any frame is decoded`, async (route, fields) => {
    const answer = await timed(() => toolRequest(route, file.bytes, fields, `crafted.${kind}`));
    expect(answer).toMatchObject(refused);
    expect(answer.ms).toBeLessThan(1000);
  });

  it('is refused by the upload and by a share link in under a second, nothing stored', async () => {
    const upload = await timed(() =>
      api('/api/upload', { method: 'POST', body: uploadForm(file.bytes, `crafted.${kind}`) }),
    );
    const share = await timed(() =>
      api('/api/shares', { method: 'POST', body: uploadForm(file.bytes, `crafted.${kind}`) }),
    );
    console.log(
      `crafted ${kind} (${file.bytes.length} bytes): upload refused in ${Math.round(upload.ms)} ms, share in ${Math.round(share.ms)} ms`,
    );
    for (const answer of [upload, share]) {
      expect(answer).toMatchObject(refused);
      expect(answer.ms).toBeLessThan(1000);
    }
    expect(
      await env.DB.prepare('select count(*) as n from shares where file_size = ?').bind(file.bytes.length).first('n'),
    ).toBe(0);
  });

  it('is refused as a meme background', async () => {
    const form = new FormData();
    form.append('background', new File([file.bytes], `crafted.${kind}`));
    form.append('lines', 'top text');
    const answer = await timed(() => api('/api/memes/render', { method: 'POST', body: form }));
    expect(answer).toMatchObject(refused);
  });

  it('is refused by both image services before any work: the binding is never called', async () => {
    const images = recordingImages(getImageService(env, notBilled));
    const job = { input: file.bytes, steps: [], output: { format: 'webp' as const, animated: true } };
    for (const service of [cloudflareImageService(images), getImageService(env, notBilled)]) {
      expect(await service.run(job).catch((e: unknown) => e)).toMatchObject({ status: 422, message: file.error });
    }
    expect(images.calls).toHaveLength(0);
  });
});

describe('the upload refuses what no tool could then process', () => {
  it('an animated WebP of 301 frames (413, naming the limit); 300 frames upload, and the tools still take 301 with frames=first', async () => {
    const still = await encode({ data: new Uint8ClampedArray(16 * 16 * 4).fill(200), width: 16, height: 16 }, 'webp', {
      quality: 80,
    });
    const webp = (frames: number) =>
      new Uint8Array(
        muxAnimatedWebp(
          { width: 16, height: 16, loops: 0 },
          Array.from({ length: frames }, () => ({ still, delayMs: 40 })),
        ),
      );
    const over = await timed(() => api('/api/upload', { method: 'POST', body: uploadForm(webp(301), 'long.webp') }));
    expect(over).toMatchObject({
      status: 413,
      body: {
        code: 'payload_too_large',
        error:
          'This animation has 301 frames; the tools take animations of at most 300 frames. Please shorten it, or save its first frame as a still picture.',
      },
      stored: [],
    });
    expect((await api('/api/upload', { method: 'POST', body: uploadForm(webp(300), 'most.webp') })).status).toBe(201);
    expect(
      (await toolRequest('optimize', webp(301), { operation: 'compress', quality: 80, frames: 'first' }, 'long.webp'))
        .status,
    ).toBe(200);
  });

  it('an indexed PNG with an empty palette, too large to decode at intake (422, naming the palette)', async () => {
    // 2,000 × 2,000 at one byte a pixel, all index 0, deflated here: over intake's decode, so only its header speaks.
    const raw = new Uint8Array(2000 * 2001);
    const idat = new Uint8Array(
      await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer(),
    );
    const png = pngOf(
      pngChunk('IHDR', [...u32be(2000), ...u32be(2000), 8, 3, 0, 0, 0]),
      pngChunk('PLTE'),
      pngChunk('IDAT', idat),
      pngChunk('IEND'),
    );
    const answer = await timed(() =>
      api('/api/upload', { method: 'POST', body: uploadForm(png, 'empty-palette.png') }),
    );
    expect(answer).toMatchObject({
      status: 422,
      body: {
        code: 'unprocessable_image',
        error: 'This PNG is damaged or incomplete (the palette (PLTE) is empty). Please try a different image.',
      },
      stored: [],
    });
  });
});
