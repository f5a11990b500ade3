/**
 * HEIC and AVIF through every route (ADR 0132): a real iPhone-style HEIC (x265, the JPEG's EXIF with GPS carried
 * over by heif-enc, made at test time by the PHOTOS service) uploads as a JPEG the canvas can draw, shows its GPS in
 * the metadata analysis, loses it in privacy removal (exiftool reads the result) and works in every tool; an AVIF
 * works in every tool; Convert to AVIF gives AV1 in HEIF (libvips and ImageMagick read it), and a result over
 * 1,200 px a side is refused before any work with the words both image services answer. Every bad HEIC is refused.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { imageServiceRefusal } from '../../../../core/image-service';
import { readHeader } from '../../src/imaging/intake/sniff';
import { exiftool, resultBytes, toolRequest, type ToolBody } from '../support/corpus';
import { makePhoto, sharpMeta } from '../support/photos';
import { upload } from '../helpers';

type Fields = Record<string, string | number | boolean>;

/** ImageMagick, which shares no code with ours, decodes the bytes in full. */
async function magick(
  bytes: Uint8Array,
): Promise<{ ok: boolean; format?: string; width?: number; height?: number; problem?: string }> {
  const res = await env.IMAGEMAGICK.fetch('http://magick/check', {
    method: 'POST',
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return res.json();
}

async function call(route: string, bytes: Uint8Array, fields: Fields) {
  const res = await toolRequest(route, bytes, fields, 'photo');
  const body = await res.json<
    ToolBody & {
      metadata?: {
        privacy: { potentialRisks: string[]; dataTypes: string[] };
        technical: { format: string };
        exif: { available: boolean; gps?: { latitude: number; longitude: number } | null };
      };
    }
  >();
  return { status: res.status, body };
}

/** Every tool operation, with the size it must give from a w × h picture. */
function everyTool(w: number, h: number): [string, Fields, [number, number]][] {
  return [
    ['optimize', { operation: 'compress', quality: 80 }, [w, h]],
    ['optimize', { operation: 'compress', quality: 80, format: 'jpeg' }, [w, h]],
    ['modify', { operation: 'resize', width: 160, height: 120, maintainAspectRatio: 'false' }, [160, 120]],
    ['modify', { operation: 'crop', x: 0, y: 0, width: w / 2, height: h / 2 }, [w / 2, h / 2]],
    ['modify', { operation: 'rotate', angle: 90 }, [h, w]],
    ['convert', { format: 'jpeg' }, [w, h]],
    ['convert', { format: 'png' }, [w, h]],
    ['convert', { format: 'webp' }, [w, h]],
    ['convert', { format: 'avif', quality: 60 }, [w, h]],
    ['security', { operation: 'watermark', text: 'Memeforge' }, [w, h]],
    [
      'security',
      {
        operation: 'blur',
        method: 'selective',
        regions: JSON.stringify([{ x: 0, y: 0, width: w / 2, height: h / 2 }]),
      },
      [w, h],
    ],
    ['security', { operation: 'privacy' }, [w, h]],
    // The AI providers read neither (the fake refuses both, as local-ai/ does): they get a JPEG of a HEIC, a PNG of
    // an AVIF, for the cut-out and the faces a blur looks for as for upscale and background removal.
    ['security', { operation: 'blur', method: 'background' }, [w, h]],
    ['security', { operation: 'blur', method: 'faces' }, [w, h]],
    ['optimize', { operation: 'upscale', factor: 2 }, [w * 2, h * 2]],
    ['optimize', { operation: 'remove-background' }, [w, h]],
  ];
}

async function runsEveryTool(bytes: Uint8Array, w: number, h: number) {
  for (const [route, fields, size] of everyTool(w, h)) {
    const label = `${route} ${JSON.stringify(fields)}`;
    const { status, body } = await call(route, bytes, fields);
    expect(status, `${label} → ${JSON.stringify(body)}`).toBe(200);
    expect([body.width, body.height], label).toEqual(size);
    const stored = await resultBytes(body.imageUrl);
    const header = readHeader(stored);
    expect(header && [header.format, header.width, header.height], `${label}: stored`).toEqual([body.format, ...size]);
    // Never a HEIC out: no browser but Safari shows one.
    expect(body.format, label).not.toBe('heic');
    expect((await magick(stored)).ok, `${label}: ImageMagick reads it`).toBe(true);
  }
}

// Small: what is under test is the container and the codec, not the size (the 12 MP photos are large-photos.test.ts's
// and the tools' e2e). The pictures that must be over AVIF's 1,200 px a side are thin strips, for the same reason.
const W = 320;
const H = 240;
const heic = await makePhoto({ width: W, height: H, gps: true, format: 'heic', quality: 60 });
const avif = await makePhoto({ width: W, height: H, format: 'avif', quality: 60 });

describe('HEIC (the iPhone photo)', () => {
  it('is a real HEIC carrying GPS, as exiftool reads it', async () => {
    expect(readHeader(heic)).toMatchObject({ format: 'heic', width: W, height: H });
    const tags = await exiftool(heic);
    expect(tags['File:FileType']).toBe('HEIC');
    expect(tags['GPS:GPSLatitude']).toBeCloseTo(51.5, 1);
  });

  it('uploads as the JPEG the image service makes of it, which the canvas can draw', async () => {
    const res = await upload(heic as Uint8Array<ArrayBuffer>, 'IMG_0001.HEIC', 'image/heic');
    const body = await res.json<{ imageUrl: string; format: string; width: number; height: number }>();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ format: 'jpeg', width: W, height: H });
    const stored = await resultBytes(body.imageUrl);
    expect(readHeader(stored)).toMatchObject({ format: 'jpeg', width: W, height: H });
    expect(await magick(stored)).toMatchObject({ ok: true, format: 'JPEG' });
    // The copy carries no location.
    expect(Object.keys(await exiftool(stored)).filter((k) => k.startsWith('GPS:'))).toEqual([]);
  });

  it('shows its EXIF and GPS in the metadata analysis', async () => {
    const { status, body } = await call('analyze-metadata', heic, {});
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.metadata!.technical.format).toBe('heic');
    expect(body.metadata!.exif.available).toBe(true);
    expect(body.metadata!.exif.gps?.latitude).toBeCloseTo(51.5, 1);
    expect(body.metadata!.privacy.dataTypes).toEqual(expect.arrayContaining(['GPS location', 'Device information']));
  });

  it('loses its GPS in privacy removal, exiftool says, and comes back a picture that decodes', async () => {
    const { status, body } = await call('security', heic, {
      operation: 'privacy',
      removeExif: 'true',
      removeLocation: 'true',
      removeTimestamp: 'true',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ format: 'jpeg', width: W, height: H });
    expect(body.privacyLog!.removed).toContain('All metadata');
    const out = await resultBytes(body.imageUrl);
    const tags = await exiftool(out);
    expect(
      Object.keys(tags).filter((k) => k.startsWith('GPS:') || k.startsWith('IFD0:') || k.startsWith('ExifIFD:')),
    ).toEqual([]);
    expect(await magick(out)).toMatchObject({ ok: true, format: 'JPEG', width: W, height: H });
  });

  it('works in every tool, each result a picture every browser opens', { timeout: 120_000 }, async () => {
    await runsEveryTool(heic, W, H);
  });

  it('"original" format means JPEG, and the note says so', async () => {
    const { body } = await call('optimize', heic, { operation: 'compress', quality: 80, format: 'original' });
    expect(body.format).toBe('jpeg');
    expect(body.notes.join(' ')).toMatch(/HEIC pictures are not written; the result is a JPEG/);
  });

  it('a JPEG larger than the HEIC it came from says so and why, in KB, and what makes a smaller file', async () => {
    // A HEIC made small, as an iPhone's is for its size: a JPEG of the same picture at quality 90 is larger.
    const small = await makePhoto({ width: W, height: H, seed: 12, format: 'heic', quality: 30 });
    const { body } = await call('optimize', small, { operation: 'compress', quality: 90, format: 'jpeg' });
    // A HEIC is never given back (no browser but Safari opens one, ADR 0132), so here a larger file is the answer.
    expect(body.size).toBeGreaterThan(body.originalSize);
    expect(body).toMatchObject({ format: 'jpeg', compressionRatio: 0 });
    expect(body).not.toHaveProperty('keptOriginal');
    expect(body.notes.join(' ')).toMatch(
      /The JPEG \([\d.]+ KB\) is larger than the HEIC it came from \([\d.]+ KB\): HEIC is already a very efficient format\. WebP or AVIF, or a lower quality, makes a smaller file\./,
    );
  });

  it('refuses a HEIC cut short, one declaring a huge size, a non-HEIC with a heic brand and one whose pictures are noise', async () => {
    const cut = await call('convert', heic.subarray(0, heic.length >> 1), { format: 'jpeg' });
    expect([cut.status, cut.body.code]).toEqual([422, 'unprocessable_image']);
    expect(cut.body.error).toMatch(/^This HEIC is damaged or incomplete/);

    const huge = heic.slice();
    const ispe = Buffer.from(huge).indexOf('ispe') - 4;
    new DataView(huge.buffer).setUint32(ispe + 12, 60_000);
    new DataView(huge.buffer).setUint32(ispe + 16, 60_000);
    const big = await call('convert', huge, { format: 'jpeg' });
    expect([big.status, big.body.code]).toEqual([413, 'payload_too_large']);

    const fake = new Uint8Array([
      0,
      0,
      0,
      20,
      ...new TextEncoder().encode('ftypheic'),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode('mif1no picture here, only words'),
    ]);
    const notHeic = await call('convert', fake, { format: 'jpeg' });
    expect([notHeic.status, notHeic.body.code]).toEqual([422, 'unprocessable_image']);

    // The header is sound; the coded pictures are not.
    const noise = heic.slice();
    const mdat = Buffer.from(noise).lastIndexOf('mdat') + 4;
    for (let i = mdat; i < noise.length; i++) noise[i] = (i * 7919) & 255;
    const bad = await call('convert', noise, { format: 'jpeg' });
    expect(bad.status, JSON.stringify(bad.body)).toBe(422);
    expect(bad.body.error).toMatch(/could not read this (image|picture)/);
  });
});

describe('AVIF', () => {
  it('works in every tool (read by the isolate)', { timeout: 120_000 }, async () => {
    expect(readHeader(avif)).toMatchObject({ format: 'avif', width: W, height: H });
    await runsEveryTool(avif, W, H);
  });

  it('Convert to AVIF with "Fit within 1,200 px" gives AV1 in HEIF that libvips and ImageMagick read', async () => {
    // 1,800 px wide: over AVIF's 1,200 a side, made to fit in the same call (maxSide).
    const photo = await makePhoto({ width: 1_800, height: 180, format: 'jpeg' });
    const { status, body } = await call('convert', photo, { format: 'avif', quality: 60, maxSide: 1_200 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.notes.join(' ')).toMatch(/Scaled down to fit within 1,200 px: 1,200 × 120 \(from 1,800 × 180\)/);
    expect(body).toMatchObject({ format: 'avif', width: 1_200, height: 120, quality: 60 });
    const out = await resultBytes(body.imageUrl);
    expect(await sharpMeta(out)).toEqual({ format: 'heif', compression: 'av1', width: 1_200, height: 120 });
    expect(await magick(out)).toMatchObject({ ok: true, width: 1_200, height: 120 });
  });

  it('refuses an AVIF result over 1,200 px a side before any work, in the words production answers', async () => {
    const photo = await makePhoto({ width: 1_600, height: 90, format: 'jpeg' });
    const words = imageServiceRefusal({
      input: { format: 'jpeg', width: 1_600, height: 90, bytes: 1 },
      steps: [],
      result: { width: 1_600, height: 90 },
      output: 'avif',
    });
    expect(words).toBe(
      'The result is 1,600 pixels wide; AVIF pictures are made at most 1,200 pixels a side. Please make it smaller (at most 1,200 pixels a side) and try again.',
    );
    for (const [route, fields] of [
      ['convert', { format: 'avif' }],
      ['optimize', { operation: 'compress', quality: 70, format: 'avif' }],
      ['modify', { operation: 'resize', width: 1_600, height: 90, format: 'avif', quality: 70 }],
    ] as [string, Fields][]) {
      const { status, body } = await call(route, photo, fields);
      expect([status, body.code, body.error], route).toEqual([413, 'payload_too_large', words]);
    }
    // Resized within the limit on the way, the same batch works.
    const fits = await call('modify', photo, {
      operation: 'resize',
      width: 1_200,
      height: 68,
      format: 'avif',
      quality: 70,
    });
    expect([fits.status, fits.body.format, fits.body.width], JSON.stringify(fits.body)).toEqual([200, 'avif', 1_200]);
  });

  it('refuses an AVIF over 1,200 px a side at intake: only the isolate reads AVIF', async () => {
    const big = await makePhoto({ width: 1_300, height: 60, format: 'avif', quality: 40 });
    const res = await upload(big as Uint8Array<ArrayBuffer>, 'big.avif', 'image/avif');
    const body = await res.json<{ error: string; code: string }>();
    expect([res.status, body.code]).toEqual([413, 'payload_too_large']);
    expect(body.error).toBe(
      'AVIF pictures are taken up to 1,200 pixels a side; this one is 1,300 × 60. Please save it as JPEG or PNG (or make it smaller) and try again.',
    );
  });
});
