/**
 * What privacy removal removed, in the plain words the Security screen lists: each kind of thing once, with a count
 * where a count helps. Also which camera maker wrote a JPEG application segment, from the signatures ExifTool reads
 * (its JPEG.pm/ExifTool.pm segment table), so "Camera maker notes (Kodak)" names the maker and not a marker number.
 */
import { TiffReader } from '../../../../../core/images/formats/tiff';
import type { ExifKeep, ExifReport } from './exif-scrub';

export const WORDS = {
  location: 'GPS location',
  time: (n: number) => `Date and time tags (${n})`,
  /** With "Remove EXIF": the camera, the settings and whatever else the EXIF block held. */
  camera: (n: number) => `Camera, settings and other EXIF tags (${n})`,
  /** Without it: only what is neither camera nor settings (descriptions, comments, interoperability). */
  otherExif: (n: number) => `Other EXIF tags (${n})`,
  makerNotes: (maker: string | null) => (maker ? `Camera maker notes (${maker})` : 'Camera maker notes'),
  thumbnail: (n: number) => (n === 1 ? 'A thumbnail of the original photo' : `Thumbnails of the original photo (${n})`),
  previews: (n: number) =>
    n === 1 ? 'A preview image of the original photo' : `Preview images of the original photo (${n})`,
  owner: 'Owner name',
  serial: 'Serial number',
  lensSerial: 'Lens serial number',
  uniqueId: 'Unique image ID',
  damagedExif: 'A damaged EXIF block',
  xmp: 'XMP metadata',
  iptc: 'IPTC / Photoshop metadata',
  comment: (n: number) => (n === 1 ? 'A comment' : `Comments (${n})`),
  textNotes: (n: number) => `Text notes (${n})`,
  modified: 'Modification time (tIME)',
  credentials: 'Content credentials (C2PA / JUMBF)',
  ducky: "Photoshop 'Save for Web' notes (Ducky)",
  trailer: 'Data stored after the end of the picture',
  other: (n: number) => `Other embedded data (${n})`,
} as const;

/** The removed list: a label once, its count summed (`render` makes the words from the total). */
export class Removed {
  private readonly items = new Map<string, { n: number; render: (n: number) => string }>();

  add(word: string | ((n: number) => string), n = 1): void {
    if (n <= 0) return;
    const key = typeof word === 'string' ? word : word(0);
    const item = this.items.get(key);
    if (item) item.n += n;
    else this.items.set(key, { n, render: typeof word === 'string' ? () => word : word });
  }

  get size(): number {
    return this.items.size;
  }

  list(): string[] {
    return [...this.items.values()].map((i) => i.render(i.n));
  }
}

const MAKERS: [RegExp, string][] = [
  [/olympus|om digital/i, 'Olympus'],
  [/nikon/i, 'Nikon'],
  [/canon/i, 'Canon'],
  [/sony/i, 'Sony'],
  [/fuji/i, 'Fujifilm'],
  [/panasonic|lumix/i, 'Panasonic'],
  [/samsung/i, 'Samsung'],
  [/apple/i, 'Apple'],
  [/google/i, 'Google'],
  [/huawei/i, 'Huawei'],
  [/xiaomi/i, 'Xiaomi'],
  [/pentax|asahi/i, 'Pentax'],
  [/ricoh/i, 'Ricoh'],
  [/leica/i, 'Leica'],
  [/kodak/i, 'Kodak'],
  [/casio/i, 'Casio'],
  [/minolta|konica/i, 'Minolta'],
  [/hewlett|^hp\b/i, 'HP'],
  [/epson/i, 'Epson'],
  [/sigma/i, 'Sigma'],
  [/^dji/i, 'DJI'],
  [/gopro/i, 'GoPro'],
  [/motorola/i, 'Motorola'],
  [/oneplus/i, 'OnePlus'],
  [/sanyo/i, 'Sanyo'],
  [/agfa/i, 'Agfa'],
  [/polaroid/i, 'Polaroid'],
  [/nokia/i, 'Nokia'],
  [/hasselblad/i, 'Hasselblad'],
  [/^lg\b/i, 'LG'],
];

/** A camera maker's name as people know it, from an EXIF Make ("OLYMPUS IMAGING CORP." → "Olympus"). */
export function makerName(make: string | null): string | null {
  if (!make) return null;
  const known = MAKERS.find(([re]) => re.test(make));
  if (known) return known[1];
  const plain = make.replace(/[^\x20-\x7e]/g, '').trim();
  return plain ? plain.slice(0, 32) : null;
}

/** What an EXIF block lost, in words (whether camera tags were asked to go decides how the count is named). */
export function describeExif(report: ExifReport, removed: Removed, keep: ExifKeep): void {
  const n = (kind: Parameters<ExifReport['removed']['get']>[0]) => report.removed.get(kind) ?? 0;
  if (report.damaged) removed.add(WORDS.damagedExif);
  if (n('location') > 0) removed.add(WORDS.location);
  removed.add(WORDS.time, n('time'));
  if (!keep.camera) removed.add(WORDS.camera, n('device') + n('software') + n('author') + n('settings') + n('other'));
  else removed.add(WORDS.otherExif, n('other'));
  if (n('makerNote') > 0) removed.add(WORDS.makerNotes(makerName(report.make)));
  if (n('serial') > 0) removed.add(WORDS.serial);
  if (n('lensSerial') > 0) removed.add(WORDS.lensSerial);
  if (n('owner') > 0) removed.add(WORDS.owner);
  if (n('uniqueId') > 0) removed.add(WORDS.uniqueId);
  if (report.thumbnail) removed.add(WORDS.thumbnail);
}

const ascii = (b: Uint8Array, n = 40) => String.fromCharCode(...b.subarray(0, n));

/** Kodak's APP3 "Meta" directory: a TIFF whose tags 0xC353 and 0xC354 are the camera owner and serial number. */
function kodakMeta(payload: Uint8Array, removed: Removed): void {
  try {
    const tags = new TiffReader(payload.subarray(6)).firstIfd();
    if (tags.has(0xc353)) removed.add(WORDS.owner);
    if (tags.has(0xc354)) removed.add(WORDS.serial);
  } catch {
    // A damaged directory goes all the same; there is just nothing more to name.
  }
}

/**
 * Names a JPEG segment that privacy removal drops (anything but the picture's structure, its colour profile and its
 * EXIF, which are handled apart). `make` is the EXIF Make, for segments whose writer does not name itself.
 */
export function describeSegment(marker: number, payload: Uint8Array, make: string | null, removed: Removed): void {
  const id = ascii(payload);
  const maker = (name: string) => removed.add(WORDS.makerNotes(name));
  switch (marker) {
    case 0xe0:
      if (id.startsWith('JFXX\0')) return removed.add(WORDS.thumbnail);
      if (/^(II|MM).{4}HEAPJPGM/s.test(id)) return maker('Canon');
      break;
    case 0xe1:
      if (
        id.startsWith('http://ns.adobe.com/') ||
        id.startsWith('XMP\0') ||
        /<x:xmpmeta|<\?xpacket/.test(ascii(payload, 512))
      )
        return removed.add(WORDS.xmp);
      if (/^.{0,4}exif\0/is.test(id)) return removed.add(WORDS.damagedExif);
      if (id.startsWith('QVCI\0')) return maker('Casio');
      if (id.startsWith('FLIR\0')) return maker('FLIR');
      if (id.startsWith('PARROT\0')) return maker('Parrot');
      break;
    case 0xe2:
      if (id.startsWith('MPF\0')) return; // its pictures follow EOI and are named as previews there
      if (id.startsWith('FPXR\0')) return maker('FlashPix extension');
      if (/^....IJPEG\0/s.test(id)) return maker('InfiRay');
      if (/^(|QVGA\0|BGTH)\xff\xd8\xff/.test(id)) return removed.add(WORDS.previews);
      break;
    case 0xe3:
      if (/^(Meta|META|Exif)\0\0/.test(id)) {
        maker('Kodak');
        return kodakMeta(payload, removed);
      }
      if (id.startsWith('\xff\xd8\xff')) return removed.add(WORDS.previews);
      break;
    case 0xe4:
      if (id.startsWith('SCALADO\0')) return maker('Scalado');
      if (id.startsWith('FPXR\0')) return maker('FlashPix extension');
      if (id.startsWith('\xaa\x55\x12\x06')) return maker('DJI');
      break;
    case 0xe5:
      if (id.startsWith('RMETA\0')) return maker('Ricoh');
      if (id.startsWith('ssuniqueid\0')) {
        maker('Samsung');
        return removed.add(WORDS.uniqueId);
      }
      break;
    case 0xe6:
      if (id.startsWith('EPPIM\0')) return maker('Toshiba');
      if (id.startsWith('TDHD')) return maker('HP');
      if (id.startsWith('GoPro\0')) return maker('GoPro');
      if (id.startsWith('DTAT\0')) return maker('DJI');
      break;
    case 0xe7:
      if (id.startsWith('PENTAX ')) return maker('Pentax');
      if (id.startsWith('HUAWEI\0')) return maker('Huawei');
      if (id.startsWith('\x1aQualcomm')) return maker('Qualcomm');
      break;
    case 0xea:
      if (id.startsWith('UNICODE\0')) return removed.add(WORDS.comment);
      break;
    case 0xeb:
      if (id.startsWith('JP')) return removed.add(WORDS.credentials);
      break;
    case 0xec:
      if (id.startsWith('Ducky')) return removed.add(WORDS.ducky);
      // Anything else in APP12 is ExifTool's "Picture Info": text with the capture time, camera type and serial.
      removed.add(WORDS.makerNotes(makerName(make)));
      if (/serial/i.test(ascii(payload, 4096))) removed.add(WORDS.serial);
      return;
    case 0xed:
      return removed.add(WORDS.iptc);
    case 0xfe:
      return removed.add(WORDS.comment);
  }
  removed.add(WORDS.other);
}
