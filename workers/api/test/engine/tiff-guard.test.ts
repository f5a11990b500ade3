import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../../core/api/errors';
import { decode } from '../../src/imaging/codecs/decode';
import { encode } from '../../src/imaging/codecs/encode';
import { readHeader } from '../../src/imaging/intake/sniff';
import { tiffSafeToDecode } from '../../src/imaging/codecs/tiff-guard';
import { corpusFile, corpusIndex, toolRequest } from '../support/corpus';
import { syntheticPhoto } from '../support/synthetic';

/** A small, valid TIFF from our own encoder, and where its first IFD and that IFD's entries are. */
async function validTiff() {
  const bytes = await encode(syntheticPhoto(6, 4), 'tiff', { quality: 100 });
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const le = bytes[0] === 0x49;
  const ifd = dv.getUint32(4, le);
  const count = dv.getUint16(ifd, le);
  const entries = Array.from({ length: count }, (_, i) => {
    const at = ifd + 2 + i * 12;
    return { at, tag: dv.getUint16(at, le), type: dv.getUint16(at + 2, le), count: dv.getUint32(at + 4, le) };
  });
  return { bytes, le, ifd, count, entries };
}

const setUint32 = (bytes: Uint8Array, at: number, value: number, le: boolean) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setUint32(at, value, le);

async function convertAnswer(bytes: Uint8Array) {
  const res = await toolRequest('convert', bytes, { format: 'png' }, 'picture.tiff');
  return { status: res.status, body: apiErrorSchema.safeParse(await res.json()) };
}

describe('damaged TIFF structures are refused before the decoder walks them', () => {
  it('a valid TIFF passes and decodes', async () => {
    const { bytes } = await validTiff();
    expect(tiffSafeToDecode(bytes)).toBe(true);
    const raster = await decode(bytes, readHeader(bytes)!);
    expect([raster.width, raster.height]).toEqual([6, 4]);
  });

  it('an IFD chain that links back to itself is refused (the decoder would loop forever): 422, no hang', async () => {
    const { bytes, le, ifd, count } = await validTiff();
    const looped = bytes.slice();
    setUint32(looped, ifd + 2 + count * 12, ifd, le);
    expect(readHeader(looped)).not.toBeNull(); // the header reader only reads the first IFD: it lets this through
    expect(tiffSafeToDecode(looped)).toBe(false);
    const { status, body } = await convertAnswer(looped);
    expect(status).toBe(422);
    expect(body.success && body.data.code).toBe('unprocessable_image');
  });

  it('an entry declaring more values than the file holds is refused (the fuzzer’s 8 million RATIONALs): 422', async () => {
    const { bytes, le, entries } = await validTiff();
    const rational = entries.find((e) => e.type === 5);
    expect(rational, 'the encoder writes X/YResolution as RATIONAL').toBeDefined();
    const damaged = bytes.slice();
    setUint32(damaged, rational!.at + 4, 8_388_609, le);
    expect(tiffSafeToDecode(damaged)).toBe(false);
    const { status, body } = await convertAnswer(damaged);
    expect(status).toBe(422);
    expect(body.success && body.data.code).toBe('unprocessable_image');
  });

  it('the bound is exact: data ending on the last byte passes, one value more does not', async () => {
    const { bytes, le, entries } = await validTiff();
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // A BYTE-typed entry pointing at the last 8 bytes of the file, 8 values long: inside; 9 values: one past the end.
    const victim = entries.find((e) => e.type === 3 && e.count === 1 && e.tag !== 256 && e.tag !== 257)!;
    const edge = bytes.slice();
    const ev = new DataView(edge.buffer);
    ev.setUint16(victim.at + 2, 1, le);
    ev.setUint32(victim.at + 8, bytes.length - 8, le);
    ev.setUint32(victim.at + 4, 8, le);
    expect(tiffSafeToDecode(edge)).toBe(true);
    ev.setUint32(victim.at + 4, 9, le);
    expect(tiffSafeToDecode(edge)).toBe(false);
    expect(dv.getUint16(victim.at + 2, le)).toBe(3); // the original was not touched
  });

  it('accepts every TIFF of the corpus', async () => {
    const index = await corpusIndex();
    if (!index) return;
    const tiffs = index.filter((p) => /\.tiff?$/i.test(p));
    expect(tiffs.length).toBeGreaterThan(0);
    for (const path of tiffs) expect(tiffSafeToDecode(await corpusFile(path)), path).toBe(true);
  });
});
