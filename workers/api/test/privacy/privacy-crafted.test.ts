/**
 * Privacy removal on crafted files, one for each place a camera or an editor hides private data: an Olympus APP12
 * "picture info" segment, JFIF and JFXX thumbnails, Kodak's APP3 "Meta" owner and serial, MPF previews after EOI
 * (with their own GPS), EXIF owner and serial tags, maker notes and the IFD1 thumbnail, XMP and extended XMP, IPTC,
 * comments and other makers' segments (between scans and after EOI too), PNG text, time and EXIF chunks, WebP XMP.
 * exiftool reads each file before (the data is there) and after (nothing outside the allow-list is left), the log
 * names what went, the ICC profile and the orientation stay, the picture data is byte for byte the same, and sharp
 * still decodes the result.
 */
import { env } from 'cloudflare:workers';
import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { concat, jpegParts, jpegSegment, pngChunks, webpChunks } from '../../src/imaging/metadata/container';
import { decode } from '../../src/imaging/codecs/decode';
import { encode } from '../../src/imaging/codecs/encode';
import { readHeader } from '../../src/imaging/intake/sniff';
import {
  corpusFile,
  corpusIndex,
  exiftoolAll,
  resultBytes,
  toolRequest,
  type ExiftoolTag,
  type ToolBody,
} from '../support/corpus';
import {
  ascii,
  bin,
  craftJpeg,
  craftPng,
  exifSegment,
  jpegScans,
  mpfSegment,
  rational,
  short,
  tiffBlock,
  undef,
  webpChunk,
} from '../support/metadata-fixtures';
import { leaks } from '../support/privacy-allow-list';
import { syntheticPhoto } from '../support/synthetic';

const ALL = { removeExif: 'true', removeLocation: 'true', removeTimestamp: 'true' };
/** "Remove EXIF" unticked: the camera stays, the location goes, the dates stay. */
const KEEP_CAMERA = { removeExif: 'false', removeLocation: 'true', removeTimestamp: 'false' };

async function protect(bytes: Uint8Array, fields: Record<string, string>) {
  const res = await toolRequest('security', bytes, { operation: 'privacy', ...fields });
  const body = await res.json<ToolBody>();
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.engine).toBe('passthrough');
  return { log: body.privacyLog!, out: await resultBytes(body.imageUrl) };
}

async function exiftool(bytes: Uint8Array): Promise<ExiftoolTag[]> {
  return (await exiftoolAll(bytes))[0]!;
}

const has = (tags: ExiftoolTag[], group: string, tag: string) =>
  tags.find((t) => t.group === group && t.tag === tag)?.value;

/** sharp decodes the file (through the PHOTOS service, which answers its upright picture as a PNG). */
async function sharpSize(bytes: Uint8Array) {
  const res = await env.PHOTOS.fetch('http://photos/reference?op={}', {
    method: 'POST',
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const h = readHeader(new Uint8Array(await res.arrayBuffer()));
  return h && [h.width, h.height];
}

async function samePixels(a: Uint8Array, b: Uint8Array) {
  const [x, y] = [await decode(a, readHeader(a)!), await decode(b, readHeader(b)!)];
  return x.width === y.width && x.height === y.height && x.data.every((v, i) => v === y.data[i]);
}

const photo = await encode(syntheticPhoto(96, 64), 'jpeg', { quality: 80 });
const thumbnail = await encode(syntheticPhoto(16, 12), 'jpeg', { quality: 50 });
const files = (await corpusIndex()) ?? [];
// libjpeg-turbo's test profiles: test1.icc (545 KB) takes nine APP2 segments, test3.icc (28 KB) one chunk.
const corpusIcc = async (name: string) =>
  files.includes(`jpeg/testimages/${name}`) ? corpusFile(`jpeg/testimages/${name}`) : null;
const [bigIcc, icc] = [await corpusIcc('test1.icc'), await corpusIcc('test3.icc')];
/** A profile in APP2 "ICC_PROFILE" segments of at most 65,519 bytes each, numbered as the ICC specification says. */
function iccSegments(profile: Uint8Array): Uint8Array[] {
  const count = Math.ceil(profile.length / 65_519);
  return Array.from({ length: count }, (_, i) =>
    jpegSegment(
      0xe2,
      concat([
        bin(`ICC_PROFILE\0${String.fromCharCode(i + 1, count)}`),
        profile.subarray(i * 65_519, (i + 1) * 65_519),
      ]),
    ),
  );
}
const gps = [
  ascii(0x0001, 'N'),
  rational(0x0002, [51, 1], [30, 1], [0, 1]),
  ascii(0x0003, 'W'),
  rational(0x0004, [0, 1], [7, 1], [0, 1]),
];
const xmp = (body: string) =>
  `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ${body}/></rdf:RDF></x:xmpmeta>`;

describe("JPEG makers' segments, thumbnails and previews", () => {
  it('removes an Olympus APP12 "picture info" segment (capture time, serial number, camera type), and the log names it', async () => {
    const file = craftJpeg(photo, [
      exifSegment(tiffBlock({ ifd0: [ascii(0x010f, 'OLYMPUS OPTICAL CO.,LTD'), ascii(0x0110, 'C2000Z')] })),
      jpegSegment(
        0xec,
        bin('[picture info]\r\nTimeDate=966132004\r\nType=C2000Z\r\nSerial#=000123456\r\nID=OLYMPUS\r\n[end]\r\n'),
      ),
    ]);
    const before = await exiftool(file);
    expect([
      has(before, 'PictureInfo', 'DateTimeOriginal'),
      has(before, 'PictureInfo', 'SerialNumber'),
      has(before, 'PictureInfo', 'CameraType'),
    ]).toEqual(['2000:08:13 02:00:04', '000123456', 'C2000Z']);
    for (const fields of [ALL, KEEP_CAMERA]) {
      const { log, out } = await protect(file, fields);
      const after = await exiftool(out);
      expect(after.filter((t) => t.group === 'PictureInfo')).toEqual([]);
      expect(log.removed).toEqual(expect.arrayContaining(['Camera maker notes (Olympus)', 'Serial number']));
      if (fields === ALL) expect(leaks(after)).toEqual([]);
      // Asked to keep the camera, the make and model stay: the maker's segment goes all the same.
      else expect(has(after, 'IFD0', 'Make')).toBe('OLYMPUS OPTICAL CO.,LTD');
      expect(jpegScans(out)).toEqual(jpegScans(file));
    }
  });

  it('removes JFIF and JFXX thumbnails of the original, keeping the JFIF header', async () => {
    // SOI, then a JFIF header carrying a 2 × 1 RGB thumbnail, then a JFXX extension carrying a JPEG thumbnail.
    const jfif = jpegSegment(0xe0, bin('JFIF\0\x01\x02\x01\0\x48\0\x48\x02\x01\xff\0\0\0\xff\0'));
    const jfxx = jpegSegment(0xe0, concat([bin('JFXX\0\x10'), thumbnail]));
    const rest = photo.subarray(photo[3] === 0xe0 ? 4 + ((photo[4]! << 8) | photo[5]!) : 2);
    const file = concat([photo.subarray(0, 2), jfif, jfxx, rest]);
    const before = await exiftool(file);
    expect(has(before, 'JFIF', 'ThumbnailWidth')).toBe('2');
    expect(has(before, 'JFXX', 'ThumbnailImage')).toMatch(/Binary data/);
    const { log, out } = await protect(file, ALL);
    const after = await exiftool(out);
    expect(leaks(after)).toEqual([]);
    expect([has(after, 'JFIF', 'JFIFVersion'), has(after, 'JFIF', 'XResolution')]).toEqual(['1.02', '72']);
    expect(log.removed).toContain('Thumbnails of the original photo (2)');
    expect(jpegScans(out)).toEqual(jpegScans(file));
    expect(await sharpSize(out)).toEqual([96, 64]);
  });

  it('removes Kodak\'s APP3 "Meta" segment with the camera owner and serial number', async () => {
    const meta = tiffBlock({
      ifd0: [undef(0xc353, bin('ASCII\0\0\0Jane Doe')), undef(0xc354, bin('ASCII\0\0\0KCK12345'))],
    });
    const file = craftJpeg(photo, [jpegSegment(0xe3, concat([bin('Meta\0\0'), meta]))]);
    const before = await exiftool(file);
    expect([has(before, 'MetaIFD', 'CameraOwner'), has(before, 'MetaIFD', 'SerialNumber')]).toEqual([
      'Jane Doe',
      'KCK12345',
    ]);
    const { log, out } = await protect(file, ALL);
    expect(leaks(await exiftool(out))).toEqual([]);
    expect(log.removed).toEqual(['Camera maker notes (Kodak)', 'Owner name', 'Serial number']);
  });

  it('removes MPF previews stored after EOI, with the GPS of their own EXIF, and ends the file at EOI', async () => {
    const preview = craftJpeg(thumbnail, [exifSegment(tiffBlock({ ifd0: [ascii(0x010f, 'Preview Cam')], gps }))]);
    const sized = (photoSize: number, offset: number) =>
      craftJpeg(photo, [mpfSegment(photoSize, offset, preview.length)]);
    const draft = sized(0, 0);
    // The index counts the preview's offset from its own TIFF header, which follows "MPF\0".
    const header =
      draft.findIndex(
        (_, i) => draft[i] === 0x4d && draft[i + 1] === 0x50 && draft[i + 2] === 0x46 && draft[i + 3] === 0,
      ) + 4;
    const file = concat([sized(draft.length, draft.length - header), preview]);
    const before = await exiftool(file);
    expect(has(before, 'MPF0', 'NumberOfImages')).toBe('2');
    expect(has(before, 'GPS', 'GPSLatitude')).toBeTruthy();
    const { log, out } = await protect(file, ALL);
    expect(leaks(await exiftool(out))).toEqual([]);
    expect(log.removed).toContain('A preview image of the original photo');
    expect([...out.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(out.length).toBeLessThan(draft.length);
  });
});

describe('EXIF', () => {
  const block = tiffBlock({
    ifd0: [
      ascii(0x010f, 'Canon'),
      ascii(0x0110, 'Canon EOS 5D'),
      short(0x0112, 6),
      ascii(0x0131, 'Firmware 1.1.1'),
      ascii(0x013b, 'Jane Doe'),
      ascii(0x010e, 'At home'),
    ],
    exif: [
      ascii(0x9003, '2024:01:02 03:04:05'),
      rational(0x829a, [1, 250]),
      ascii(0xa430, 'Jane Doe'),
      ascii(0xa431, 'BODY123'),
      ascii(0xa435, 'LENS456'),
      ascii(0xa420, 'abcdef0123456789abcdef0123456789'),
      // A Canon maker note: an IFD whose tag 0x000C is the camera's serial number.
      undef(0x927c, concat([bin('\0\x01'), bin('\0\x0c\0\x04\0\0\0\x01\x07\x5b\xcd\x15'), bin('\0\0\0\0')])),
    ],
    gps,
    thumbnail,
  });
  const file = craftJpeg(photo, [exifSegment(block)]);

  it('takes owner, serials, unique ID, maker notes, the thumbnail and GPS even when the camera is kept', async () => {
    const before = await exiftool(file);
    for (const [group, tag] of [
      ['ExifIFD', 'OwnerName'],
      ['ExifIFD', 'SerialNumber'],
      ['ExifIFD', 'LensSerialNumber'],
      ['ExifIFD', 'ImageUniqueID'],
      ['Canon', 'SerialNumber'],
      ['IFD1', 'ThumbnailImage'],
      ['GPS', 'GPSLatitude'],
    ]) {
      expect(has(before, group!, tag!), `${group}:${tag} before`).toBeTruthy();
    }
    const { log, out } = await protect(file, KEEP_CAMERA);
    const after = await exiftool(out);
    expect(
      after.filter(
        (t) =>
          /Owner|Serial|UniqueID|Thumbnail|GPS|MakerNote/.test(t.tag) || ['Canon', 'IFD1', 'GPS'].includes(t.group),
      ),
    ).toEqual([]);
    expect([
      has(after, 'IFD0', 'Make'),
      has(after, 'IFD0', 'Model'),
      has(after, 'IFD0', 'Orientation'),
      has(after, 'ExifIFD', 'DateTimeOriginal'),
      has(after, 'ExifIFD', 'ExposureTime'),
    ]).toEqual(['Canon', 'Canon EOS 5D', 'Rotate 90 CW', '2024:01:02 03:04:05', '1/250']);
    expect(log.removed).toEqual([
      'GPS location',
      'Other EXIF tags (1)',
      'Camera maker notes (Canon)',
      'Serial number',
      'Lens serial number',
      'Owner name',
      'Unique image ID',
      'A thumbnail of the original photo',
    ]);
    expect(log.preserved).toEqual(
      expect.arrayContaining([
        'Capture date and time',
        'Camera make and model',
        'Camera settings',
        'Software',
        'Author and copyright',
      ]),
    );
    expect(readHeader(out)?.orientation).toBe(6);
    expect(jpegScans(out)).toEqual(jpegScans(file));
  });

  it('keeps only the orientation when everything is to go', async () => {
    const { log, out } = await protect(file, ALL);
    const after = await exiftool(out);
    expect(leaks(after)).toEqual([]);
    expect(has(after, 'IFD0', 'Orientation')).toBe('Rotate 90 CW');
    expect(log.actions).toContain('Kept only the orientation tag (6), so the photo still shows upright.');
    expect(log.removed).toEqual(
      expect.arrayContaining([
        'GPS location',
        'Date and time tags (1)',
        'Camera, settings and other EXIF tags (6)',
        'Camera maker notes (Canon)',
      ]),
    );
    expect(await sharpSize(out)).toEqual([64, 96]);
  });
});

describe.skipIf(!bigIcc)('everything else a JPEG can carry, anywhere in the file', () => {
  it("keeps the ICC profile, the orientation and the scans byte for byte; XMP, IPTC, comments, makers' segments and trailers go", async () => {
    const progressive = await encode(syntheticPhoto(96, 64), 'jpeg', { quality: 80 });
    const guid = '0123456789ABCDEF0123456789ABCDEF';
    const extended = xmp(
      'xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.0N" exif:GPSLongitude="0,7.0W"',
    );
    const extLength = new Uint8Array(8);
    new DataView(extLength.buffer).setUint32(0, extended.length);
    // A Photoshop resource 0x0404 (IPTC) holding 2:80 By-line, padded to an even length.
    const iptc = bin('8BIM\x04\x04\0\0\0\0\0\x0d\x1c\x02\x50\0\x08Jane Doe\0');
    const file = craftJpeg(
      progressive,
      [
        exifSegment(tiffBlock({ ifd0: [ascii(0x010f, 'Samsung'), short(0x0112, 6)], gps })),
        ...iccSegments(bigIcc!),
        jpegSegment(
          0xe1,
          bin(
            `http://ns.adobe.com/xap/1.0/\0${xmp(`xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmpNote="http://ns.adobe.com/xmp/note/" xmpNote:HasExtendedXMP="${guid}" dc:format="image/jpeg"`)}`,
          ),
        ),
        jpegSegment(0xe1, concat([bin(`http://ns.adobe.com/xmp/extension/\0${guid}`), extLength, bin(extended)])),
        jpegSegment(0xed, concat([bin('Photoshop 3.0\0'), iptc])),
        jpegSegment(0xfe, bin('Taken at 12 Acacia Avenue')),
        jpegSegment(0xec, bin('Ducky\0\x01\0\x04\0\0\0\x46\0\0')),
        jpegSegment(0xe5, bin('ssuniqueid\0A1B2C3D4E5')),
        jpegSegment(0xe6, bin('TDHD\x01\0\0\0\0\0\0\0\0\0\0\0')),
        jpegSegment(0xe7, bin('\x1aQualcomm Camera Attributes\0\0\0\0')),
        jpegSegment(0xeb, bin('JP\0\x01\0\0\0\x01\0\0\0\x10jumb')),
        jpegSegment(0xef, bin('Q 85')),
      ],
      [
        jpegSegment(0xfe, bin('A comment between the scans')),
        jpegSegment(0xe9, bin('Media Jukebox\0\0\0\0\0\0\0\0\0')),
      ],
      bin('SECRET TRAILER'),
    );
    const before = await exiftool(file);
    const groups = new Set(before.map((t) => t.group));
    for (const g of ['XMP-xmpNote', 'XMP-exif', 'IPTC', 'Ducky', 'GPS', 'ICC_Profile'])
      expect(groups.has(g), `${g} before`).toBe(true);
    expect(has(before, 'File', 'Comment')).toBeTruthy();

    const { log, out } = await protect(file, ALL);
    const after = await exiftool(out);
    expect(leaks(after)).toEqual([]);
    expect(has(after, 'ICC_Profile', 'ProfileDescription')).toBe('Test profile, not suitable for real use');
    // All nine parts of the profile, as they were.
    const profileParts = (b: Uint8Array) =>
      concat(
        jpegParts(b)!
          .parts.filter((p) => p.marker === 0xe2)
          .map((p) => b.subarray(p.start, p.end)),
      );
    expect(profileParts(out)).toEqual(concat(iccSegments(bigIcc!)));
    expect(has(after, 'IFD0', 'Orientation')).toBe('Rotate 90 CW');
    expect(jpegScans(out)).toEqual(jpegScans(file));
    expect([...out.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(await samePixels(out, file)).toBe(true);
    expect(await sharpSize(out)).toEqual([64, 96]);
    expect(log.removed).toEqual(
      expect.arrayContaining([
        'GPS location',
        'XMP metadata',
        'IPTC / Photoshop metadata',
        'Comments (2)',
        "Photoshop 'Save for Web' notes (Ducky)",
        'Camera maker notes (Samsung)',
        'Unique image ID',
        'Camera maker notes (HP)',
        'Camera maker notes (Qualcomm)',
        'Content credentials (C2PA / JUMBF)',
        'Other embedded data (2)',
        'Data stored after the end of the picture',
      ]),
    );
    expect(log.preserved).toEqual(expect.arrayContaining(['Image pixels (not re-encoded)', 'ICC colour profile']));
  });
});

describe.skipIf(!icc)('PNG and WebP', () => {
  const exif = () =>
    tiffBlock({
      ifd0: [ascii(0x010f, 'Memeforge Cam'), short(0x0112, 6), ascii(0x0132, '2024:01:02 03:04:05')],
      gps,
      littleEndian: true,
    });

  it("keeps a PNG's pixels, colour and orientation; text, XMP, tIME, EXIF tags and unknown chunks go", async () => {
    const png = await encode(syntheticPhoto(32, 24), 'png', { quality: 100 });
    const file = craftPng(png, [
      ['iCCP', concat([bin('ICC profile\0\0'), zlibSync(icc!)])],
      ['eXIf', exif()],
      ['tEXt', bin('Author\0Jane Doe')],
      ['zTXt', concat([bin('Comment\0\0'), zlibSync(bin('Taken at 12 Acacia Avenue'))])],
      [
        'iTXt',
        bin(`XML:com.adobe.xmp\0\0\0\0\0${xmp('xmlns:dc="http://purl.org/dc/elements/1.1/" dc:format="image/png"')}`),
      ],
      ['tIME', bin('\x07\xe8\x01\x02\x03\x04\x05')],
      ['prVt', bin('secret')],
    ]);
    const before = await exiftool(file);
    expect(
      [has(before, 'PNG', 'Author'), has(before, 'PNG', 'ModifyDate'), has(before, 'GPS', 'GPSLatitude')].every(
        Boolean,
      ),
    ).toBe(true);

    const { log, out } = await protect(file, ALL);
    const after = await exiftool(out);
    expect(leaks(after)).toEqual([]);
    expect(has(after, 'IFD0', 'Orientation')).toBe('Rotate 90 CW');
    expect(after.some((t) => t.group.startsWith('ICC'))).toBe(true);
    const idat = (b: Uint8Array) =>
      concat(
        pngChunks(b)!
          .filter((c) => c.type === 'IDAT')
          .map((c) => c.raw),
      );
    expect(idat(out)).toEqual(idat(file));
    expect(log.removed).toEqual(
      expect.arrayContaining([
        'GPS location',
        'Date and time tags (1)',
        'Camera, settings and other EXIF tags (1)',
        'Text notes (2)',
        'XMP metadata',
        'Modification time (tIME)',
        'Other embedded data (1)',
      ]),
    );
    // sharp turns it by the orientation the eXIf chunk still holds.
    expect(await sharpSize(out)).toEqual([24, 32]);

    // With the default choices the dates stay: the EXIF date and the tIME chunk.
    const kept = await exiftool((await protect(file, {})).out);
    expect(leaks(kept, { dates: true })).toEqual([]);
    expect([has(kept, 'IFD0', 'ModifyDate'), has(kept, 'PNG', 'ModifyDate')].every(Boolean)).toBe(true);
  });

  it("keeps a WebP's picture and ICC profile; XMP, EXIF tags and text chunks go, and the VP8X flags follow", async () => {
    const simple = await encode(syntheticPhoto(64, 48), 'webp', { quality: 80 });
    const vp8 = webpChunks(simple)![0]!;
    const vp8x = webpChunk('VP8X', bin('\x2c\0\0\0\x3f\0\0\x2f\0\0'));
    const parts = [
      vp8x,
      webpChunk('ICCP', icc!),
      vp8,
      webpChunk('EXIF', exif()),
      webpChunk('XMP ', bin(xmp('xmlns:dc="http://purl.org/dc/elements/1.1/" dc:format="image/webp"'))),
      webpChunk('ICMT', bin('Taken at home\0')),
    ];
    const body = concat(parts.map((c) => c.raw));
    const file = concat([bin('RIFF'), new Uint8Array(new Uint32Array([body.length + 4]).buffer), bin('WEBP'), body]);
    const before = await exiftool(file);
    expect([has(before, 'GPS', 'GPSLatitude'), before.some((t) => t.group.startsWith('XMP'))].every(Boolean)).toBe(
      true,
    );

    const { log, out } = await protect(file, ALL);
    const after = await exiftool(out);
    expect(leaks(after)).toEqual([]);
    expect(webpChunks(out)!.map((c) => c.type)).toEqual(['VP8X', 'ICCP', 'VP8 ', 'EXIF']);
    expect(out[20]! & 0x2c).toBe(0x28); // ICC and EXIF flagged, XMP not
    expect(webpChunks(out)![2]!.raw).toEqual(vp8.raw);
    expect(log.removed).toEqual(expect.arrayContaining(['GPS location', 'XMP metadata', 'Text notes (1)']));
    expect(await sharpSize(out)).toEqual([48, 64]);
  });
});

it('leaves the file as it was when no box is ticked', async () => {
  const file = craftJpeg(photo, [jpegSegment(0xfe, bin('hello'))]);
  const { log, out } = await protect(file, { removeExif: 'false', removeLocation: 'false', removeTimestamp: 'false' });
  expect(out).toEqual(file);
  expect(log.removed).toEqual([]);
  expect(log.actions).toEqual(['Nothing was chosen for removal; the file is unchanged.']);
});
