import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { box, heifFile, ispe } from '../../../scripts/lib/heif-boxes';
import { heifEnc, makeHeic } from '../../../scripts/lib/make-heic';
import { cicpProfile } from '../icc-cicp';
import { heifColour, heifProfile, heifWithoutColour } from './heif-colour';
import { readHeic } from './heic';

const nclx = (primaries: number, transfer: number, matrix = 6) =>
  box('colr', [...Buffer.from('nclx'), 0, primaries, 0, transfer, 0, matrix, 0x80]);
const prof = (icc: number[]) => box('colr', [...Buffer.from('prof'), ...icc]);

/** A HEIF header whose item 1 (primary) has properties `own` (1-based, 0x80 = essential) besides its ispe; item 2 `other`. */
const heif = (properties: number[][], own: number[], other: number[] = []) =>
  heifFile(
    [ispe(64, 32), ...properties],
    [[1, [1, ...own]], ...(other.length ? [[2, other] as [number, number[]]] : [])],
  );

describe('the colour of a HEIF picture', () => {
  it('reads nclx code points, and makes Display P3 of primaries 12 with the sRGB transfer', () => {
    const file = heif([nclx(12, 13)], [2]);
    expect(heifColour(file)).toEqual({ icc: null, nclx: { primaries: 12, transfer: 13, matrix: 6, fullRange: true } });
    expect(heifProfile(file)).toEqual(cicpProfile(12, 13));
    // BT.709 primaries with the sRGB transfer are sRGB: nothing to carry.
    expect(heifProfile(heif([nclx(1, 13)], [2]))).toBeNull();
  });

  it("prefers an ICC profile to code points, as libheif and browsers do, and reads the primary item's own", () => {
    const icc = Array.from({ length: 200 }, (_, i) => i);
    const file = heif([nclx(12, 13), prof(icc), prof([9, 9, 9])], [2, 3], [4]);
    expect(heifColour(file).icc).toEqual(new Uint8Array(icc));
    expect(heifProfile(file)).toEqual(new Uint8Array(icc));
  });

  it("falls back to the file's colr where the primary item has none (a grid whose tiles carry it)", () => {
    expect(heifColour(heif([nclx(12, 13)], [], [2])).nclx?.primaries).toBe(12);
  });

  it('makes the values read as sRGB in place: an ICC box becomes free space, its essential flag cleared; nclx keeps matrix and range', () => {
    const file = heif([nclx(12, 13, 1), prof(Array.from({ length: 140 }, () => 7))], [0x82, 0x83]);
    const out = heifWithoutColour(file)!;
    expect(out.length).toBe(file.length);
    expect(heifColour(out)).toEqual({ icc: null, nclx: { primaries: 1, transfer: 13, matrix: 1, fullRange: true } });
    expect(heifProfile(out)).toBeNull();
    expect(Buffer.from(out).includes('free')).toBe(true);
    // The ipma entry: the nclx (2) stays essential, the freed box (3) no longer is.
    const entry = Buffer.from(out).indexOf('ipma') + 4 + 4 + 4 + 2;
    expect([...out.subarray(entry, entry + 4)]).toEqual([3, 1, 0x82, 0x03]);
    // The header reader still reads it.
    expect(readHeic(out, { maxPixels: 1e6 })).toEqual({ width: 64, height: 32, orientation: 1 });
  });

  it('says nothing of a file it cannot walk, or of one that names no colour', () => {
    expect(heifColour(new Uint8Array(40))).toEqual({ icc: null, nclx: null });
    expect(heifWithoutColour(new Uint8Array(40))).toBeNull();
    expect(heifWithoutColour(heif([], []))).toBeNull();
    expect(heifProfile(heif([nclx(12, 13)], [2]).subarray(0, 60))).toBeNull();
  });
});

describe.skipIf(heifEnc.missing)(
  'an iPhone-style HEIC (Display P3 as an ICC `prof`, made by heif-enc from a tagged JPEG)',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'heif-colour-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const made = (async () => {
      const pixels = Buffer.alloc(96 * 64 * 3);
      for (let i = 0; i < 96 * 64; i++) pixels.set([(i % 96) * 2, 200 - ((i / 96) | 0) * 3, 90], i * 3);
      const jpeg = await sharp(pixels, { raw: { width: 96, height: 64, channels: 3 } })
        .withIccProfile('p3')
        .jpeg({ quality: 95 })
        .toBuffer();
      writeFileSync(join(dir, 'p3.jpg'), jpeg);
      return { heic: makeHeic(join(dir, 'p3.jpg'), 80), icc: (await sharp(jpeg).metadata()).icc! };
    })();

    it("reads the JPEG's profile from the HEIC, as libheif's own heif-info finds it", { timeout: 60_000 }, async () => {
      const { heic, icc } = await made;
      writeFileSync(join(dir, 'p3.heic'), heic);
      expect(execFileSync('heif-info', [join(dir, 'p3.heic')]).toString()).toMatch(/color profile: prof/);
      expect(heifProfile(heic)).toEqual(new Uint8Array(icc));
    });

    it('untagged, decodes to exactly the same values in libheif (WASM and native), which now finds no profile', {
      timeout: 60_000,
    }, async () => {
      const { heic } = await made;
      const plain = heifWithoutColour(heic)!;
      expect(heifProfile(plain)).toBeNull();
      const [a, b] = await Promise.all([heic, plain].map((buffer) => decodeHeic({ buffer })));
      expect(Buffer.compare(Buffer.from(a!.data), Buffer.from(b!.data))).toBe(0);
      writeFileSync(join(dir, 'plain.heic'), plain);
      for (const f of ['p3', 'plain'])
        execFileSync('heif-convert', ['--quiet', join(dir, `${f}.heic`), join(dir, `${f}.png`)]);
      const [x, y] = await Promise.all(
        ['p3', 'plain'].map((f) =>
          sharp(readFileSync(join(dir, `${f}.png`)), { ignoreIcc: true })
            .raw()
            .toBuffer(),
        ),
      );
      expect(Buffer.compare(x!, y!)).toBe(0);
      expect((await sharp(readFileSync(join(dir, 'plain.png'))).metadata()).hasProfile).toBe(false);
    });
  },
);
