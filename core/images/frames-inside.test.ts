/**
 * Frames are counted as decoded (ADR 0151): the header readers find a GIF's or animated WebP's frame rectangles
 * without decoding a pixel, the intake rule refuses a frame outside the canvas and (for the upload) an animation over
 * the tools' limits, and libvips, the image service offline, agrees on what the crafted files are.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { craftedGif, craftedWebp } from '../../scripts/lib/crafted-animations';
import { muxAnimatedWebp } from '../animation';
import { checkImageBytes, pictureProblem } from './intake';
import { sniffImage } from './sniff';

const oversizedGif = () =>
  craftedGif({ screen: { width: 100, height: 100 }, frame: { width: 4000, height: 4000 }, frames: 100 });
const oversizedWebp = () =>
  craftedWebp({ canvas: { width: 100, height: 100 }, frame: { width: 2048, height: 2048 }, frames: 100 });

describe('the crafted files are what they claim, read by libvips', () => {
  it('a GIF frame of one colour: 300 × 200 inside its screen decodes whole, in one colour', async () => {
    const gif = craftedGif({ screen: { width: 300, height: 200 }, frame: { width: 300, height: 200 }, frames: 3 });
    const meta = await sharp(gif, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', width: 300, pageHeight: 200, pages: 3 });
    const { data, info } = await sharp(gif).raw().toBuffer({ resolveWithObject: true });
    const last = data.subarray(data.length - info.channels);
    expect([...data.subarray(0, 3), ...last.subarray(0, 3)]).toEqual([255, 0, 0, 255, 0, 0]);
  });

  it('100 frames of 4,000 × 4,000 under a 100 × 100 screen: 8.5 KB a frame, and libvips grows the screen to 4,000²', async () => {
    const gif = oversizedGif();
    expect(gif.length).toBeLessThan(1_000_000);
    // What makes the file costly everywhere that trusts the frame: 1,600 megapixels to decode for a 0.01 MP picture.
    const meta = await sharp(gif, { animated: true, limitInputPixels: false }).metadata();
    expect(meta).toMatchObject({ width: 4000, pageHeight: 4000, pages: 100 });
  });

  it('a lossless WebP frame of one colour decodes; one reaching outside its canvas is refused by libwebp', async () => {
    const inside = craftedWebp({ canvas: { width: 64, height: 48 }, frame: { width: 64, height: 48 }, frames: 2 });
    const { data } = await sharp(inside).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x40, 0x80, 0x20]);
    await expect(sharp(oversizedWebp(), { animated: true }).metadata()).rejects.toThrow(/corrupt header/);
  });
});

describe('the header readers find every frame rectangle, decoding nothing', () => {
  it('a GIF: the first frame outside its screen, by offset or by size', () => {
    expect(sniffImage(oversizedGif())).toMatchObject({
      ok: true,
      info: {
        width: 100,
        height: 100,
        frames: 100,
        frameOutside: { frame: 1, left: 0, top: 0, width: 4000, height: 4000 },
      },
    });
    const shifted = craftedGif({
      screen: { width: 100, height: 100 },
      frame: { left: 60, top: 0, width: 50, height: 50 },
      frames: 2,
    });
    expect(sniffImage(shifted)).toMatchObject({ ok: true, info: { frameOutside: { frame: 1, left: 60, width: 50 } } });
    const inside = craftedGif({
      screen: { width: 100, height: 100 },
      frame: { left: 50, top: 50, width: 50, height: 50 },
      frames: 2,
    });
    const read = sniffImage(inside);
    expect(read.ok && read.info.frameOutside).toBeUndefined();
  });

  it('an animated WebP: the ANMF rectangle, and a bitstream larger than its frame is damaged', () => {
    expect(sniffImage(oversizedWebp())).toMatchObject({
      ok: true,
      info: { width: 100, height: 100, frames: 100, frameOutside: { frame: 1, width: 2048, height: 2048 } },
    });
    const hidden = craftedWebp({
      canvas: { width: 100, height: 100 },
      frame: { width: 100, height: 100 },
      bitstream: { width: 2048, height: 2048 },
      frames: 2,
    });
    expect(sniffImage(hidden)).toMatchObject({
      ok: false,
      problem: 'corrupt',
      detail: 'frame 1 holds a 2048 × 2048 picture in a 100 × 100 frame',
    });
    const offset = craftedWebp({
      canvas: { width: 100, height: 100 },
      frame: { x: 2, y: 2, width: 98, height: 98 },
      frames: 2,
    });
    const read = sniffImage(offset);
    expect(read.ok && read.info.frameOutside).toBeUndefined();
  });

  it('reads the 850 KB GIF of 100 oversized frames in a few milliseconds', () => {
    const gif = oversizedGif();
    const started = performance.now();
    for (let i = 0; i < 10; i++) sniffImage(gif);
    // A generous bound (the walk is ~1 ms here): decoding one of its frames alone takes ~250 ms.
    expect((performance.now() - started) / 10).toBeLessThan(50);
  });
});

describe('the intake rule', () => {
  it('refuses a frame outside the picture, naming the frame, its size and the picture’s (422)', () => {
    expect(checkImageBytes(oversizedGif())).toEqual({
      ok: false,
      problem: {
        status: 422,
        code: 'unprocessable_image',
        title: 'Frames outside the picture',
        message:
          "Frame 1 of this GIF is 4,000 × 4,000 pixels at (0, 0), outside the picture's own 100 × 100: we take animations whose every frame lies inside the picture. Please save it again with an image editor, or try a different image.",
      },
    });
    expect(checkImageBytes(oversizedWebp())).toMatchObject({
      ok: false,
      problem: {
        status: 422,
        message: expect.stringMatching(
          /^Frame 1 of this WebP is 2,048 × 2,048 pixels at \(0, 0\), outside the picture's own 100 × 100/,
        ),
      },
    });
  });

  it('holds an upload (everyFrame) to the tools’ animation limits; the tool routes keep frames=first for it', async () => {
    const still = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
        .webp()
        .toBuffer(),
    );
    const webp = (frames: number) =>
      muxAnimatedWebp(
        { width: 8, height: 8, loops: 0 },
        Array.from({ length: frames }, () => ({ still, delayMs: 40 })),
      );
    expect(checkImageBytes(webp(301), { everyFrame: true })).toEqual({
      ok: false,
      problem: {
        status: 413,
        code: 'payload_too_large',
        title: 'Animation too large',
        message:
          'This animation has 301 frames; the tools take animations of at most 300 frames. Please shorten it, or save its first frame as a still picture.',
      },
    });
    expect(checkImageBytes(webp(300), { everyFrame: true })).toMatchObject({ ok: true });
    expect(checkImageBytes(webp(301))).toMatchObject({ ok: true });
    // Large frames meet the image service's 50 MP in all frames first (every route); small ones the frame limit.
    expect(
      pictureProblem({ format: 'gif', width: 400, height: 500, animated: true, frames: 400 }, { everyFrame: true })
        ?.message,
    ).toMatch(/^This animation has 400 frames/);
    expect(pictureProblem({ format: 'gif', width: 400, height: 500, animated: true, frames: 400 })).toBeNull();
  });
});
