/**
 * Files people send that we recognise but do not take: named by what they are, so a JPEG XL is refused as a JPEG XL
 * ("JPEG XL pictures are not accepted yet") rather than as "not an image", and a list of refused files gives each one
 * its own reason. Recognised from the first bytes only, as the accepted formats are (sniff.ts); nothing here is read
 * further or decoded. Signatures: each format's own specification (JPEG XL ISO/IEC 18181-2 §3, JPEG 2000 ISO/IEC
 * 15444-1 Annex I, QOI, PSD, XCF, ICO/CUR, PCX, Netpbm, XPM, TGA 2.0's footer, PDF).
 */

interface Foreign {
  /** What the refusal calls these files, as the subject of "… are not accepted yet". */
  what: string;
  test(bytes: Uint8Array): boolean;
}

const at = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const head = (bytes: Uint8Array, n: number) => String.fromCharCode(...bytes.subarray(0, Math.min(n, bytes.length)));

/** A text file's start without a UTF-8 byte-order mark and leading white space. */
const textStart = (bytes: Uint8Array) =>
  head(bytes, 1024)
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart();

const FOREIGN: readonly Foreign[] = [
  // A bare codestream (FF 0A), or the ISO-BMFF-like container whose first box is `JXL `.
  {
    what: 'JPEG XL pictures',
    test: (b) => at(b, [0xff, 0x0a]) || at(b, [0, 0, 0, 0x0c, ...ascii('JXL '), 0x0d, 0x0a, 0x87, 0x0a]),
  },
  {
    what: 'JPEG 2000 pictures',
    test: (b) => at(b, [0, 0, 0, 0x0c, ...ascii('jP  '), 0x0d, 0x0a, 0x87, 0x0a]) || at(b, [0xff, 0x4f, 0xff, 0x51]),
  },
  { what: 'QOI pictures', test: (b) => at(b, ascii('qoif')) },
  { what: 'Photoshop (PSD) files', test: (b) => at(b, ascii('8BPS')) },
  { what: 'GIMP (XCF) files', test: (b) => at(b, ascii('gimp xcf ')) },
  { what: 'PDF documents', test: (b) => at(b, ascii('%PDF-')) },
  // Reserved 0, type 1 (icon) or 2 (cursor), at least one image.
  { what: 'Windows icons (ICO)', test: (b) => at(b, [0, 0, 1, 0]) && b.length > 6 && (b[4]! > 0 || b[5]! > 0) },
  { what: 'Windows cursors (CUR)', test: (b) => at(b, [0, 0, 2, 0]) && b.length > 6 && (b[4]! > 0 || b[5]! > 0) },
  // Manufacturer 10, a known version, run-length encoding 1, and 1, 2, 4 or 8 bits a plane.
  {
    what: 'PCX pictures',
    test: (b) =>
      b.length > 128 && b[0] === 0x0a && [0, 2, 3, 4, 5].includes(b[1]!) && b[2] === 1 && [1, 2, 4, 8].includes(b[3]!),
  },
  {
    what: 'Netpbm (PBM, PGM, PPM, PAM) pictures',
    test: (b) => b[0] === 0x50 && b[1]! >= 0x31 && b[1]! <= 0x37 && [0x0a, 0x0d, 0x20, 0x09].includes(b[2]!),
  },
  { what: 'XPM pictures', test: (b) => head(b, 9) === '/* XPM */' },
  // TGA has no signature at its start; version 2 files end with this footer.
  {
    what: 'TGA pictures',
    test: (b) =>
      b.length >= 26 && String.fromCharCode(...b.subarray(b.length - 18, b.length - 2)) === 'TRUEVISION-XFILE',
  },
  {
    what: 'SVG drawings',
    test: (b) => /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(textStart(b)),
  },
];

/** What these bytes are, when they are a kind of file we recognise but do not take; null otherwise. */
export function foreignFormat(bytes: Uint8Array): string | null {
  return FOREIGN.find((f) => f.test(bytes))?.what ?? null;
}
