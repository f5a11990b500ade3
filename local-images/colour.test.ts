import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { cicpProfile } from '../core/images/icc-cicp';
import { heifEnc, makeHeic } from '../scripts/lib/make-heic';
import { withProfile } from './formats';
import { handle } from './server';

// A HEIC's colour (ADR 0153): libheif leaves an iPhone photo's values in Display P3, and the service converts them to
// sRGB as it converts every profiled picture (sharp does for JPEG, PNG and WebP), as the Images binding documents.

/** Soft colour fields, saturated enough that Display P3 read as sRGB looks visibly duller. */
function fields(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      data.set(
        [40 + (x * 200) / width, 220 - (y * 180) / height, 60 + ((x + y) * 150) / (width + height)],
        (y * width + x) * 3,
      );
  }
  return data;
}
const meanDifference = (a: Buffer, b: Buffer) => a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length;
const rgb = (image: Buffer, ignoreIcc = false) =>
  sharp(image, { ignoreIcc }).toColourspace('srgb').removeAlpha().raw().toBuffer();

describe('colour profiles in the offline image service', () => {
  it("converts values in a code-point profile's space to sRGB as libvips converts its own Display P3", async () => {
    const raw = { data: Buffer.alloc(64 * 32 * 4), width: 64, height: 32 };
    const values = fields(64, 32);
    for (let i = 0; i < 64 * 32; i++)
      raw.data.set([values[i * 3]!, values[i * 3 + 1]!, values[i * 3 + 2]!, 255], i * 4);
    const vipsP3 = (
      await sharp(
        await sharp(values, { raw: { width: 64, height: 32, channels: 3 } })
          .withIccProfile('p3')
          .png()
          .toBuffer(),
      ).metadata()
    ).icc!;
    const [ours, theirs] = await Promise.all(
      [cicpProfile(12, 13)!, vipsP3].map(async (icc) => (await withProfile(raw, icc)).removeAlpha().raw().toBuffer()),
    );
    expect(meanDifference(ours!, theirs!)).toBeLessThan(0.5);
    // And they are converted: Display P3 values read as sRGB differ.
    expect(meanDifference(ours!, values)).toBeGreaterThan(3);
  });

  describe.skipIf(heifEnc.missing)('an iPhone-style HEIC (Display P3 as an ICC `prof`)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-images-colour-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('comes out as sRGB that matches a colour-managed decode (native libheif, then libvips with its profile)', {
      timeout: 60_000,
    }, async () => {
      writeFileSync(
        join(dir, 'p3.jpg'),
        await sharp(fields(160, 100), { raw: { width: 160, height: 100, channels: 3 } })
          .withIccProfile('p3')
          .jpeg({ quality: 95 })
          .toBuffer(),
      );
      const heic = makeHeic(join(dir, 'p3.jpg'), 90);
      writeFileSync(join(dir, 'p3.heic'), heic);
      execFileSync('heif-convert', ['--quiet', join(dir, 'p3.heic'), join(dir, 'decoded.png')]);
      const decoded = readFileSync(join(dir, 'decoded.png'));
      const [managed, unmanaged] = await Promise.all([rgb(decoded), rgb(decoded, true)]);

      const body = new FormData();
      body.append('job', JSON.stringify({ steps: [], output: { format: 'png' } }));
      body.append('input', new Blob([heic as Uint8Array<ArrayBuffer>]), 'input');
      const res = await handle(new Request('http://local/run', { method: 'POST', body }));
      expect(res.status).toBe(200);
      const out = Buffer.from(await res.arrayBuffer());
      expect((await sharp(out).metadata()).hasProfile).toBe(false);
      const got = await rgb(out);
      // Read as sRGB, the values would be this far off (what the service answered before ADR 0153).
      expect(meanDifference(unmanaged, managed)).toBeGreaterThan(3);
      expect(meanDifference(got, managed)).toBeLessThan(0.5);
    });
  });
});
