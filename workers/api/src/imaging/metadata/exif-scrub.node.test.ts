import { describe, expect, it } from 'vitest';
import { ascii, bin, rational, short, tiffBlock, undef } from '../../../test/support/metadata-fixtures';
import { rebuildExif } from './exif-scrub';

const ALL_GO = { time: false, location: false, camera: false };
const DEFAULTS = { time: true, location: false, camera: false };
const KEEP_CAMERA = { time: true, location: false, camera: true };

const contains = (hay: Uint8Array, text: string) => {
  const needle = bin(text);
  return hay.some((_, i) => needle.every((b, j) => hay[i + j] === b));
};

/** The tags of a rebuilt block's directories, read back with a minimal reader (IFD0, then Exif and GPS). */
function tagsOf(tiff: Uint8Array) {
  const le = tiff[0] === 0x49;
  const v = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const dir = (at: number) =>
    Array.from({ length: v.getUint16(at, le) }, (_, i) => ({
      tag: v.getUint16(at + 2 + i * 12, le),
      value: v.getUint32(at + 10 + i * 12, le),
    }));
  const ifd0 = dir(v.getUint32(4, le));
  const sub = (tag: number) => {
    const e = ifd0.find((x) => x.tag === tag);
    return e ? dir(e.value).map((x) => x.tag) : [];
  };
  return { ifd0: ifd0.map((x) => x.tag), exif: sub(0x8769), gps: sub(0x8825) };
}

const camera = (littleEndian = false) =>
  tiffBlock({
    littleEndian,
    ifd0: [
      ascii(0x010f, 'Canon'),
      ascii(0x0110, 'EOS'),
      short(0x0112, 8),
      ascii(0x0132, '2024:01:02 03:04:05'),
      ascii(0x010e, 'Jane at home'),
      ascii(0x013b, 'Jane Doe'),
    ],
    exif: [
      ascii(0x9003, '2024:01:02 03:04:05'),
      rational(0x829a, [1, 60]),
      ascii(0xa430, 'Jane Owner'),
      ascii(0xa431, 'BODY-SERIAL'),
      ascii(0xa435, 'LENS-SERIAL'),
      undef(0x927c, bin('maker note with a SECRET inside')),
      ascii(0x9286, 'A user comment'),
    ],
    gps: [ascii(0x0001, 'N'), rational(0x0002, [51, 1], [30, 1], [0, 1]), ascii(0x001d, '2024:01:02')],
    thumbnail: bin('\xff\xd8THUMBNAIL\xff\xd9'),
  });

describe('rebuildExif', () => {
  it('keeps only the orientation when everything is to go, and no byte of what went', () => {
    const { tiff, report } = rebuildExif(camera(), ALL_GO);
    expect(tagsOf(tiff!)).toEqual({ ifd0: [0x0112], exif: [], gps: [] });
    for (const secret of ['Canon', 'Jane', 'SERIAL', 'SECRET', 'THUMBNAIL', '2024'])
      expect(contains(tiff!, secret), secret).toBe(false);
    expect(report.orientation).toBe(8);
    expect(Object.fromEntries(report.removed)).toEqual({
      device: 2,
      time: 3,
      other: 2,
      author: 1,
      settings: 1,
      owner: 1,
      serial: 1,
      lensSerial: 1,
      makerNote: 1,
      location: 2,
    });
    expect(report.thumbnail).toBe(true);
    expect(report.make).toBe('Canon');
  });

  it('keeps the dates with the default choices, and the camera when asked, but never owner, serials or maker notes', () => {
    expect(tagsOf(rebuildExif(camera(), DEFAULTS).tiff!)).toEqual({
      ifd0: [0x0112, 0x0132, 0x8769],
      exif: [0x9003],
      gps: [],
    });
    const kept = rebuildExif(camera(true), KEEP_CAMERA);
    expect(tagsOf(kept.tiff!)).toEqual({
      ifd0: [0x010f, 0x0110, 0x0112, 0x0132, 0x013b, 0x8769],
      exif: [0x829a, 0x9003],
      gps: [],
    });
    expect(kept.tiff![0]).toBe(0x49); // the source's byte order
    expect([...kept.report.kept].sort()).toEqual(['author', 'device', 'orientation', 'settings', 'time']);
    for (const secret of ['Jane at home', 'Jane Owner', 'SERIAL', 'SECRET', 'A user comment'])
      expect(contains(kept.tiff!, secret), secret).toBe(false);
  });

  it('keeps GPS when the location stays, without its date stamp when the dates go', () => {
    const { tiff } = rebuildExif(camera(), { time: false, location: true, camera: false });
    expect(tagsOf(tiff!).gps).toEqual([0x0001, 0x0002]);
  });

  it('writes no block for an upright picture with nothing kept', () => {
    const upright = tiffBlock({ ifd0: [short(0x0112, 1), ascii(0x010f, 'Nikon')] });
    expect(rebuildExif(upright, ALL_GO).tiff).toBeNull();
    expect(rebuildExif(upright, ALL_GO).report.kept.size).toBe(0);
  });

  it('survives hostile blocks: wrong byte order, values outside the block, loops and huge counts', () => {
    expect(rebuildExif(bin('XX\0*\0\0\0\x08'), ALL_GO)).toMatchObject({ tiff: null, report: { damaged: true } });
    // IFD0 with an entry whose value points far outside, one with a count of 4 billion, and an Exif IFD pointing at IFD0.
    const hostile = bin(
      'MM\0*\0\0\0\x08\0\x04' +
        '\x01\x0f\0\x02\0\0\0\x10\x7f\xff\xff\xff' +
        '\x01\x10\0\x02\xff\xff\xff\xff\0\0\0\x08' +
        '\x01\x12\0\x03\0\0\0\x01\0\x06\0\0' +
        '\x87\x69\0\x04\0\0\0\x01\0\0\0\x08' +
        '\0\0\0\0',
    );
    const { tiff, report } = rebuildExif(hostile, ALL_GO);
    expect(tagsOf(tiff!)).toEqual({ ifd0: [0x0112], exif: [], gps: [] });
    expect(report.removed.get('device')).toBe(2);
  });
});
