/**
 * `format=auto` choosing among the formats the caller accepts, AVIF included, with the target anchored to libvips'
 * JPEG q75 of the same photo (ADR 0135). The image service is local-images (libvips), as offline.
 */
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { acceptFromHeader } from '../../../../core/tools/compress';
import { decode } from '../../src/imaging/codecs/decode';
import { encode } from '../../src/imaging/codecs/encode';
import { readHeader } from '../../src/imaging/intake/sniff';
import { AUTO_TARGET_SCORE } from '../../src/imaging/options';
import { NEAR_COPY_TARGET } from '../../src/imaging/ops/compress/anchor';
import { corpusFile, corpusIndex, resultBytes, toolRequest, type ToolBody } from '../support/corpus';
import { ssimulacra } from '../support/oracle';
import { makePhoto } from '../support/photos';

type Body = ToolBody & { formatReason?: string };

const index = await corpusIndex();
const PHOTO = 'exif/jpg/gps/DSCN0010.jpg';
/** libjpeg-turbo's test picture: its JPEG q75 is nearly perfect (the judge: 0.0036), far below AUTO_TARGET_SCORE. */
const SMOOTH = 'jpeg/testimages/testorig.png';
/** A PNG with an alpha channel (PngSuite). */
const TRANSPARENT = 'pngsuite/png/basn6a08.png';

const auto = (input: Uint8Array, fields: Record<string, string> = {}, headers: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('image', new File([input as Uint8Array<ArrayBuffer>], 'photo'));
  for (const [k, v] of Object.entries({ operation: 'compress', quality: 'auto', format: 'auto', ...fields }))
    form.append(k, v);
  return exports.default.fetch(new Request('http://local/api/optimize', { method: 'POST', body: form, headers }));
};

const vipsJpeg = async (original: Uint8Array, quality: number) =>
  new Uint8Array(
    await (
      await env.ORACLE.fetch(`http://oracle/vips-jpeg?quality=${quality}`, {
        method: 'POST',
        body: original as Uint8Array<ArrayBuffer>,
      })
    ).arrayBuffer(),
  );

describe('the Accept header as an accept list', () => {
  it('names the image types asked for, and nothing for image/*, */* or no image type', () => {
    expect(acceptFromHeader('image/webp')).toBe('webp');
    expect(acceptFromHeader('image/avif, image/webp;q=0.9, image/jpeg;q=0')).toBe('avif,webp');
    expect(acceptFromHeader('image/avif,image/webp,image/apng,image/*,*/*;q=0.8')).toBeUndefined();
    expect(acceptFromHeader('text/event-stream')).toBeUndefined();
    expect(acceptFromHeader(null)).toBeUndefined();
  });
});

describe.skipIf(!index)('format=auto: bad accept values', () => {
  for (const accept of ['gif', '', 'avif,,webp', 'avif;webp', 'webp, heic']) {
    it(`accept=${JSON.stringify(accept)} is a 400 naming the field`, async () => {
      const res = await toolRequest('optimize', await corpusFile(SMOOTH), {
        operation: 'compress',
        quality: 'auto',
        format: 'auto',
        accept,
      });
      expect(res.status).toBe(400);
      const body = await res.json<{ error: string; code: string }>();
      expect(body.code).toBe('validation_failed');
      expect(body.error).toMatch(
        accept ? /accept must be a comma-separated list of avif, webp, jpeg, png/ : /Accept is empty/,
      );
    });
  }
});

describe.skipIf(!index)('format=auto chooses among what the caller accepts', () => {
  it('with AVIF accepted, a camera photo comes back as the smallest faithful file and says why', {
    timeout: 120_000,
  }, async () => {
    const input = await corpusFile(PHOTO);
    const res = await auto(input, { accept: 'avif,webp,jpeg' });
    const body = await res.json<Body>();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(['avif', 'webp', 'jpeg']).toContain(body.format);
    expect(body.formatReason, JSON.stringify(body.notes)).toMatch(
      /^(AVIF|WEBP|JPEG): (about )?\d+% smaller than (AVIF|WEBP|JPEG|the closest \w+, and it looks the same)/,
    );
    expect(body.looksSame).toBe(true);
    const bytes = await resultBytes(body.imageUrl);
    expect(readHeader(bytes)?.format).toBe(body.format);
    // On this photo AVIF wins (measured 20-35% under WebP at the judge's target): the file is one, judged here.
    expect(body.format).toBe('avif');
    // Made by the image service (the whole photo, at the quality the tries point to), judged in the isolate.
    expect(body.engine).toBe('images');
    expect(body.score!).toBeLessThanOrEqual(AUTO_TARGET_SCORE);
    expect((await decode(bytes, readHeader(bytes)!)).width).toBe(640);
  });

  it('Accept: image/webp only (no field) never answers AVIF or JPEG', { timeout: 60_000 }, async () => {
    const res = await auto(await corpusFile(PHOTO), {}, { accept: 'image/webp' });
    const body = await res.json<Body>();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.format).toBe('webp');
    expect(body.formatReason).toBe('WEBP: the only format tried that looks the same.');
  });

  it('Accept: image/avif, image/webp (no field) may answer AVIF; naming no image type, never (as before AVIF was a choice)', {
    timeout: 120_000,
  }, async () => {
    const input = await corpusFile(PHOTO);
    const asked = await (await auto(input, {}, { accept: 'image/avif,image/webp;q=0.9' })).json<Body>();
    expect(asked.format, JSON.stringify(asked.notes)).toBe('avif');
    for (const accept of [undefined, '*/*', 'image/*, application/json']) {
      const res = await auto(input, {}, accept ? { accept } : {});
      const body = await res.json<Body>();
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(['jpeg', 'webp'], `Accept: ${accept}`).toContain(body.format);
      expect(body.notes.join(' ')).not.toContain('AVIF');
    }
  });

  it('accept=jpeg,webp never answers AVIF, and the field wins over the header', { timeout: 60_000 }, async () => {
    const res = await auto(await corpusFile(PHOTO), { accept: 'jpeg,webp' }, { accept: 'image/avif' });
    const body = await res.json<Body>();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(['jpeg', 'webp']).toContain(body.format);
  });

  it('a picture with transparency is never a JPEG, even where JPEG is accepted', { timeout: 60_000 }, async () => {
    const input = await corpusFile(TRANSPARENT);
    for (const accept of [undefined, 'jpeg,png', 'jpeg,webp']) {
      const res = await auto(input, accept ? { accept } : {});
      const body = await res.json<Body>();
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body.format, accept).not.toBe('jpeg');
      if (accept === 'jpeg,png') expect(body.format).toBe('png');
      // WebP, unless even the smallest faithful WebP is larger than this 184-byte PNG, which is then kept as it was.
      if (accept === 'jpeg,webp')
        expect(body.format === 'webp' || body.size === input.length, JSON.stringify(body.notes)).toBe(true);
    }
  });

  it('AVIF is not tried beyond 1,200 px a side (production cannot make it), nor on a photo with its own colour profile, and the note says so', {
    timeout: 120_000,
  }, async () => {
    const wide = await auto(await makePhoto({ width: 1_300, height: 400, seed: 5 }), { accept: 'avif,webp,jpeg' });
    const wideBody = await wide.json<Body>();
    expect(wide.status, JSON.stringify(wideBody)).toBe(200);
    expect(wideBody.format).not.toBe('avif');
    expect(wideBody.notes.join(' ')).toContain('AVIF was not tried: it is made at most 1,200 px a side.');
    const p3 = await auto(await makePhoto({ width: 640, height: 480, seed: 6, profile: 'p3' }), {
      accept: 'avif,webp,jpeg',
    });
    const p3Body = await p3.json<Body>();
    expect(p3.status, JSON.stringify(p3Body)).toBe(200);
    expect(p3Body.format).not.toBe('avif');
    expect(p3Body.notes.join(' ')).toContain('AVIF was not tried: this photo carries its own colour profile');
  });

  it('where only AVIF looks the same, the note says the other format does not (not that it would only be larger)', {
    timeout: 120_000,
  }, async () => {
    // Per-pixel colour noise: JPEG and WebP (4:2:0 colour) lose the grain at any quality; AVIF (4:4:4) keeps it.
    const rgba = new Uint8Array(200 * 150 * 4);
    let x = 0x9e3779b9;
    for (let i = 0; i < rgba.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      rgba[i] = i % 4 === 3 ? 255 : x & 255;
    }
    const noisy = await encode({ width: 200, height: 150, data: new Uint8ClampedArray(rgba.buffer) }, 'png', {
      quality: 100,
    });
    const body = await (await auto(noisy, { accept: 'avif,webp,jpeg,png' })).json<Body>();
    expect(body.format, JSON.stringify(body.notes)).toBe('avif');
    expect(body.looksSame).toBe(true);
    expect(body.formatReason).toMatch(/^AVIF: \d+% smaller than the closest (JPEG|WEBP), and it looks the same\.$/);
    expect(body.notes.join(' ')).toMatch(
      /^AVIF at quality \d+ is the smallest file that looks the same as the original \(the closest (JPEG|WEBP), (JPEG|WEBP) at quality \d+, does not look the same and is \d+% larger\)\. Made by the image service and checked at full size\./,
    );
  });

  it('a JPEG already saved at about quality 75 is held to 0.01, not to its near-copy reference, and comes back smaller', {
    timeout: 120_000,
  }, async () => {
    // libjpeg's own test picture as cjpeg saved it at quality 75: libvips' q75 of it is a near copy (anchor.ts NEAR_COPY).
    const input = await corpusFile('jpeg/testimages/testorig.jpg');
    const res = await auto(input, { accept: 'avif,webp,jpeg' });
    const body = await res.json<Body>();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.notes.join(' ')).toMatch(
      /already saved at a modest quality, so it was held to looking exactly like it/,
    );
    expect(body.looksSame).toBe(true);
    expect(body.score!).toBeLessThanOrEqual(NEAR_COPY_TARGET);
    expect(body.size).toBeLessThan(input.length);
    // The outside judge agrees that it cannot be told apart (within the judges' few percent).
    expect(await ssimulacra(input, await resultBytes(body.imageUrl))).toBeLessThanOrEqual(NEAR_COPY_TARGET * 1.1);
  });

  it('where libvips q75 is more faithful than the usual target, auto is held to it (the anchor)', {
    timeout: 120_000,
  }, async () => {
    const input = await corpusFile(SMOOTH);
    const res = await auto(input, { accept: 'jpeg,webp' });
    const body = await res.json<Body>();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.notes.join(' ')).toMatch(/held to look at least as good as a standard JPEG of it would\./);
    // Far below the usual target, as the reference is.
    expect(body.score!).toBeLessThan(0.01);
    // And by the outside judge: no less faithful than libvips' own q75 of the photo.
    const ours = await ssimulacra(input, await resultBytes(body.imageUrl));
    const q75 = await ssimulacra(input, await vipsJpeg(input, 75));
    expect(ours, `auto ${body.format} q${body.quality}: ${ours}, libvips q75: ${q75}`).toBeLessThanOrEqual(q75);
  });
});
