import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  animationLimitProblem,
  createGifWriter,
  encodeGif,
  muxAnimatedWebp,
  readGifFrames,
  readGifInfo,
  readWebpAnimation,
  readWebpFrames,
  stripGifMetadata,
  type Frame,
} from '.';

const dir = mkdtempSync(join(tmpdir(), 'animation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 12 frames of 48 × 32, 80 ms each: a red square moving right over a blue-to-green ramp. */
function movingSquare(frames = 12, width = 48, height = 32): Frame[] {
  return Array.from({ length: frames }, (_, f) => {
    const rgba = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const o = (y * width + x) * 4;
        const inSquare = x >= f * 3 && x < f * 3 + 10 && y >= 10 && y < 20;
        rgba.set(inSquare ? [230, 20, 20, 255] : [0, Math.round((x / width) * 255), 200, 255], o);
      }
    }
    return { rgba, delayMs: 80 };
  });
}

const maxDiff = (a: Uint8Array, b: Uint8Array) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);

/** Every frame as libvips composes it (sharp, all pages stacked). */
async function libvipsFrames(bytes: Uint8Array) {
  const meta = await sharp(bytes, { animated: true }).metadata();
  const { data } = await sharp(bytes, { animated: true }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const per = meta.width! * (meta.pageHeight ?? meta.height!) * 4;
  return {
    meta,
    frames: Array.from({ length: meta.pages ?? 1 }, (_, i) => new Uint8Array(data.subarray(i * per, (i + 1) * per))),
  };
}

describe('GIF', () => {
  it('writes 12 frames of 80 ms that libvips reads back as 12 pages of 80 ms, looping for ever, with the same pixels', async () => {
    const frames = movingSquare();
    const gif = encodeGif(frames, { width: 48, height: 32, loops: 0 });
    const { meta, frames: read } = await libvipsFrames(gif);
    expect(meta.format).toBe('gif');
    expect(meta.pages).toBe(12);
    expect(meta.delay).toEqual(Array(12).fill(80));
    expect(meta.loop).toBe(0);
    // Few colours: the palette holds them exactly, frame differences included.
    read.forEach((f, i) => expect(maxDiff(f, frames[i]!.rgba)).toBeLessThanOrEqual(8));
  });

  it('reads back what it wrote: frames, delays, loops', () => {
    const frames = movingSquare();
    const gif = encodeGif(frames, { width: 48, height: 32, loops: 3 });
    expect(readGifInfo(gif)).toEqual({ width: 48, height: 32, frames: 12, loops: 3 });
    const back = [...readGifFrames(gif)];
    expect(back.map((f) => f.delayMs)).toEqual(Array(12).fill(80));
    back.forEach((f, i) => expect(maxDiff(f.rgba, frames[i]!.rgba)).toBeLessThanOrEqual(8));
    expect(readGifInfo(encodeGif(frames.slice(0, 2), { width: 48, height: 32, loops: 1 })).loops).toBe(1);
  });

  it('later frames hold only what changed: 12 frames cost far less than 12 first frames', () => {
    const frames = movingSquare(12, 240, 160);
    const one = encodeGif(frames.slice(0, 1), { width: 240, height: 160, loops: 0 }).length;
    const all = encodeGif(frames, { width: 240, height: 160, loops: 0 }).length;
    expect(all).toBeLessThan(one * 3);
  });

  it('keeps transparency, also where a pixel turns transparent over colour', async () => {
    const frames = movingSquare(3).map((f, i) => {
      const rgba = f.rgba.slice();
      for (let p = 0; p < 48 * 32; p++) if (p % 48 < 8 * (i + 1) && i !== 1) rgba[p * 4 + 3] = 0;
      return { ...f, rgba };
    });
    const gif = encodeGif(frames, { width: 48, height: 32, loops: 0 });
    const back = [...readGifFrames(gif)];
    const { frames: vips } = await libvipsFrames(gif);
    for (const [i, f] of frames.entries()) {
      for (let p = 0; p < 48 * 32; p++) {
        expect(back[i]!.rgba[p * 4 + 3]).toBe(f.rgba[p * 4 + 3]);
        expect(vips[i]![p * 4 + 3]).toBe(f.rgba[p * 4 + 3]);
      }
    }
  });

  it.runIf(existsSync('/usr/bin/convert'))(
    'reads an ImageMagick animation as libvips does: disposal, local palettes, interlace',
    async () => {
      const out = join(dir, 'magick.gif');
      // 12 frames of 80 ms (-delay 8), partial frames (-layers optimize), one interlaced local-palette frame in the mix.
      const args = ['-delay', '8', '-loop', '0', '-size', '60x40'];
      for (let i = 0; i < 12; i++)
        args.push(
          `xc:rgb(${20 * i},${255 - 20 * i},90)`,
          '-fill',
          'yellow',
          '-draw',
          `circle ${5 * i + 5},20 ${5 * i + 9},20`,
        );
      execFileSync('/usr/bin/convert', [...args, '-layers', 'optimize', '-interlace', 'GIF', out]);
      const bytes = new Uint8Array(readFileSync(out));
      const ours = [...readGifFrames(bytes)];
      const { meta, frames: vips } = await libvipsFrames(bytes);
      expect(ours).toHaveLength(12);
      expect(meta.pages).toBe(12);
      expect(ours.map((f) => f.delayMs)).toEqual(meta.delay);
      expect(readGifInfo(bytes).loops).toBe(0);
      ours.forEach((f, i) => expect(maxDiff(f.rgba, vips[i]!)).toBe(0));
    },
  );

  it('refuses damaged LZW data and a truncated file in words', () => {
    const gif = encodeGif(movingSquare(2), { width: 48, height: 32, loops: 0 });
    expect(() => [...readGifFrames(gif.subarray(0, 20))]).toThrow(/ends in the middle/);
    // The first image's LZW code size byte: after the header, the global table, NETSCAPE (19 bytes), the graphic
    // control (8) and the image descriptor (10).
    const lzw = 13 + 3 * (2 << (gif[10]! & 7)) + 19 + 8 + 10;
    const badSize = gif.slice();
    badSize[lzw] = 0;
    expect(() => [...readGifFrames(badSize)]).toThrow(/bad LZW code size/);
    const badCodes = gif.slice();
    badCodes.fill(0xff, lzw + 2, lzw + 40);
    expect(() => [...readGifFrames(badCodes)]).toThrow(/damaged LZW data/);
  });

  it('privacy: a comment and an XMP application extension are removed, the animation byte for byte kept', () => {
    const gif = encodeGif(movingSquare(3), { width: 48, height: 32, loops: 0 });
    const comment = [0x21, 0xfe, 5, ...Buffer.from('hello'), 0];
    const xmp = [0x21, 0xff, 11, ...Buffer.from('XMP DataXMP'), 4, ...Buffer.from('<x/>'), 0];
    const at = gif.length - 1;
    const withMeta = new Uint8Array([...gif.subarray(0, at), ...comment, ...xmp, 0x3b]);
    const { bytes, removed } = stripGifMetadata(withMeta);
    expect(removed).toEqual(['GIF comment', 'GIF application extension XMP DataXMP']);
    expect(bytes).toEqual(gif);
    expect([...readGifFrames(bytes)]).toHaveLength(3);
  });
});

describe('animated WebP container', () => {
  it('wraps still WebP frames into an animation libvips reads as 12 pages of 80 ms, and reads it back', async () => {
    const frames = movingSquare();
    const stills = await Promise.all(
      frames.map(async (f) => ({
        still: new Uint8Array(
          await sharp(f.rgba, { raw: { width: 48, height: 32, channels: 4 } })
            .webp({ lossless: true })
            .toBuffer(),
        ),
        delayMs: f.delayMs,
      })),
    );
    const webp = muxAnimatedWebp({ width: 48, height: 32, loops: 0 }, stills);
    const { meta, frames: vips } = await libvipsFrames(webp);
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(12);
    expect(meta.delay).toEqual(Array(12).fill(80));
    expect(meta.loop).toBe(0);
    vips.forEach((f, i) => expect(maxDiff(f, frames[i]!.rgba)).toBe(0));
    const animation = readWebpAnimation(webp)!;
    expect(animation).toMatchObject({ width: 48, height: 32, frames: 12, loops: 0 });
    const decode = async (still: Uint8Array) => {
      const { data, info } = await sharp(still).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      return { data: new Uint8Array(data), width: info.width, height: info.height };
    };
    let i = 0;
    for await (const f of readWebpFrames(animation, decode)) {
      expect(f.delayMs).toBe(80);
      expect(maxDiff(f.rgba, frames[i++]!.rgba)).toBe(0);
    }
    expect(i).toBe(12);
    expect(readWebpAnimation(stills[0]!.still)).toBeNull();
  });

  it('reads an animation libvips wrote (lossy, with frame rectangles and blending)', async () => {
    const gif = encodeGif(movingSquare(), { width: 48, height: 32, loops: 2 });
    const webp = new Uint8Array(await sharp(gif, { animated: true }).webp({ quality: 90 }).toBuffer());
    const animation = readWebpAnimation(webp)!;
    expect(animation.frames).toBe(12);
    expect(animation.parts.map((p) => p.delayMs)).toEqual(Array(12).fill(80));
    const decode = async (still: Uint8Array) => {
      const { data, info } = await sharp(still).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      return { data: new Uint8Array(data), width: info.width, height: info.height };
    };
    const { frames: vips } = await libvipsFrames(webp);
    let i = 0;
    for await (const f of readWebpFrames(animation, decode)) expect(maxDiff(f.rgba, vips[i++]!)).toBeLessThanOrEqual(2);
  });
});

describe('limits', () => {
  it('names the frame limit and the all-frames area limit', () => {
    expect(animationLimitProblem({ frames: 300, width: 500, height: 500 })).toBeNull();
    expect(animationLimitProblem({ frames: 301, width: 10, height: 10 })).toMatch(
      /301 frames; the tools take animations of at most 300 frames/,
    );
    expect(animationLimitProblem({ frames: 200, width: 1000, height: 501 })).toMatch(
      /100.2 megapixels in all; .* at most 100 megapixels in all frames together/,
    );
  });
});

it('a writer refuses a frame of the wrong size', () => {
  const w = createGifWriter({ width: 4, height: 4, loops: 0 });
  expect(() => w.add({ rgba: new Uint8Array(8), delayMs: 10 })).toThrow(/2 pixels for a 4 × 4 GIF/);
});
