import type { Raster } from '../../src/imaging/codecs/raster';

/** A photo-like test picture: smooth gradients plus noise, so codecs work as hard as on a real photo. */
export function syntheticPhoto(width: number, height: number, seed = 1, noise = 31): Raster {
  const data = new Uint8ClampedArray(width * height * 4);
  let s = seed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const n = ((s >> 16) & 255) % (noise + 1);
      const i = (y * width + x) * 4;
      data[i] = ((x * 255) / width + n) | 0;
      data[i + 1] = ((y * 255) / height + n) | 0;
      data[i + 2] = (((x + y) * 127) / (width + height) + 64 + n) | 0;
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}
