import { describe, expect, it } from 'vitest';
import {
  animatedKind,
  mayAnimate,
  estimateFromSamples,
  gifDelayMs,
  MOTION_MAX_SIDE,
  MOTION_SHARE_SIDE,
  motionSizes,
  sampleFrames,
  thinFrames,
} from './motion-plan';

const bytes = (s: string, extra: number[] = []) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)).concat(extra));

describe('animatedKind', () => {
  it('knows GIFs of both versions and animated WebPs, and nothing else', () => {
    expect(animatedKind(bytes('GIF89a....'))).toBe('gif');
    expect(animatedKind(bytes('GIF87a....'))).toBe('gif');
    const vp8x = (flags: number) => bytes('RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0', [flags, 0, 0, 0]);
    expect(animatedKind(vp8x(0x02))).toBe('webp');
    expect(animatedKind(vp8x(0x10))).toBeNull(); // alpha only: a still WebP
    expect(animatedKind(bytes('RIFF\0\0\0\0WEBPVP8 \0\0\0\0\0'))).toBeNull();
    expect(animatedKind(bytes('\x89PNG\r\n\x1a\n'))).toBeNull();
    expect(animatedKind(new Uint8Array())).toBeNull();
  });
});

describe('mayAnimate', () => {
  it('skips addresses named as still formats and looks at the rest', () => {
    expect(mayAnimate('/templates/nope-yep.png')).toBe(false);
    expect(mayAnimate('http://x/photo.JPG?v=2')).toBe(false);
    expect(mayAnimate('/templates/disco-dance.gif')).toBe(true);
    expect(mayAnimate('http://x/api/images/abc123')).toBe(true);
    expect(mayAnimate('/pic.webp')).toBe(true);
  });
});

describe('motionSizes', () => {
  it('caps the share copy at 480 px and the original at 1080 px, never enlarging, with even sides', () => {
    const big = motionSizes({ width: 600, height: 400 }, 2); // a 1200 × 800 animation shown at half size
    expect(big.share).toMatchObject({ width: MOTION_SHARE_SIDE, height: 320 });
    expect(big.original).toMatchObject({ width: MOTION_MAX_SIDE, height: 720 });
    const small = motionSizes({ width: 241, height: 161 }, 1);
    expect(small.share).toMatchObject({ width: 242, height: 162 });
    expect(small.original).toEqual(small.share);
  });
});

describe('sampling and estimates', () => {
  it('spreads samples over the animation, first and last included', () => {
    expect(sampleFrames(12, 4)).toEqual([0, 4, 7, 11]);
    expect(sampleFrames(3, 4)).toEqual([0, 1, 2]);
  });

  it('scales the mean sample to every frame plus the header once', () => {
    expect(estimateFromSamples([100, 300], 50, 800)).toBe(800 + 200 * 50);
    expect(estimateFromSamples([], 50, 800)).toBe(800);
  });

  it('keeps the running time when it keeps every n-th frame', () => {
    const delays = [80, 80, 80, 80, 80];
    expect(thinFrames(delays, 2)).toEqual([
      { index: 0, delay: 160 },
      { index: 2, delay: 160 },
      { index: 4, delay: 80 },
    ]);
    expect(thinFrames(delays, 2).reduce((a, f) => a + f.delay, 0)).toBe(400);
  });

  it('writes delays GIF can hold: whole hundredths, 20 ms at least', () => {
    expect(gifDelayMs(80)).toBe(80);
    expect(gifDelayMs(84)).toBe(80);
    expect(gifDelayMs(0)).toBe(20);
  });
});
