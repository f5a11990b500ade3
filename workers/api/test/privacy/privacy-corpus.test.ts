/**
 * Privacy and orientation on real camera files: every GPS sample loses its GPS (checked by exifr and by exiftool),
 * and every orientation sample comes out upright after privacy removal and after resize.
 */
import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { type Chunk, jpegSegments, joinWebp, startsWith, webpChunks } from '../../src/imaging/metadata/container';
import { decode } from '../../src/imaging/codecs/decode';
import { encode } from '../../src/imaging/codecs/encode';
import { readHeader } from '../../src/imaging/intake/sniff';
import { resize } from '../../src/imaging/codecs/pixels';
import type { Raster } from '../../src/imaging/codecs/raster';
import { transform } from '../../src/imaging/codecs/raster';
import { corpusFile, corpusIndex, exiftool, resultBytes, toolRequest, type ToolBody } from '../support/corpus';
import { syntheticPhoto } from '../support/synthetic';

const files = (await corpusIndex()) ?? [];
const gpsSamples = files.filter((f) => f.startsWith('exif/jpg/gps/') && f.endsWith('.jpg')).sort();
const orientationSamples = files.filter((f) => /exif\/jpg\/orientation\/(landscape|portrait)_\d\.jpg$/.test(f)).sort();

async function thumb(r: Raster): Promise<Raster> {
  return resize(r, 24, Math.max(1, Math.round((24 * r.height) / r.width)));
}

/**
 * Pearson correlation of the luminance of two same-shaped thumbnails. Geometry decides it; colour does not (files 2–8
 * carry an Apple display ICC profile that file 1 lacks, which shifts colours by ~13/255 but not where things are).
 */
function likeness(a: Raster, b: Raster): number {
  if (a.width !== b.width || a.height !== b.height) return -1;
  const lum = (r: Raster) =>
    Array.from(
      { length: r.width * r.height },
      (_, i) => 0.299 * (r.data[i * 4] ?? 0) + 0.587 * (r.data[i * 4 + 1] ?? 0) + 0.114 * (r.data[i * 4 + 2] ?? 0),
    );
  const x = lum(a);
  const y = lum(b);
  const mean = (v: number[]) => v.reduce((s, n) => s + n, 0) / v.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  x.forEach((xv, i) => {
    const dx = xv - mx;
    const dy = (y[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  });
  return sxy / Math.sqrt(sxx * syy);
}

async function decodeFile(bytes: Uint8Array): Promise<Raster> {
  const header = readHeader(bytes);
  if (!header) throw new Error('not an image');
  return decode(bytes, header);
}

/** All three boxes ticked: of the EXIF block only a sideways photo's orientation stays. */
const ALL = { removeExif: 'true', removeLocation: 'true', removeTimestamp: 'true' };

const gpsKeys = (tags: Record<string, unknown>) =>
  Object.keys(tags).filter((k) => /GPS/i.test(k) && !/^System:|^File:/.test(k));

async function protect(bytes: Uint8Array, fields: Record<string, string>) {
  const res = await toolRequest('security', bytes, { operation: 'privacy', ...fields });
  const body = await res.json<ToolBody>();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { body, out: await resultBytes(body.imageUrl) };
}

describe.skipIf(gpsSamples.length === 0)('GPS samples', () => {
  it('has GPS samples that both readers see GPS in', async () => {
    expect(gpsSamples.length).toBeGreaterThanOrEqual(9);
    const first = await corpusFile(gpsSamples[0] ?? '');
    expect(await exifr.gps(first)).toBeTruthy();
    expect(gpsKeys(await exiftool(first)).length).toBeGreaterThan(0);
  });

  it.each(gpsSamples)(
    '%s: no GPS left after privacy (default and location-only), by exifr and exiftool',
    async (file) => {
      const original = await corpusFile(file);
      const hadGps = gpsKeys(await exiftool(original)).length > 0;
      for (const fields of [{}, { removeExif: 'false', removeLocation: 'true', removeTimestamp: 'false' }] as Record<
        string,
        string
      >[]) {
        const { body, out } = await protect(original, fields);
        expect(await exifr.gps(out).catch(() => undefined)).toBeFalsy();
        const tags = await exiftool(out);
        expect(gpsKeys(tags), JSON.stringify(fields)).toEqual([]);
        expect(tags['ExifTool:Warning'] ?? '', 'exiftool finds the file sound').not.toMatch(/corrupt|bad/i);
        if (hadGps) expect(body.privacyLog?.removed.join(' ')).toMatch(/GPS|EXIF/);
        if (fields.removeExif === 'false') {
          // Only the location went: the camera model is still there and the pixels were not re-encoded.
          expect(tags['IFD0:Model'] ?? tags['IFD0:Make']).toBeTruthy();
          expect(body.engine).toBe('passthrough');
          expect(body.privacyLog?.preserved).toContain('Image pixels (not re-encoded)');
        }
      }
    },
  );

  it('keeps the dates when "Remove timestamps" is unticked, while EXIF and location go (the defaults), by exiftool', async () => {
    const original = await corpusFile(gpsSamples[0] ?? '');
    const before = await exiftool(original);
    expect(before['ExifIFD:DateTimeOriginal']).toBeTruthy();
    expect(before['IFD0:Make'] ?? before['IFD0:Model']).toBeTruthy();
    const { body, out } = await protect(original, {});
    const tags = await exiftool(out);
    expect(tags['ExifIFD:DateTimeOriginal']).toBe(before['ExifIFD:DateTimeOriginal']);
    if (before['IFD0:ModifyDate']) expect(tags['IFD0:ModifyDate']).toBe(before['IFD0:ModifyDate']);
    expect(gpsKeys(tags)).toEqual([]);
    expect(
      tags['IFD0:Make'] ?? tags['IFD0:Model'] ?? tags['ExifIFD:ExposureTime'] ?? tags['IFD1:ThumbnailImage'],
    ).toBeUndefined();
    expect(tags['ExifTool:Warning'] ?? '').not.toMatch(/corrupt|bad/i);
    expect(body.engine).toBe('passthrough');
    expect(body.privacyLog?.removed.join(' ')).toMatch(/Camera, settings and other EXIF tags \(\d+\)/);
    expect(body.privacyLog?.preserved).toContain('Capture date and time');
    // Ticked, they go too.
    const gone = await exiftool((await protect(original, { removeTimestamp: 'true' })).out);
    expect(gone['ExifIFD:DateTimeOriginal']).toBeUndefined();
  });

  it('removes only the timestamps when asked, and analysis names GPS, time and device', async () => {
    const original = await corpusFile(gpsSamples[0] ?? '');
    const analysis = await (await toolRequest('analyze-metadata', original, {})).json<{
      metadata: { privacy: { dataTypes: string[] }; exif: { available: boolean } };
    }>();
    expect(analysis.metadata.exif.available).toBe(true);
    expect(analysis.metadata.privacy.dataTypes).toEqual(
      expect.arrayContaining(['GPS location', 'Timestamp', 'Device information']),
    );
    const { out } = await protect(original, { removeExif: 'false', removeLocation: 'false', removeTimestamp: 'true' });
    const tags = await exiftool(out);
    expect(tags['ExifIFD:DateTimeOriginal']).toBeUndefined();
    expect(tags['IFD0:ModifyDate']).toBeUndefined();
    expect(gpsKeys(tags).length).toBeGreaterThan(0);
  });
});

describe.skipIf(orientationSamples.length === 0)('orientation samples', () => {
  it.each(orientationSamples)('%s is upright after privacy removal and after resize', async (file) => {
    const kind = file.includes('landscape') ? 'landscape' : 'portrait';
    const reference = await thumb(await decodeFile(await corpusFile(`exif/jpg/orientation/${kind}_1.jpg`)));
    const original = await corpusFile(file);

    const { body, out } = await protect(original, ALL);
    // EXIF is gone but for the orientation tag, so the pixels are never re-encoded and the photo still shows upright.
    const stored = readHeader(original)?.orientation ?? 1;
    expect(readHeader(out)?.orientation, 'the orientation is kept').toBe(stored);
    expect(body.engine).toBe('passthrough');
    if (stored !== 1)
      expect(Object.keys(await exiftool(out)).filter((k) => k.startsWith('IFD0:') || k.startsWith('ExifIFD:'))).toEqual(
        ['IFD0:Orientation'],
      );
    const afterPrivacy = await thumb(await decodeFile(out));
    expect(likeness(afterPrivacy, reference)).toBeGreaterThan(0.95);
    // The check can fail: the same picture upside down is far from the reference.
    expect(likeness(transform(afterPrivacy, 2, false), reference)).toBeLessThan(0.6);
    expect(likeness(transform(afterPrivacy, 0, true), reference)).toBeLessThan(0.9);
    if (stored !== 1) expect(body.privacyLog?.actions.join(' ')).toMatch(/Kept only the orientation tag/);

    const resized = await toolRequest('modify', original, { operation: 'resize', width: 200, height: 200 });
    const resizedBody = await resized.json<ToolBody>();
    expect(resized.status).toBe(200);
    expect(resizedBody.width > resizedBody.height).toBe(kind === 'landscape');
    expect(likeness(await thumb(await decodeFile(await resultBytes(resizedBody.imageUrl))), reference)).toBeGreaterThan(
      0.95,
    );
  });
});

describe('WebP and PNG containers', () => {
  it('strips a WebP EXIF chunk without re-encoding, fixing the RIFF size and the VP8X flags', async () => {
    const gps = gpsSamples[0] ? await corpusFile(gpsSamples[0]) : null;
    if (!gps) return;
    const app1 = jpegSegments(gps)?.segments.find((s) => s.marker === 0xe1 && startsWith(s.payload, 'Exif'));
    const simple = await encode(syntheticPhoto(64, 48), 'webp', { quality: 80 });
    const vp8 = webpChunks(simple)?.[0];
    if (!app1 || !vp8) throw new Error('fixture parts missing');
    const vp8x = new Uint8Array(18);
    vp8x.set([0x56, 0x50, 0x38, 0x58, 10, 0, 0, 0, 0, 0, 0, 0, 63, 0, 0, 47, 0, 0]);
    const tiff = app1.payload.subarray(6);
    const exifChunk = new Uint8Array(8 + tiff.length + (tiff.length & 1));
    exifChunk.set([0x45, 0x58, 0x49, 0x46]);
    new DataView(exifChunk.buffer).setUint32(4, tiff.length, true);
    exifChunk.set(tiff, 8);
    const chunk = (raw: Uint8Array): Chunk => ({
      type: String.fromCharCode(...raw.subarray(0, 4)),
      raw,
      data: raw.subarray(8),
    });
    const withExif = joinWebp([chunk(vp8x), vp8, chunk(exifChunk)]);
    expect(gpsKeys(await exiftool(withExif)).length).toBeGreaterThan(0);

    const { body, out } = await protect(withExif, ALL);
    expect(body.engine).toBe('passthrough');
    expect(gpsKeys(await exiftool(out))).toEqual([]);
    expect(webpChunks(out)?.map((c) => c.type)).toEqual(['VP8X', 'VP8 ']);
    expect((out[20] ?? 0) & 0x08).toBe(0);
    expect(new DataView(out.buffer, out.byteOffset).getUint32(4, true)).toBe(out.length - 8);
    expect((await decodeFile(out)).width).toBe(64);
  });

  it('strips the PNG eXIf chunk of PngSuite exif2c08.png', async () => {
    if (!files.includes('pngsuite/png/exif2c08.png')) return;
    const original = await corpusFile('pngsuite/png/exif2c08.png');
    const { body, out } = await protect(original, ALL);
    // Copyright, resolution, colour space, a comment, and the thumbnail in IFD1; the upright orientation goes too.
    expect(body.privacyLog?.removed).toEqual([
      'Camera, settings and other EXIF tags (10)',
      'A thumbnail of the original photo',
    ]);
    const tags = await exiftool(out);
    expect(Object.keys(tags).some((k) => /^(IFD0|IFD1|ExifIFD):/.test(k))).toBe(false);
    expect(tags['ExifTool:Warning'] ?? '').not.toMatch(/CRC/i);
  });
});
