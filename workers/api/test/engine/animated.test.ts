/**
 * Animated GIFs through the tools keep moving (ADR 0137): an ImageMagick animation of 12 frames of 80 ms goes through
 * compress, resize, convert to WebP, crop, rotate and watermark and comes back with 12 frames of 80 ms, looping for
 * ever, as libvips reads it (the IMAGEMAGICK service's /frames, Node side) — in the isolate for small animations and
 * through the image service (local-images, libvips `animated: true`) for larger ones. `frames=first` is the explicit
 * way to a still picture; blur refuses; the limits (300 frames, 100 MP in all) answer 413 in words.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { encodeGif } from '../../../../core/animation';
import { resetWasmPeaks, WASM_OPERATION_LIMIT_BYTES, wasmPeaks } from '../../src/imaging/codecs/wasm-memory';
import { resultBytes, toolRequest, type ToolBody } from '../support/corpus';

interface Frames {
  format: string;
  width: number;
  pageHeight: number;
  pages: number;
  delay: number[];
  loop: number | null;
}

async function make(args: string[]): Promise<Uint8Array> {
  const res = await env.IMAGEMAGICK.fetch('http://magick/make', { method: 'POST', body: JSON.stringify({ args }) });
  if (!res.ok) throw new Error(await res.text());
  return new Uint8Array(await res.arrayBuffer());
}

async function libvips(bytes: Uint8Array): Promise<Frames> {
  const res = await env.IMAGEMAGICK.fetch('http://magick/frames', {
    method: 'POST',
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return res.json<Frames>();
}

/** `convert -delay 8 -loop 0`: 12 frames of width × height, a yellow disc over a changing background, GIF or WebP. */
function magickAnimation(
  width: number,
  height: number,
  extra: string[] = [],
  format: 'gif' | 'webp' = 'gif',
): Promise<Uint8Array> {
  const args = ['-delay', '8', '-loop', '0', '-size', `${width}x${height}`];
  for (let i = 0; i < 12; i++) args.push(`xc:rgb(${20 * i},${250 - 20 * i},90)`);
  const r = Math.round(height / 5);
  args.push(
    '-fill',
    'yellow',
    '-draw',
    `circle ${width / 2},${height / 2} ${width / 2 + r},${height / 2}`,
    ...extra,
    `${format}:OUT`,
  );
  return make(args);
}

type Body = ToolBody & { frames?: number };

async function call(route: string, bytes: Uint8Array, fields: Record<string, string | number>) {
  const res = await toolRequest(route, bytes, fields, 'moving.gif');
  return { status: res.status, body: await res.json<Body>() };
}

const twelveOf80 = { pages: 12, delay: Array(12).fill(80), loop: 0 };

describe('in the isolate (96 × 64, 12 frames)', async () => {
  const gif = await magickAnimation(96, 64);

  it('the test animation is what ImageMagick was asked for', async () => {
    expect(await libvips(gif)).toMatchObject({ format: 'gif', width: 96, pageHeight: 64, ...twelveOf80 });
  });

  it.each([
    ['compress', 'optimize', { operation: 'compress', quality: 80 }, 'gif', [96, 64]],
    ['compress to WebP', 'optimize', { operation: 'compress', quality: 80, format: 'webp' }, 'webp', [96, 64]],
    ['resize to half', 'modify', { operation: 'resize', width: 48, height: 32 }, 'gif', [48, 32]],
    ['convert to WebP', 'convert', { format: 'webp', quality: 80 }, 'webp', [96, 64]],
    ['crop', 'modify', { operation: 'crop', x: 10, y: 5, width: 50, height: 40 }, 'gif', [50, 40]],
    ['rotate', 'modify', { operation: 'rotate', angle: 90 }, 'gif', [64, 96]],
    ['watermark', 'security', { operation: 'watermark', text: 'Memeforge' }, 'gif', [96, 64]],
  ] as const)('%s keeps 12 frames of 80 ms, looping for ever', async (_, route, fields, format, [w, h]) => {
    const { status, body } = await call(route, gif, fields);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ format, width: w, height: h, frames: 12, engine: 'wasm' });
    expect(body.notes.join(' ')).toMatch(/All 12 frames were kept/);
    expect(body.notes.join(' ')).not.toMatch(/first frame/);
    expect(await libvips(await resultBytes(body.imageUrl))).toMatchObject({
      format,
      width: w,
      pageHeight: h,
      ...twelveOf80,
    });
  });

  it('compress with format=auto keeps the smaller of GIF and animated WebP, and says so', async () => {
    const { status, body } = await call('optimize', gif, { operation: 'compress', quality: 80, format: 'auto' });
    expect(status).toBe(200);
    expect(body.notes.join(' ')).toMatch(/Saved as an animated (GIF|WebP): \d+% smaller than as (GIF|WebP)\./);
    expect(await libvips(await resultBytes(body.imageUrl))).toMatchObject({ format: body.format, ...twelveOf80 });
  });

  it('frames=first is the explicit way to a still picture; a bad value is 400', async () => {
    const first = await call('optimize', gif, { operation: 'compress', quality: 80, frames: 'first' });
    expect(first.status).toBe(200);
    expect(first.body.frames).toBeUndefined();
    expect(first.body.notes).toContain('Only the first frame of the animation was used, as asked (frames=first).');
    expect((await libvips(await resultBytes(first.body.imageUrl))).pages).toBe(1);
    const bad = await call('optimize', gif, { operation: 'compress', quality: 80, frames: 'some' });
    expect(bad).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', error: 'frames must be all or first.' },
    });
  });

  it('a still format asked for says the animation was cut to its first frame and what would keep it', async () => {
    const { status, body } = await call('convert', gif, { format: 'jpeg' });
    expect(status).toBe(200);
    expect(body.notes).toContain('The picture is animated: only its first frame was used.');
    expect(body.notes).toContain('To keep every frame, choose WebP, or keep its own format.');
  });

  it('blur refuses an animation clearly, and works on its first frame when asked', async () => {
    const fields = {
      operation: 'blur',
      method: 'selective',
      regions: JSON.stringify([{ x: 0, y: 0, width: 20, height: 20 }]),
    };
    const refused = await call('security', gif, fields);
    expect(refused).toMatchObject({ status: 422, body: { code: 'unprocessable_image' } });
    expect(refused.body.error).toMatch(/^Blurring faces or people is done on still pictures only.*frames=first/);
    expect((await call('security', gif, { ...fields, frames: 'first' })).status).toBe(200);
  });

  it('a target size is for still pictures: 400 in words', async () => {
    const { status, body } = await call('optimize', gif, { operation: 'compress', targetBytes: 20000 });
    expect(status).toBe(400);
    expect(body.error).toMatch(/^A target size is for still pictures/);
  });

  it('privacy removes a GIF comment and keeps every frame, byte for byte otherwise', async () => {
    const commented = await magickAnimation(96, 64, ['-set', 'comment', 'secret location 51.5N']);
    const { status, body } = await call('security', commented, { operation: 'privacy' });
    expect(status).toBe(200);
    expect(body.privacyLog?.removed).toContain('GIF comment');
    const out = await resultBytes(body.imageUrl);
    expect(new TextDecoder('latin1').decode(out)).not.toContain('secret');
    expect(await libvips(out)).toMatchObject({ format: 'gif', ...twelveOf80 });
  });
});

describe('an animated WebP (ImageMagick, 12 frames of 80 ms)', async () => {
  const webp = await magickAnimation(96, 64, [], 'webp');

  it('is what ImageMagick was asked for', async () => {
    expect(await libvips(webp)).toMatchObject({ format: 'webp', width: 96, pageHeight: 64, ...twelveOf80 });
  });

  it.each([
    ['compress', 'optimize', { operation: 'compress', quality: 70 }, 'webp', [96, 64]],
    [
      'compress keeping its own format',
      'optimize',
      { operation: 'compress', quality: 80, format: 'original' },
      'webp',
      [96, 64],
    ],
    ['resize to half', 'modify', { operation: 'resize', width: 48, height: 32 }, 'webp', [48, 32]],
    ['rotate', 'modify', { operation: 'rotate', angle: 180 }, 'webp', [96, 64]],
  ] as const)('%s keeps 12 frames of 80 ms', async (_, route, fields, format, [w, h]) => {
    const { status, body } = await call(route, webp, fields);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ format, width: w, height: h, frames: 12 });
    expect(await libvips(await resultBytes(body.imageUrl))).toMatchObject({
      format,
      width: w,
      pageHeight: h,
      ...twelveOf80,
    });
  });

  it('a still format asked for is its first frame as shown, said in a note', async () => {
    const { status, body } = await call('convert', webp, { format: 'png' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ format: 'png', width: 96, height: 64 });
    expect(body.notes).toContain('The picture is animated: only its first frame was used.');
  });
});

describe('memory and time at the isolate’s limit (64 frames of 500 × 500, 16 MP in all)', () => {
  it('compress format=auto (a GIF and an animated WebP of every frame) stays within the WASM budget', {
    timeout: 300_000,
  }, async () => {
    const frames = Array.from({ length: 64 }, (_, f) => {
      const rgba = new Uint8Array(500 * 500 * 4);
      let seed = f + 1;
      for (let p = 0; p < 500 * 500; p++) {
        const [x, y] = [p % 500, Math.floor(p / 500)];
        seed = (seed * 1103515245 + 12345) >>> 0;
        const noisy = x >= f * 6 && x < f * 6 + 120 && y >= 190 && y < 310;
        rgba.set(
          noisy ? [seed >>> 24, (seed >>> 16) & 255, (seed >>> 8) & 255, 255] : [x >> 1, y >> 1, 128, 255],
          p * 4,
        );
      }
      return { rgba, delayMs: 40 };
    });
    const gif = encodeGif(frames, { width: 500, height: 500, loops: 0 });
    resetWasmPeaks();
    const started = Date.now();
    const { status, body } = await call('optimize', gif, { operation: 'compress', quality: 80, format: 'auto' });
    const ms = Date.now() - started;
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ frames: 64, engine: 'wasm' });
    const peaks = wasmPeaks();
    console.log(
      `animated compress format=auto, 64 × 500×500: ${ms} ms, ${body.format} ${body.size} bytes from ${gif.length}; WASM peaks (MB)`,
      JSON.stringify(Object.fromEntries(Object.entries(peaks).map(([k, v]) => [k, Math.round(v / 104857.6) / 10]))),
    );
    for (const [codec, bytes] of Object.entries(peaks)) expect(bytes, codec).toBeLessThan(WASM_OPERATION_LIMIT_BYTES);
    expect(await libvips(await resultBytes(body.imageUrl))).toMatchObject({
      pages: 64,
      delay: Array(64).fill(40),
      loop: 0,
    });
  });
});

describe('limits', () => {
  it('301 frames: 413 naming the 300-frame limit; frames=first still works', async () => {
    const frames = Array.from({ length: 301 }, (_, i) => ({
      rgba: new Uint8Array(16 * 4).fill(i % 2 ? 255 : 0).map((v, j) => (j % 4 === 3 ? 255 : v)),
      delayMs: 40,
    }));
    const gif = encodeGif(frames, { width: 4, height: 4, loops: 0 });
    const { status, body } = await call('optimize', gif, { operation: 'compress', quality: 80 });
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: 'payload_too_large' });
    expect(body.error).toMatch(/^This animation has 301 frames; the tools take animations of at most 300 frames\./);
    expect((await call('optimize', gif, { operation: 'compress', quality: 80, frames: 'first' })).status).toBe(200);
  });
});

describe('through the image service (libvips, animated: true)', () => {
  it('12 frames of 1,400 × 1,000 (16.8 MP in all, over the isolate’s 16): resize and convert keep 12 frames of 80 ms', {
    timeout: 120_000,
  }, async () => {
    const gif = await magickAnimation(1400, 1000);
    const resized = await call('modify', gif, { operation: 'resize', width: 700, height: 500 });
    expect(resized.status, JSON.stringify(resized.body)).toBe(200);
    expect(resized.body).toMatchObject({ format: 'gif', width: 700, height: 500, frames: 12, engine: 'images' });
    expect(await libvips(await resultBytes(resized.body.imageUrl))).toMatchObject({
      format: 'gif',
      width: 700,
      pageHeight: 500,
      ...twelveOf80,
    });
    const webp = await call('convert', gif, { format: 'webp', quality: 75 });
    expect(webp.status, JSON.stringify(webp.body)).toBe(200);
    expect(webp.body).toMatchObject({ format: 'webp', frames: 12, engine: 'images' });
    expect(await libvips(await resultBytes(webp.body.imageUrl))).toMatchObject({
      format: 'webp',
      width: 1400,
      pageHeight: 1000,
      ...twelveOf80,
    });
  });
});
