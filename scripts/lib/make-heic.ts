import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real HEIC made at test time, never committed (ADR 0132): Debian's `heif-enc` (libheif-examples, installed by
 * .ci/run) encodes a JPEG with x265 and carries its EXIF over, GPS included, as an iPhone's photo holds it. `missing`
 * says why a test skips where the program is absent.
 */
export const heifEnc: { missing?: string } = (() => {
  try {
    execFileSync('heif-enc', ['--help'], { stdio: 'ignore' });
    return {};
  } catch (err) {
    // heif-enc --help exits 0 on Debian; an exit code alone still means the program ran.
    return (err as { status?: number }).status !== undefined
      ? {}
      : { missing: 'skipped: heif-enc is not installed (libheif-examples)' };
  }
})();

const made = new Map<string, Uint8Array>();

/** The JPEG at `jpegPath` as a HEIC (quality 0–100); x265 takes seconds, so each is made once a process. */
export function makeHeic(jpegPath: string, quality = 60): Uint8Array {
  const key = `${jpegPath}@${quality}`;
  const known = made.get(key);
  if (known) return known.slice();
  const dir = mkdtempSync(join(tmpdir(), 'heic-'));
  try {
    const out = join(dir, 'photo.heic');
    execFileSync('heif-enc', ['-q', String(quality), '-o', out, jpegPath], { stdio: 'ignore' });
    const bytes = new Uint8Array(readFileSync(out));
    made.set(key, bytes);
    return bytes.slice();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
