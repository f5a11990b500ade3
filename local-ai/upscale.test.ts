import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRgb, type Pixels } from './image';
import { tilesOf, upscale, upscalePixels, type Factor } from './upscale';

/** A smooth picture that differs everywhere (two gradients and a slow wave), so a misplaced tile shows. */
function pattern(width: number, height: number): Pixels {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = 128 + 100 * Math.sin(x / 9) * Math.cos(y / 7);
    }
  }
  return { data, width, height, channels: 3 };
}

describe('upscale tiles', () => {
  it('cover every pixel of the picture exactly once, each with its margin inside the picture', () => {
    for (const [width, height] of [
      [1, 1],
      [256, 256],
      [300, 129],
      [513, 1024],
    ] as const) {
      const hits = new Uint8Array(width * height);
      for (const t of tilesOf(width, height)) {
        expect(t.x0).toBe(Math.max(0, t.tx - 8));
        expect(t.y1).toBe(Math.min(height, t.ty + t.th + 8));
        expect(t.x1).toBeLessThanOrEqual(width);
        for (let y = t.ty; y < t.ty + t.th; y++) for (let x = t.tx; x < t.tx + t.tw; x++) hits[y * width + x]! += 1;
      }
      expect(hits.every((h) => h === 1)).toBe(true);
    }
  });

  it('a 512 px photo is four tiles, so two threads get two each', () => {
    expect(tilesOf(512, 512)).toHaveLength(4);
  });
});

describe('upscale thread pool', () => {
  it('gives the same pixels for a picture of several tiles whether it runs alone or beside another', async () => {
    const a = pattern(300, 40);
    const b = pattern(40, 300);
    const alone = await upscalePixels(a, 2);
    const [together] = await Promise.all([upscalePixels(a, 2), upscalePixels(b, 2)]);
    expect([alone.width, alone.height]).toEqual([600, 80]);
    expect(Buffer.from(together.data).equals(Buffer.from(alone.data))).toBe(true);
  }, 60_000);

  it('places each tile where it belongs: the result is close to a plain enlargement everywhere, seams included', async () => {
    const src = pattern(300, 40);
    const ai = await upscalePixels(src, 2);
    const plain = await decodeRgb(
      await sharp(Buffer.from(src.data), { raw: { width: 300, height: 40, channels: 3 } })
        .resize(600, 80, { kernel: 'cubic' })
        .png()
        .toBuffer(),
    );
    // Per column of the output, every column (the seam between tiles is at 512): a tile put in the wrong place, or
    // a row shifted, would differ by far more. The outermost pixels are left out: the model pads the picture's own
    // edge with zeros, which darkens it whatever the tiling.
    for (let x = 2; x < 598; x++) {
      let diff = 0;
      for (let y = 2; y < 78; y++)
        for (let c = 0; c < 3; c++)
          diff += Math.abs(ai.data[(y * 600 + x) * 3 + c]! - plain.data[(y * 600 + x) * 3 + c]!);
      expect(diff / (76 * 3)).toBeLessThan(8);
    }
  }, 60_000);

  it('a tile that fails in its thread fails the picture, and the pool goes on working', async () => {
    // There is no ×5 model: the thread answers an error for that tile.
    await expect(upscalePixels(pattern(16, 16), 5 as Factor)).rejects.toThrow();
    const png = await upscale(
      await sharp({ create: { width: 20, height: 10, channels: 3, background: '#468' } })
        .png()
        .toBuffer(),
      2,
    );
    expect(await sharp(png).metadata()).toMatchObject({ width: 40, height: 20 });
  }, 60_000);
});
