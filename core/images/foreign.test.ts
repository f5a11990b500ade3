import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedFolder } from '../../scripts/lib/shared-fixtures';
import { UNSUPPORTED_IMAGE_MESSAGE } from '../messages';
import { foreignFormat } from './foreign';
import { checkImageBytes } from './intake';

const formats = sharedFolder('corpus/formats');
const text = (s: string) => new TextEncoder().encode(s);

describe('files we recognise but do not take are refused by name', () => {
  it.skipIf(formats.missing)('names each of the corpus files no tool reads, each by what it is', () => {
    const named = {
      'sample.jxl': 'JPEG XL pictures',
      'sample.qoi': 'QOI pictures',
      'sample.tga': 'TGA pictures',
      'sample.ico': 'Windows icons (ICO)',
      'sample.cur': 'Windows cursors (CUR)',
      'sample.pcx': 'PCX pictures',
      'sample.pnm': 'Netpbm (PBM, PGM, PPM, PAM) pictures',
      'sample.xcf': 'GIMP (XCF) files',
      'sample.xpm': 'XPM pictures',
      'svg.svg': 'SVG drawings',
    };
    for (const [file, what] of Object.entries(named)) {
      const result = checkImageBytes(new Uint8Array(readFileSync(join(formats.path, file))));
      expect(result, file).toEqual({
        ok: false,
        problem: {
          status: 415,
          code: 'unsupported_media_type',
          title: 'Unsupported format',
          message: `${what} are not accepted yet. ${UNSUPPORTED_IMAGE_MESSAGE}`,
        },
      });
    }
  });

  it('a JPEG XL is never taken for a damaged JPEG: both start with FF, only a JPEG with D8', () => {
    expect(foreignFormat(Uint8Array.from([0xff, 0x0a, 0x48, 0x01]))).toBe('JPEG XL pictures');
    expect(foreignFormat(Uint8Array.from([0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a, 0, 0]))).toBe(
      'JPEG XL pictures',
    );
    expect(checkImageBytes(Uint8Array.from([0xff, 0xd8, 0x00, 0xe0, ...new Array<number>(32).fill(0)]))).toMatchObject({
      ok: false,
      problem: { title: 'Damaged image' },
    });
  });

  it('an SVG after an XML declaration, a comment or a byte-order mark; PDF and Photoshop files', () => {
    expect(foreignFormat(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('SVG drawings');
    expect(foreignFormat(text('\uFEFF<?xml version="1.0"?>\n<!-- drawn -->\n<svg width="1"/>'))).toBe('SVG drawings');
    expect(foreignFormat(text('%PDF-1.7\n'))).toBe('PDF documents');
    expect(foreignFormat(text('8BPS\u0000\u0001'))).toBe('Photoshop (PSD) files');
  });

  it('text, an HTML page and random bytes stay "not an image", with the plain wording', () => {
    for (const bytes of [
      text('hello, I am not a picture'),
      text('<html><body><svg></svg></body></html>'),
      Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]),
    ]) {
      expect(foreignFormat(bytes)).toBeNull();
      expect(checkImageBytes(bytes)).toMatchObject({
        ok: false,
        problem: { title: 'Invalid file type', message: UNSUPPORTED_IMAGE_MESSAGE },
      });
    }
  });
});
