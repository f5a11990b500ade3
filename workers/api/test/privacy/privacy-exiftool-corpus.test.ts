/**
 * Privacy removal on every camera and metadata file of the shared corpus (EXIF samples, libjpeg-turbo's test images,
 * the photos, libwebp's and PngSuite's files, one picture in each format), judged by exiftool reading every tag it
 * can (`-a -G1 -s -U -ee`): after "remove everything" nothing is left outside the allow-list, and after the default
 * choices only the capture dates are added to it. The picture itself is unchanged: it decodes to the same pixels.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/codecs/decode';
import { readHeader } from '../../src/imaging/intake/sniff';
import { corpusFile, corpusIndex, exiftoolAll, resultBytes, toolRequest, type ToolBody } from '../support/corpus';
import { jpegScans } from '../support/metadata-fixtures';
import { leaks } from '../support/privacy-allow-list';

const ALL = { operation: 'privacy', removeExif: 'true', removeLocation: 'true', removeTimestamp: 'true' };
const DEFAULTS = { operation: 'privacy' };

const files = ((await corpusIndex()) ?? [])
  .filter((f) => /^(exif|jpeg|photos|webp|pngsuite|formats)\//.test(f) && /\.(jpe?g|png|webp|gif|tiff?|bmp)$/i.test(f))
  // PngSuite's x*.png are deliberately corrupt (tools-corpus.test.ts holds their refusal).
  .filter((f) => !/^pngsuite\/png\/x/.test(f))
  .sort()
  // Every camera and photo file always; npm test takes a fixed third of the codec suites (WebP, PngSuite: pictures of
  // test patterns, not of people), CORPUS_SWEEP=all takes them all.
  .filter((f, i) => env.CORPUS_SWEEP === 'all' || !/^(webp|pngsuite)\//.test(f) || i % 3 === 0);
const BATCH = 16;
const batches = Array.from({ length: Math.ceil(files.length / BATCH) }, (_, i) =>
  files.slice(i * BATCH, (i + 1) * BATCH),
);

async function protect(bytes: Uint8Array, fields: Record<string, string>) {
  const res = await toolRequest('security', bytes, fields);
  const body = await res.json<ToolBody>();
  return { status: res.status, body, out: res.status === 200 ? await resultBytes(body.imageUrl) : null };
}

async function pixels(bytes: Uint8Array) {
  const header = readHeader(bytes);
  if (!header) throw new Error('not an image');
  const r = await decode(bytes, header);
  return { width: r.width, height: r.height, data: r.data };
}

/**
 * Byte for byte, four bytes a step where both views start on a 4-byte boundary (the decoders' fresh buffers do): the
 * corpus is ~40M bytes each way, and `Array.prototype.every` once called a function for each. Equal 32-bit words are
 * equal bytes, so the verdict is the byte loop's.
 */
function same(a: Uint8Array | Uint8ClampedArray, b: Uint8Array | Uint8ClampedArray): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const words = a.length >>> 2;
    const [wa, wb] = [new Uint32Array(a.buffer, a.byteOffset, words), new Uint32Array(b.buffer, b.byteOffset, words)];
    for (let w = 0; w < words; w++) if (wa[w] !== wb[w]) return false;
    i = words * 4;
  }
  for (; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Files every route refuses at its one door (ADR 0012) before privacy runs, with a 422: a 12-bit JPEG, a JPEG cut off
 * in its scan, and libjpeg-turbo's arithmetic-coded sample, which no engine decoder (nor a browser) reads.
 */
const REFUSED = new Set(['jpeg/testimages/monkey12.jpg', 'photos/truncated.jpg', 'jpeg/testimages/testimgari.jpg']);

describe.skipIf(files.length === 0)('privacy on the corpus, read by exiftool', () => {
  it('has the corpus files this test expects', () => {
    expect(files.length).toBeGreaterThan(env.CORPUS_SWEEP === 'all' ? 300 : 140);
    expect(files.filter((f) => f.startsWith('exif/')).length).toBeGreaterThanOrEqual(30);
  });

  it.each(batches.map((b) => [`${b[0]} … ${b.at(-1)}`, b] as const))(
    '%s: nothing outside the allow-list, same pixels',
    { timeout: 180_000 },
    async (_, batch) => {
      const done: { file: string; out: Uint8Array; tiff: boolean }[] = [];
      for (const file of batch) {
        const original = await corpusFile(file);
        const { status, body, out } = await protect(original, ALL);
        if (REFUSED.has(file)) {
          expect(`${file} ${status} ${body.code}`).toBe(`${file} 422 unprocessable_image`);
          continue;
        }
        expect(status, `${file}: ${JSON.stringify(body)}`).toBe(200);
        done.push({ file, out: out!, tiff: body.format === 'tiff' });
        if (body.format === 'jpeg')
          expect(same(jpegScans(out!), jpegScans(original)), `${file}: same scans`).toBe(true);
        const [before, after] = [await pixels(original), await pixels(out!)];
        expect([after.width, after.height], file).toEqual([before.width, before.height]);
        expect(same(after.data, before.data), `${file}: same pixels`).toBe(true);
      }
      const read = await exiftoolAll(...done.map((d) => d.out));
      done.forEach((d, i) => expect(leaks(read[i]!, { tiff: d.tiff }), d.file).toEqual([]));
    },
  );

  const withDates = files.filter((f) => /^(exif\/jpg|photos)\/.*\.jpg$/.test(f) && !REFUSED.has(f));
  it('with the default choices only the capture dates are added, on every EXIF photo', {
    timeout: 180_000,
  }, async () => {
    expect(withDates.length).toBeGreaterThanOrEqual(30);
    const outs: Uint8Array[] = [];
    for (const file of withDates) {
      const { status, out } = await protect(await corpusFile(file), DEFAULTS);
      expect(status, file).toBe(200);
      outs.push(out!);
    }
    const read = await exiftoolAll(...outs);
    withDates.forEach((file, i) => expect(leaks(read[i]!, { dates: true }), file).toEqual([]));
    // The same check finds what the originals hold (GPS, camera, maker notes, thumbnails): it can fail.
    const originals = await exiftoolAll(...(await Promise.all(withDates.map((f) => corpusFile(f)))));
    withDates.forEach((file, i) => {
      if (!file.startsWith('exif/jpg/gps/')) return;
      const groups = new Set(leaks(originals[i]!, { dates: true }).map((l) => l.slice(1, l.indexOf(']'))));
      expect([...groups].filter((g) => ['GPS', 'Nikon', 'IFD1', 'ExifIFD'].includes(g)).sort(), file).toEqual([
        'ExifIFD',
        'GPS',
        'IFD1',
        'Nikon',
      ]);
    });
    // The allow-list is not empty-handed: the GPS photos keep their capture date.
    expect(
      read.filter((tags) => tags.some((t) => t.group === 'ExifIFD' && t.tag === 'DateTimeOriginal')).length,
    ).toBeGreaterThanOrEqual(9);
  });
});
