import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cicpProfile } from './icc-cicp';

/** The three s15Fixed16 numbers of an XYZ tag, and a tag's bytes, read from a profile by its tag table. */
function tag(icc: Uint8Array, name: string): Uint8Array {
  const dv = new DataView(icc.buffer, icc.byteOffset, icc.byteLength);
  for (let i = 0; i < dv.getUint32(128); i++) {
    const at = 132 + 12 * i;
    if (String.fromCharCode(...icc.subarray(at, at + 4)) === name)
      return icc.subarray(dv.getUint32(at + 4), dv.getUint32(at + 4) + dv.getUint32(at + 8));
  }
  throw new Error(`no ${name} tag`);
}
const xyz = (t: Uint8Array) => [8, 12, 16].map((o) => new DataView(t.buffer, t.byteOffset).getInt32(o) / 65536);

describe('an ICC profile for colour code points (nclx)', () => {
  it("gives Display P3 the primaries libvips' own Display P3 profile has", async () => {
    const vips = (
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#808080' } })
        .withIccProfile('p3')
        .png()
        .toBuffer()
        .then((b) => sharp(b).metadata())
    ).icc!;
    const ours = cicpProfile(12, 13)!;
    for (const column of ['rXYZ', 'gXYZ', 'bXYZ', 'wtpt']) {
      const [a, b] = [xyz(tag(ours, column)), xyz(tag(new Uint8Array(vips), column))];
      a.forEach((v, i) => expect(Math.abs(v - b[i]!), `${column}[${i}]: ${v} vs ${b[i]}`).toBeLessThan(0.0015));
    }
    expect(new TextDecoder('utf-16be').decode(tag(ours, 'desc').subarray(28))).toBe('Display P3');
    expect(ours.length).toBe(new DataView(ours.buffer).getUint32(0));
  });

  // How libvips converts with it, beside its own Display P3: local-images/server.test.ts.
  it('is the same bytes every time, and names Rec. 2020 for primaries 9', () => {
    expect(cicpProfile(12, 13)).toEqual(cicpProfile(12, 13));
    expect(new TextDecoder('utf-16be').decode(tag(cicpProfile(9, 1)!, 'desc').subarray(28))).toBe('Rec. 2020');
  });

  it('makes none for sRGB (BT.709 or unspecified primaries) or for what a curve cannot say (PQ, HLG)', () => {
    expect(cicpProfile(1, 13)).toBeNull();
    expect(cicpProfile(2, 2)).toBeNull();
    expect(cicpProfile(12, 16)).toBeNull();
    expect(cicpProfile(9, 18)).toBeNull();
    expect(cicpProfile(12, 2)).toEqual(cicpProfile(12, 13));
  });
});
