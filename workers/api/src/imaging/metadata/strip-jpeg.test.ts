import { describe, expect, it } from 'vitest';
import { bin } from '../../../test/support/metadata-fixtures';
import { concat, jpegParts, jpegSegment } from './container';
import { stripJpeg } from './strip-jpeg';

const ALL_GO = { time: false, location: false, camera: false };

// The structure of a two-scan JPEG (not a decodable picture): tables, a frame, scans whose entropy-coded data holds a
// stuffed 0xFF00 and restart markers, a comment and an APP1 between the scans, fill bytes before EOI, and a trailer.
const scan1 = concat([jpegSegment(0xda, bin('\x01\x01\0\0\x3f\0')), bin('\x12\xff\x00\x34\xff\xd0\x56\xff\xd1\x78')]);
const scan2 = concat([jpegSegment(0xda, bin('\x01\x01\0\x01\x3f\0')), bin('\x9a\xff\x00\xbc')]);
const head = [
  jpegSegment(0xe0, bin('JFIF\0\x01\x01\0\0\x01\0\x01\0\0')),
  jpegSegment(0xfe, bin('a comment')),
  jpegSegment(0xdb, bin('\0' + '\x01'.repeat(64))),
  jpegSegment(0xc2, bin('\x08\0\x10\0\x10\x01\x01\x11\0')),
  jpegSegment(0xc4, bin('\0' + '\0'.repeat(16))),
  jpegSegment(0xdd, bin('\0\x04')),
];
const between = [
  jpegSegment(0xfe, bin('between the scans')),
  jpegSegment(0xe1, bin('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>')),
];
const file = concat([
  bin('\xff\xd8'),
  ...head,
  scan1,
  ...between,
  jpegSegment(0xc4, bin('\x10' + '\0'.repeat(16))),
  scan2,
  bin('\xff\xff\xff\xd9'),
  bin('TRAILER'),
]);

describe('jpegParts', () => {
  it('walks segments, scans (restart markers and stuffed bytes included), fill bytes and EOI, and stops there', () => {
    const parsed = jpegParts(file)!;
    expect(parsed.parts.map((p) => p.marker.toString(16))).toEqual([
      'e0',
      'fe',
      'db',
      'c2',
      'c4',
      'dd',
      'da',
      'fe',
      'e1',
      'c4',
      'da',
      'd9',
    ]);
    const scans = parsed.parts.filter((p) => p.marker === 0xda);
    expect(scans.map((p) => file.subarray(p.start, p.end))).toEqual([scan1, scan2]);
    expect(file.subarray(parsed.end)).toEqual(bin('TRAILER'));
  });

  it('ends a file cut off inside a scan with that scan, and refuses what is not a JPEG', () => {
    const cut = file.subarray(0, file.indexOf(0x56));
    const parsed = jpegParts(cut)!;
    expect(parsed.parts.at(-1)).toMatchObject({ marker: 0xda, end: cut.length });
    expect(jpegParts(bin('\xff\xd8\x00\x00'))).toBeNull();
    expect(jpegParts(bin('GIF89a'))).toBeNull();
  });
});

describe('stripJpeg', () => {
  it('keeps the structure and the scans byte for byte, and drops comments, XMP between the scans and the trailer', () => {
    const { bytes, removed } = stripJpeg(file, ALL_GO);
    const expected = concat([
      bin('\xff\xd8'),
      head[0]!,
      ...head.slice(2),
      scan1,
      jpegSegment(0xc4, bin('\x10' + '\0'.repeat(16))),
      scan2,
      bin('\xff\xd9'),
    ]);
    expect(bytes).toEqual(expected);
    expect(removed.list()).toEqual(['Comments (2)', 'XMP metadata', 'Data stored after the end of the picture']);
  });
});
