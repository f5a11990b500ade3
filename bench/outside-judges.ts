/**
 * The outside judges the auto-quality figures are held to, tools nobody here wrote: libjxl's `ssimulacra_main` and
 * Debian's `butteraugli` on two files, libvips' JPEG at a quality, and the smallest libvips JPEG those judges rate at
 * least as faithful as a given score (ADR 0135, 0140). Used by bench/auto-quality.ts and bench/imaging.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/** The outside judges on two files (any format sharp reads), both turned into plain PNGs first. */
export async function outsideScores(
  original: Uint8Array,
  candidate: Uint8Array,
  butteraugli = false,
): Promise<{ ssimulacra: number; butteraugli?: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'memeforge-bench-'));
  try {
    const a = join(dir, 'a.png');
    const b = join(dir, 'b.png');
    // Both over white and without alpha (an AVIF may carry an opaque alpha plane), as our judge sees them.
    await writeFile(
      a,
      await sharp(original).rotate().flatten({ background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer(),
    );
    await writeFile(
      b,
      await sharp(candidate).rotate().flatten({ background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer(),
    );
    const ssimulacra = Number((await run('ssimulacra_main', [a, b])).stdout.trim());
    return butteraugli
      ? { ssimulacra, butteraugli: Number((await run('butteraugli', [a, b])).stdout.trim()) }
      : { ssimulacra };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** libvips' JPEG of `original` at `quality` (its default settings otherwise), upright and over white. */
export const vipsJpeg = async (original: Uint8Array, quality: number) =>
  new Uint8Array(await sharp(original).rotate().flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer());

/**
 * The smallest libvips JPEG (default settings) whose SSIMULACRA is at most `score`: bisection over quality, then the
 * qualities just below the one found (the score is not strictly monotone in quality).
 */
export async function smallestVipsJpegAtMost(
  original: Uint8Array,
  score: number,
): Promise<{ bytes: number; quality: number; ssimulacra: number } | null> {
  let lo = 10;
  let hi = 100;
  let best: { bytes: number; quality: number; ssimulacra: number } | null = null;
  while (lo <= hi) {
    const q = Math.floor((lo + hi) / 2);
    const out = await vipsJpeg(original, q);
    const s = (await outsideScores(original, out)).ssimulacra;
    if (s <= score) {
      best = { bytes: out.length, quality: q, ssimulacra: s };
      hi = q - 1;
    } else lo = q + 1;
  }
  for (let q = (best?.quality ?? 101) - 1; best && q >= best.quality - 3; q--) {
    const out = await vipsJpeg(original, q);
    const s = (await outsideScores(original, out)).ssimulacra;
    if (s <= score && out.length < best.bytes) best = { bytes: out.length, quality: q, ssimulacra: s };
  }
  return best;
}
