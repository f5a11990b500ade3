// The offline image service keeps animations as the Images binding does with `anim: true` (ADR 0137), read back by
// sharp's own metadata (libvips): an ImageMagick GIF of 12 frames of 80 ms, resized to half, as GIF and as WebP.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { imageServiceRefusal } from '../core/image-service';
import { handle } from './server';

const dir = mkdtempSync(join(tmpdir(), 'local-images-anim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `convert -delay 8 -loop 0`: 12 frames of width × height (ImageMagick, as .ci/run installs it). */
function magick(width: number, height: number): Buffer {
  const out = join(dir, `${width}x${height}.gif`);
  const args = ['-delay', '8', '-loop', '0', '-size', `${width}x${height}`];
  for (let i = 0; i < 12; i++) args.push(`xc:rgb(${20 * i},${250 - 20 * i},90)`);
  execFileSync('/usr/bin/convert', [
    ...args,
    '-fill',
    'yellow',
    '-draw',
    `circle ${width / 2},${height / 2} ${width / 2 + 8},${height / 2}`,
    out,
  ]);
  return readFileSync(out);
}

let small: Buffer | undefined;
const animation = () => (small ??= magick(120, 80));

function run(job: unknown, input: Uint8Array) {
  const body = new FormData();
  body.append('job', JSON.stringify(job));
  body.append('input', new Blob([input as Uint8Array<ArrayBuffer>]), 'input');
  return handle(new Request('http://local/run', { method: 'POST', body }));
}

describe.runIf(existsSync('/usr/bin/convert'))('animations (animated: true)', () => {
  it.each(['gif', 'webp'] as const)(
    'resized to half as %s: 12 frames of 80 ms, looping for ever, each frame resized',
    { timeout: 60_000 },
    async (format) => {
      const res = await run(
        {
          steps: [{ op: 'resize', width: 60, height: 40, fit: 'stretch' }],
          output: { format, quality: 80, animated: true },
        },
        animation(),
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(`image/${format}`);
      expect([res.headers.get('x-image-width'), res.headers.get('x-image-height')]).toEqual(['60', '40']);
      const meta = await sharp(Buffer.from(await res.arrayBuffer()), { animated: true }).metadata();
      expect(meta).toMatchObject({ format, width: 60, pageHeight: 40, pages: 12, loop: 0 });
      expect(meta.delay).toEqual(Array(12).fill(80));
    },
  );

  it('without animated, the first frame only (as the binding with anim: false)', { timeout: 60_000 }, async () => {
    const res = await run({ steps: [], output: { format: 'png' } }, animation());
    expect((await sharp(Buffer.from(await res.arrayBuffer()), { animated: true }).metadata()).pages ?? 1).toBe(1);
  });

  it('GIF is written for an animation only, and over 50 MP in all frames is refused in the binding’s words', {
    timeout: 60_000,
  }, async () => {
    expect((await run({ steps: [], output: { format: 'gif' } }, animation())).status).toBe(400);
    // 12 frames of 2,100 × 2,000, 50.4 MP in all: flat greys, each frame its own (libvips merges equal frames).
    const grey = Buffer.alloc(2100 * 2000 * 12);
    for (let i = 0; i < 12; i++) grey.fill(i * 20, i * 2100 * 2000, (i + 1) * 2100 * 2000);
    // No dithering: flat greys have nothing to dither, and the file is byte for byte the one sharp's default makes
    // (checked), at about half its CPU (2.8 s instead of 5.2 s, ADR 0201).
    const big = await sharp(grey, { raw: { width: 2100, height: 2000 * 12, channels: 1, pageHeight: 2000 } })
      .gif({ delay: Array(12).fill(80), dither: 0 })
      .toBuffer();
    const res = await run({ steps: [], output: { format: 'webp', animated: true } }, big);
    expect(res.status).toBe(413);
    const refusal = imageServiceRefusal({
      input: { format: 'gif', width: 2100, height: 2000, bytes: big.length, frames: 12 },
      steps: [],
      output: 'webp',
    });
    expect(refusal).toMatch(/animation of 12 frames, 50.4 megapixels in all/);
    expect(((await res.json()) as { error: string }).error).toBe(refusal);
  });
});
