import { describe, expect, it } from 'vitest';
import { decode } from '../codecs/decode';
import { encode } from '../codecs/encode';
import { embedProfile, readProfile, withoutProfile } from './icc';
import { createRaster, type Raster } from '../codecs/raster';
import { readHeader } from '../intake/sniff';

/** A minimal ICC profile: the header with its data colour space, and one `desc` tag naming it. */
function profile(space: 'RGB ' | 'CMYK' | 'GRAY', name: string): Uint8Array {
  const text = new TextEncoder().encode(name);
  const icc = new Uint8Array(132 + 12 + 12 + text.length);
  const v = new DataView(icc.buffer);
  v.setUint32(0, icc.length);
  icc.set(new TextEncoder().encode(space), 16);
  icc.set(new TextEncoder().encode('acsp'), 36);
  v.setUint32(128, 1);
  v.setUint32(132, 0x64657363); // 'desc'
  v.setUint32(136, 144);
  v.setUint32(140, 12 + text.length);
  icc.set(new TextEncoder().encode('desc'), 144);
  v.setUint32(152, text.length);
  icc.set(text, 156);
  return icc;
}

function picture(): Raster {
  const r = createRaster(40, 30);
  for (let i = 0; i < r.data.length; i += 4) r.data.set([(i * 7) % 255, (i * 3) % 255, 90, 255], i);
  return r;
}

const WIDE = profile('RGB ', 'Wide Gamut Test');

describe('colour profiles in the containers (icc.ts)', () => {
  for (const format of ['jpeg', 'png', 'webp'] as const) {
    it(`${format}: a profile embedded is read back, and taken off again without touching the pixels`, async () => {
      const plain = await encode(picture(), format, { quality: 90 });
      const tagged = embedProfile(plain, format, WIDE, { width: 40, height: 30 });
      expect(readProfile(tagged, format)).toEqual(WIDE);
      const untagged = withoutProfile(tagged, format)!;
      expect(readProfile(untagged, format)).toBeNull();
      // A simple WebP became an extended one to hold the profile; JPEG and PNG are back to the very bytes.
      if (format === 'webp') expect(untagged[20]! & 0x20).toBe(0);
      else expect(untagged).toEqual(plain);
      const [a, b] = [await decode(tagged, readHeader(tagged)!), await decode(untagged, readHeader(untagged)!)];
      expect(b.data).toEqual(a.data);
    });
  }

  it('reads only RGB profiles other than sRGB: CMYK, grey and sRGB ones would be wrong or useless on our RGB files', async () => {
    const plain = await encode(picture(), 'jpeg', { quality: 90 });
    const size = { width: 40, height: 30 };
    expect(readProfile(embedProfile(plain, 'jpeg', profile('CMYK', 'Coated FOGRA39'), size), 'jpeg')).toBeNull();
    expect(readProfile(embedProfile(plain, 'jpeg', profile('GRAY', 'Dot Gain 20%'), size), 'jpeg')).toBeNull();
    expect(readProfile(embedProfile(plain, 'jpeg', profile('RGB ', 'sRGB IEC61966-2.1'), size), 'jpeg')).toBeNull();
  });

  it('leaves a container it cannot walk alone', () => {
    expect(withoutProfile(new Uint8Array([0xff, 0xd8, 0x00, 0x01]), 'jpeg')).toBeNull();
    expect(withoutProfile(new Uint8Array(20), 'gif')).toBeNull();
  });
});
