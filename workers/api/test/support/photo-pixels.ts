/** The photo generator's pixels (PHOTOS, node-services.ts): the same bytes for the same size and seed. */

/**
 * Photo-like pixels: soft colour fields, a few hard-edged shapes, fine texture and a little noise, so codecs work on
 * it as on a phone photo (a 12 MP JPEG at q85 is a few MB). Deterministic by seed.
 *
 * Each row first marks which disc (the last one drawn) covers each pixel, testing only the pixels near the disc's
 * chord, with the same test as before; then every pixel is coloured once. The bytes are those of the loop that tested
 * all six discs at every pixel (checked by hash on 907 sizes and seeds, the suite's 12 MP photos among them) at less
 * than half its CPU: 0.7 s instead of 1.6 s for 12 MP (ADR 0202).
 */
export function photoPixels(width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let s = seed >>> 0 || 1;
  const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 16) / 65536;
  const discs = Array.from({ length: 6 }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: (0.05 + rand() * 0.12) * Math.min(width, height),
    c: [rand() * 255, rand() * 255, rand() * 255],
  }));
  // The disc drawn over each pixel of the row, -1 for none.
  const cover = new Int8Array(width);
  for (let y = 0; y < height; y++) {
    const fy = y / height;
    // The row's own terms of the texture, once a row rather than once a pixel (the same numbers).
    const [wave, fade] = [Math.sin(y * 0.037) * 3, Math.cos(y * 0.17)];
    cover.fill(-1);
    discs.forEach((d, k) => {
      const dy = (y - d.y) ** 2;
      const r2 = d.r * d.r;
      if (dy >= r2) return;
      // A pixel past the chord's ends by more than one cannot pass the test; those near them are tested exactly.
      const half = Math.sqrt(r2 - dy);
      const last = Math.min(width - 1, Math.ceil(d.x + half) + 1);
      for (let x = Math.max(0, Math.floor(d.x - half) - 1); x <= last; x++) if ((x - d.x) ** 2 + dy < r2) cover[x] = k;
    });
    for (let x = 0; x < width; x++) {
      const fx = x / width;
      const texture = 10 * Math.sin(x * 0.21 + wave) * fade;
      const disc = cover[x]! < 0 ? undefined : discs[cover[x]!]!.c;
      const r = disc ? disc[0]! + texture : 60 + 150 * fx + texture;
      const g = disc ? disc[1]! + texture : 80 + 120 * fy + texture;
      const b = disc ? disc[2]! + texture : 160 - 100 * fx * fy + texture;
      const n = (rand() - 0.5) * 16;
      const i = (y * width + x) * 3;
      data[i] = Math.max(0, Math.min(255, r + n));
      data[i + 1] = Math.max(0, Math.min(255, g + n));
      data[i + 2] = Math.max(0, Math.min(255, b + n));
    }
  }
  return data;
}
