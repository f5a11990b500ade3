/**
 * Share links (ADR 0139): POST /api/shares keeps a meme with every metadata block removed (read by exiftool), under
 * its lifetime's R2 prefix; the page data and the picture answer 404 for an id never given and 410 once deleted or
 * expired; only the delete token deletes; the cron takes expired shares down; a failed write leaves nothing behind.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS_PER_MINUTE } from '../../../../core/limits';
import {
  encodeGif,
  muxAnimatedWebp,
  readGifFrames,
  readGifInfo,
  readWebpAnimation,
  type Frame,
} from '../../../../core/animation';
import {
  DELETE_TOKEN_HEADER,
  SHARE_FREE_MS,
  SHARE_MAX_BYTES,
  SHARE_MAX_CAPTIONS,
  SHARE_MAX_FRAMES,
  shareCreatedSchema,
  shareSchema,
} from '../../../../core/api/shares';
import { seedTemplates } from '../../src/db/template-rows';
import { encode } from '../../src/imaging/codecs/encode';
import { concat, jpegSegment } from '../../src/imaging/metadata/container';
import { readHeader } from '../../src/imaging/intake/sniff';
import { SHARE_EXPIRING_PREFIX, SHARE_KEPT_PREFIX } from '../../src/storage/share-store';
import worker from '../../src/index';
import { catalogRows } from '../../../../scripts/templates/catalog-rows';
import { api, awayFromMinuteBoundary, listKeys, pngDeclaring, premiumCookies, TEST_ORIGIN } from '../helpers';
import { exiftoolAll, type ExiftoolTag } from '../support/corpus';
import { ascii, bin, craftJpeg, exifSegment, jpegScans, rational, tiffBlock } from '../support/metadata-fixtures';
import { SOURCE_HOSTS } from '../support/source-origin';
import { syntheticPhoto } from '../support/synthetic';
import { withoutHiddenControls } from '../../../../core/text';

const TEMPLATE = 'nope-yep';
const DAY = 86_400_000;

const photo = await encode(syntheticPhoto(120, 80), 'jpeg', { quality: 80 });
const gps = [
  ascii(0x0001, 'N'),
  rational(0x0002, [51, 1], [30, 1], [0, 1]),
  ascii(0x0003, 'W'),
  rational(0x0004, [0, 1], [7, 1], [0, 1]),
];
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Jane Doe"/></rdf:RDF></x:xmpmeta>';
/** A JPEG carrying a camera, GPS, an XMP creator, a comment and data after its end. */
const leaky = craftJpeg(
  photo,
  [
    exifSegment(tiffBlock({ ifd0: [ascii(0x010f, 'Canon'), ascii(0x0110, 'Canon EOS 5D')], gps })),
    jpegSegment(0xe1, concat([bin('http://ns.adobe.com/xap/1.0/\0'), bin(XMP)])),
    jpegSegment(0xfe, bin('shot at 12 Acacia Avenue')),
  ],
  [],
  bin('trailing secret data'),
);

function shareForm(
  image: Uint8Array | null,
  fields: Record<string, string | string[]> = {},
  type = 'image/jpeg',
  field = 'image',
): FormData {
  const form = new FormData();
  if (image !== null) form.append(field, new File([image as Uint8Array<ArrayBuffer>], 'meme.jpg', { type }));
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
  return form;
}

const post = (form: FormData | string, headers: Record<string, string> = {}) =>
  api('/api/shares', { method: 'POST', body: form, headers });

async function share(
  image: Uint8Array | null = leaky,
  fields: Record<string, string | string[]> = { template: TEMPLATE, captions: ['nope', 'yep'] },
  headers: Record<string, string> = {},
  type?: string,
) {
  const res = await post(shareForm(image, fields, type), headers);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return shareCreatedSchema.parse(body);
}

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const rows = async () => (await env.DB.prepare('select count(*) as n from shares').first<number>('n')) ?? 0;
const objects = async () => (await listKeys(env.BUCKET, 'shares/')).length;
const remove = (id: string, token?: string) =>
  api(`/api/shares/${id}`, { method: 'DELETE', headers: token === undefined ? {} : { [DELETE_TOKEN_HEADER]: token } });
const rowOf = (id: string) =>
  env.DB.prepare('select * from shares where id = ?').bind(id).first<{
    object_key: string;
    deleted_at: number | null;
    deleted_reason: string | null;
    delete_token_hash: string;
    expires_at: number | null;
  }>();

beforeAll(async () => {
  await seedTemplates(
    env.DB,
    catalogRows().filter((r) => r.id === TEMPLATE),
  );
});

describe('POST /api/shares', () => {
  it('keeps the meme for 30 days under shares/30d/, with every metadata block gone and the picture data unchanged', async () => {
    const [before] = await exiftoolAll(leaky);
    const seen = (tags: ExiftoolTag[], re: RegExp) => tags.filter((t) => re.test(`${t.group}:${t.tag}`));
    expect(seen(before!, /^GPS:GPSLatitude$|^IFD0:Make$|^XMP-dc:Creator$|^File:Comment$/).length).toBe(4);

    const t0 = Date.now();
    const created = await share();
    expect(created.id).toMatch(/^[a-z0-9]{12}$/);
    expect(created.url).toBe(`${TEST_ORIGIN}/m/${created.id}`);
    expect(created.imageUrl).toBe(`${TEST_ORIGIN}/api/shares/${created.id}/image`);
    expect(Date.parse(created.expiresAt!) - t0).toBeGreaterThanOrEqual(SHARE_FREE_MS - 1000);
    expect(Date.parse(created.expiresAt!) - t0).toBeLessThan(SHARE_FREE_MS + 60_000);
    expect(created.altText).toBe('Meme (Nope / Yep): “nope” / “yep”');
    expect(created.template).toEqual({ id: TEMPLATE, name: 'Nope / Yep' });
    expect([created.width, created.height]).toEqual([120, 80]);

    const row = await rowOf(created.id);
    expect(row!.object_key).toBe(`${SHARE_EXPIRING_PREFIX}${created.id}`);
    // Only the token's SHA-256 is kept.
    expect(row!.delete_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.deleteToken);

    const image = await api(created.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('public, max-age=300');
    expect(image.headers.get('set-cookie')).toBeNull();
    const kept = await bytesOf(image);
    const [after] = await exiftoolAll(kept);
    // exiftool finds the file's own facts and the JFIF header the picture came with, and nothing else.
    expect(after!.filter((t) => !['ExifTool', 'System', 'File', 'JFIF', 'Composite'].includes(t.group))).toEqual([]);
    expect(seen(after!, /Comment|GPS|Make|Creator|Trailer/)).toEqual([]);
    expect(new TextDecoder().decode(kept)).not.toMatch(/Acacia|secret|Jane|Canon/);
    expect(jpegScans(kept)).toEqual(jpegScans(photo));
  });

  it('answers the page data: alt text, template, captions and the expiry, not cached', async () => {
    const created = await share(leaky, { template: TEMPLATE, captions: ['line one\nand two', 'yep'] });
    const res = await api(`/api/shares/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const body = shareSchema.parse(await res.json());
    const { deleteToken: _token, ...withoutToken } = created;
    expect(body).toEqual({ ...withoutToken, altText: 'Meme (Nope / Yep): “line one and two” / “yep”' });
    expect(JSON.stringify(body)).not.toContain(created.deleteToken);
  });

  it('takes the picture from its url as well, stripped the same way; not both, not neither', async () => {
    const host = `https://${SOURCE_HOSTS.pictures}`;
    const id = crypto.randomUUID();
    await fetch(`${host}/__host?id=${id}`, { method: 'POST', body: leaky as Uint8Array<ArrayBuffer> });
    const created = await share(null, { url: `${host}/hosted?id=${id}`, captions: 'by address' });
    const kept = await bytesOf(await api(created.imageUrl));
    expect(new TextDecoder().decode(kept)).not.toMatch(/Acacia|secret|Jane|Canon/);
    expect(jpegScans(kept)).toEqual(jpegScans(photo));
    const both = await post(shareForm(leaky, { url: `${host}/hosted?id=${id}` }));
    expect(both.status).toBe(400);
    expect((await both.json<{ error: string }>()).error).toMatch(/either/);
  });

  it('keeps captions without the controls that hide or reorder text (NUL, escapes, bidi overrides) on the card and the page data', async () => {
    const created = await share(leaky, { template: TEMPLATE, captions: ['gpj.\u202eexe', 'n\u0000o\u001b'] });
    expect(created.captions).toEqual(['gpj.exe', 'no']);
    const body = shareSchema.parse(await (await api(`/api/shares/${created.id}`)).json());
    expect(body.captions).toEqual(['gpj.exe', 'no']);
    expect(withoutHiddenControls(body.altText)).toBe(body.altText);
  });

  it('takes a meme with no template and no captions', async () => {
    const created = await share(pngDeclaring(40, 30), {});
    expect(created).toMatchObject({
      template: null,
      captions: [],
      altText: 'Meme with no caption',
      contentType: 'image/png',
    });
  });

  it('keeps a premium member’s share until deleted, under shares/kept/', async () => {
    const cookie = await premiumCookies('198.18.9.1');
    const created = await share(leaky, { captions: 'kept' }, { cookie });
    expect(created.expiresAt).toBeNull();
    expect((await rowOf(created.id))!.object_key).toBe(`${SHARE_KEPT_PREFIX}${created.id}`);
    expect(await env.BUCKET.head(`${SHARE_KEPT_PREFIX}${created.id}`)).not.toBeNull();
  });

  const refused: [string, () => FormData | string, number, RegExp][] = [
    ['no image', () => shareForm(null, { captions: 'x' }), 400, /image/],
    ['an empty caption', () => shareForm(leaky, { captions: ['top', ''] }), 400, /empty/],
    [
      'the image as text',
      () => {
        const f = new FormData();
        f.append('image', 'not a file');
        return f;
      },
      400,
      /image/,
    ],
    ['not multipart', () => 'image=1', 400, /multipart/],
    [
      'a GIF with no picture in it',
      () => shareForm(bin('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), {}, 'image/gif'),
      422,
      /GIF is damaged/,
    ],
    ['a text file called .jpg', () => shareForm(bin('hello, this is not a picture'), {}), 415, /PNG, JPEG or WebP/],
    [
      'a still over 5 MB',
      () => shareForm(concat([leaky, new Uint8Array(SHARE_MAX_BYTES)]), {}),
      413,
      /at most 5 MB \(8 MB when animated\)/,
    ],
    ['over 2048 px a side', () => shareForm(pngDeclaring(3000, 20), {}, 'image/png'), 413, /2048 pixels/],
    ['an unknown template', () => shareForm(leaky, { template: 'no-such-template' }), 400, /no template/],
    ['a template id that is not one', () => shareForm(leaky, { template: '../etc' }), 400, /template/i],
    [
      'too many captions, naming the limit',
      () => shareForm(leaky, { captions: Array.from({ length: SHARE_MAX_CAPTIONS + 1 }, (_, i) => `c${i}`) }),
      400,
      new RegExp(`^At most ${SHARE_MAX_CAPTIONS} captions\\.$`),
    ],
    ['a caption of only spaces', () => shareForm(leaky, { captions: ['top', ' \t '] }), 400, /only spaces/],
    ['a caption of only hidden controls', () => shareForm(leaky, { captions: '\u202e\u0000' }), 400, /empty/],
    ['a caption too long', () => shareForm(leaky, { captions: 'x'.repeat(201) }), 400, /200 characters/],
    ['a JPEG cut before its size', () => shareForm(leaky.subarray(0, 300), {}), 415, /PNG, JPEG or WebP/],
  ];
  for (const [what, body, status, message] of refused) {
    it(`refuses ${what} with ${status}, storing nothing`, async () => {
      const [r0, o0] = [await rows(), await objects()];
      const sent = body();
      const res = await post(
        sent,
        typeof sent === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      );
      const answer = await res.json<{ error: string; code: string }>();
      expect(res.status, JSON.stringify(answer)).toBe(status);
      expect(answer.error).toMatch(message);
      expect([await rows(), await objects()]).toEqual([r0, o0]);
    });
  }
});

describe('animated memes (ADR 0142)', () => {
  /** `n` frames of `w` × `h`, each a different colour with a square moving across, 80 ms each, looping for ever. */
  const frames = (n: number, w = 48, h = 32): Frame[] =>
    Array.from({ length: n }, (_, i) => {
      const rgba = new Uint8Array(w * h * 4);
      for (let p = 0; p < w * h; p++) {
        const x = p % w;
        const inSquare = x >= (i * 3) % (w - 8) && x < ((i * 3) % (w - 8)) + 8 && Math.floor(p / w) < 8;
        rgba.set(inSquare ? [255, 230, 0, 255] : [(20 * i) % 256, 250 - ((20 * i) % 250), 90, 255], p * 4);
      }
      return { rgba, delayMs: 80 };
    });
  const gif12 = encodeGif(frames(12), { width: 48, height: 32, loops: 0 });
  /** An extension block of `label` whose data are `text` in sub-blocks of at most 255 bytes. */
  const extension = (label: number, head: Uint8Array, text: Uint8Array) => {
    const parts: Uint8Array[] = [Uint8Array.of(0x21, label), head];
    for (let i = 0; i < text.length; i += 255)
      parts.push(Uint8Array.of(Math.min(255, text.length - i)), text.subarray(i, i + 255));
    parts.push(Uint8Array.of(0));
    return concat(parts);
  };
  /** The GIF with `blocks` put before its first image block (after the header and global colour table). */
  const withBlocks = (gif: Uint8Array, blocks: Uint8Array[]) => {
    const at = 13 + (gif[10]! & 0x80 ? 3 * 2 ** ((gif[10]! & 7) + 1) : 0);
    return concat([gif.subarray(0, at), ...blocks, gif.subarray(at)]);
  };
  const comment = (text: string | Uint8Array) =>
    extension(0xfe, new Uint8Array(0), typeof text === 'string' ? bin(text) : text);
  const xmpApp = extension(0xff, concat([Uint8Array.of(11), bin('XMP DataXMP')]), bin(XMP));
  const framesOf = (gif: Uint8Array) => [...readGifFrames(gif)];

  it('an uploaded 12-frame GIF comes back from the public image URL with 12 frames of 80 ms, looping, comment and XMP gone', async () => {
    const leakyGif = withBlocks(gif12, [comment('made at 12 Acacia Avenue'), xmpApp]);
    const created = await share(leakyGif, { template: TEMPLATE, captions: ['nope', 'yep'] }, {}, 'image/gif');
    expect(created).toMatchObject({
      contentType: 'image/gif',
      width: 48,
      height: 32,
      altText: 'Meme (Nope / Yep): “nope” / “yep”',
    });
    const image = await api(created.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/gif');
    const kept = await bytesOf(image);
    expect(readGifInfo(kept)).toEqual({ width: 48, height: 32, frames: 12, loops: 0 });
    const back = framesOf(kept);
    expect(back.map((f) => f.delayMs)).toEqual(Array(12).fill(80));
    // Every frame as it was sent (the image data are kept byte for byte).
    expect(back.map((f) => f.rgba)).toEqual(framesOf(gif12).map((f) => f.rgba));
    expect(new TextDecoder().decode(kept)).not.toMatch(/Acacia|XMP|Jane/);
    expect(kept.byteLength).toBe(gif12.byteLength);
  });

  it('takes an animation up to 8 MB (more than a still may be) and 300 frames', async () => {
    // 6 MB of comment: over the still's 5 MB as sent, and stripped to the animation alone.
    const big = withBlocks(gif12, [comment(new Uint8Array(6_000_000).fill(0x41))]);
    expect(big.byteLength).toBeGreaterThan(SHARE_MAX_BYTES);
    const created = await share(big, {}, {}, 'image/gif');
    expect((await rowOf(created.id)) as unknown).toMatchObject({ file_size: gif12.byteLength });
    const most = encodeGif(frames(SHARE_MAX_FRAMES, 8, 8), { width: 8, height: 8, loops: 0 });
    const kept = await bytesOf(await api((await share(most, {}, {}, 'image/gif')).imageUrl));
    expect(readGifInfo(kept).frames).toBe(SHARE_MAX_FRAMES);
  });

  it('takes an animated WebP with every frame and its timing, its EXIF and XMP chunks gone', async () => {
    const stills = await Promise.all(
      frames(5).map((f) =>
        encode({ data: new Uint8ClampedArray(f.rgba), width: 48, height: 32 }, 'webp', { quality: 80 }),
      ),
    );
    const webp = muxAnimatedWebp(
      { width: 48, height: 32, loops: 0 },
      stills.map((still) => ({ still, delayMs: 120 })),
    );
    const leakyWebp = withWebpMetadata(webp);
    expect(new TextDecoder().decode(leakyWebp)).toMatch(/Jane/);
    const created = await share(leakyWebp, { captions: 'moving' }, {}, 'image/webp');
    expect(created).toMatchObject({ contentType: 'image/webp', width: 48, height: 32 });
    const kept = await bytesOf(await api(created.imageUrl));
    const back = readWebpAnimation(kept)!;
    expect([back.frames, back.loops, back.parts.map((p) => p.delayMs)]).toEqual([5, 0, Array(5).fill(120)]);
    expect(new TextDecoder().decode(kept)).not.toMatch(/Jane|Canon/);
  });

  it('a file is what its bytes are, whatever it was declared as: a GIF sent as image/png is kept as a GIF', async () => {
    const created = await share(gif12, {}, {}, 'image/png');
    expect(created.contentType).toBe('image/gif');
    expect((await api(created.imageUrl)).headers.get('content-type')).toBe('image/gif');
  });

  const refusedAnimations: [string, () => FormData, number, RegExp][] = [
    [
      'a GIF over 8 MB',
      () => shareForm(withBlocks(gif12, [comment(new Uint8Array(8_000_000))]), {}, 'image/gif'),
      413,
      /at most 5 MB, or 8 MB when animated/,
    ],
    [
      'a GIF of 301 frames',
      () =>
        shareForm(encodeGif(frames(SHARE_MAX_FRAMES + 1, 8, 8), { width: 8, height: 8, loops: 0 }), {}, 'image/gif'),
      413,
      /301 frames; a shared meme has at most 300/,
    ],
    [
      'a GIF cut off in its third frame',
      () => shareForm(gif12.subarray(0, Math.floor(gif12.byteLength / 4)), {}, 'image/gif'),
      422,
      /GIF is damaged or incomplete/,
    ],
    [
      'a GIF with a broken block',
      () => shareForm(corruptAfterFirstFrame(gif12), {}, 'image/gif'),
      422,
      /GIF is damaged or incomplete/,
    ],
    [
      'a GIF over 2048 px a side',
      () => shareForm(gifDeclaring(2049, 10), {}, 'image/gif'),
      413,
      /2048 pixels a side; this one is 2049 × 10/,
    ],
    [
      'a still PNG over 5 MB declared as a GIF',
      () => shareForm(concat([pngDeclaring(40, 30), new Uint8Array(SHARE_MAX_BYTES)]), {}, 'image/gif'),
      413,
      /at most 5 MB \(8 MB when animated\)/,
    ],
    [
      'text declared as a GIF',
      () => shareForm(bin('GIF is what I say I am, but I am text'), {}, 'image/gif'),
      415,
      /animated GIF or WebP/,
    ],
  ];
  for (const [what, body, status, message] of refusedAnimations) {
    it(`refuses ${what} with ${status}, storing nothing`, async () => {
      const [r0, o0] = [await rows(), await objects()];
      const res = await post(body());
      const answer = await res.json<{ error: string; code: string }>();
      expect(res.status, JSON.stringify(answer)).toBe(status);
      expect(answer.error).toMatch(message);
      expect([await rows(), await objects()]).toEqual([r0, o0]);
    });
  }

  /** The GIF with the introducer of the block after its first image replaced by a byte no GIF block starts with. */
  function corruptAfterFirstFrame(gif: Uint8Array): Uint8Array {
    const out = gif.slice();
    const table = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
    const subBlocks = (at: number) => {
      while (out[at] !== 0) at += out[at]! + 1;
      return at + 1;
    };
    let p = 13 + table(out[10]!);
    while (out[p] === 0x21) p = subBlocks(p + 2);
    expect(out[p]).toBe(0x2c);
    p = subBlocks(p + 10 + table(out[p + 9]!) + 1);
    out[p] = 0x99;
    return out;
  }

  /** A one-frame GIF header declaring `width` × `height` (the size check comes before any block is read). */
  function gifDeclaring(width: number, height: number): Uint8Array {
    const one = encodeGif(frames(1, 2, 2), { width: 2, height: 2, loops: 0 }).slice();
    one[6] = width & 255;
    one[7] = width >> 8;
    one[8] = height & 255;
    one[9] = height >> 8;
    return one;
  }

  /** The animated WebP with an EXIF (a camera) and an XMP chunk at its end, and VP8X's flags saying so. */
  function withWebpMetadata(webp: Uint8Array): Uint8Array {
    const riff = (id: string, data: Uint8Array) => {
      const size = new Uint8Array(4);
      new DataView(size.buffer).setUint32(0, data.length, true);
      return concat([bin(id), size, data, data.length % 2 ? Uint8Array.of(0) : new Uint8Array(0)]);
    };
    const exif = tiffBlock({ ifd0: [ascii(0x010f, 'Canon'), ascii(0x0110, 'Canon EOS 5D')] });
    const out = concat([webp, riff('EXIF', exif), riff('XMP ', bin(XMP))]);
    new DataView(out.buffer, out.byteOffset).setUint32(4, out.length - 8, true);
    out[20] = out[20]! | 0x08 | 0x04; // VP8X: EXIF and XMP present
    return out;
  }
});

describe('burst limit', () => {
  it('a share counts as an upload: after a minute of uploads from one network it is 429 and stores nothing', async () => {
    await awayFromMinuteBoundary();
    const headers = { 'cf-connecting-ip': '198.51.100.77' };
    for (let i = 0; i < RATE_LIMITS_PER_MINUTE.upload; i++)
      await api('/api/upload', { method: 'POST', body: new FormData(), headers });
    const [r0, o0] = [await rows(), await objects()];
    const refused = await post(shareForm(leaky, {}), headers);
    expect(refused.status).toBe(429);
    expect((await refused.json<{ code: string }>()).code).toBe('rate_limited');
    expect([await rows(), await objects()]).toEqual([r0, o0]);
  }, 30_000);

  it('deletes have their own limit: past it from one network even the right token is 429 and the share stays', async () => {
    await awayFromMinuteBoundary();
    const created = await share();
    const headers = { 'cf-connecting-ip': '198.51.100.78', [DELETE_TOKEN_HEADER]: 'x'.repeat(43) };
    const wrong = () => api(`/api/shares/${created.id}`, { method: 'DELETE', headers });
    for (let i = 0; i < RATE_LIMITS_PER_MINUTE['delete-share']; i++) expect((await wrong()).status).toBe(403);
    const refused = await api(`/api/shares/${created.id}`, {
      method: 'DELETE',
      headers: { ...headers, [DELETE_TOKEN_HEADER]: created.deleteToken },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await refused.json<{ code: string }>()).code).toBe('rate_limited');
    expect((await api(`/api/shares/${created.id}`)).status).toBe(200);
    // Another network's creator is not held back by it.
    expect(
      (
        await api(`/api/shares/${created.id}`, {
          method: 'DELETE',
          headers: { 'cf-connecting-ip': '198.51.100.79', [DELETE_TOKEN_HEADER]: created.deleteToken },
        })
      ).status,
    ).toBe(204);
  }, 30_000);
});

describe('GET and DELETE /api/shares/{id}', () => {
  it('answers 404 for an id that is not one and for one never given', async () => {
    for (const id of ['nope', 'ABCDEFGHIJKL', 'abcdefghijk!', 'zzzzzzzzzzzz']) {
      for (const path of [`/api/shares/${encodeURIComponent(id)}`, `/api/shares/${encodeURIComponent(id)}/image`]) {
        const res = await api(path);
        expect(res.status, path).toBe(404);
        expect((await res.json<{ code: string }>()).code).toBe('not_found');
      }
      expect((await remove(encodeURIComponent(id), 'x'.repeat(43))).status).toBe(404);
    }
  });

  it('deletes only with the token: none or a wrong one is 403; then the page data and the picture are 410', async () => {
    const created = await share();
    expect((await remove(created.id)).status).toBe(403);
    const wrong = await remove(
      created.id,
      `${created.deleteToken.slice(0, -1)}${created.deleteToken.endsWith('A') ? 'B' : 'A'}`,
    );
    expect(wrong.status).toBe(403);
    expect((await wrong.json<{ code: string }>()).code).toBe('forbidden');
    expect((await remove(created.id, 'short')).status).toBe(403);
    expect((await api(created.imageUrl)).status).toBe(200);

    const done = await remove(created.id, created.deleteToken);
    expect(done.status).toBe(204);
    for (const path of [`/api/shares/${created.id}`, created.imageUrl]) {
      const res = await api(path);
      expect(res.status, path).toBe(410);
      expect((await res.json<{ code: string }>()).code).toBe('gone');
    }
    expect(await env.BUCKET.head(`${SHARE_EXPIRING_PREFIX}${created.id}`)).toBeNull();
    expect(await rowOf(created.id)).toMatchObject({ deleted_reason: 'creator' });
    expect((await remove(created.id, created.deleteToken)).status).toBe(410);
  });

  it('answers 410 once the days are up, before any cleanup; the cron then deletes the object and keeps fresh ones', async () => {
    const old = await share();
    const fresh = await share();
    await env.DB.prepare('update shares set expires_at = ? where id = ?')
      .bind(Date.now() - 1, old.id)
      .run();
    expect((await api(`/api/shares/${old.id}`)).status).toBe(410);
    expect((await api(old.imageUrl)).status).toBe(410);
    expect(await env.BUCKET.head(`${SHARE_EXPIRING_PREFIX}${old.id}`)).not.toBeNull();

    const controller = createScheduledController({ scheduledTime: new Date(Date.now()), cron: '*/15 * * * *' });
    const ctx = createExecutionContext();
    await worker.scheduled!(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await env.BUCKET.head(`${SHARE_EXPIRING_PREFIX}${old.id}`)).toBeNull();
    expect(await rowOf(old.id)).toMatchObject({ deleted_reason: 'expired' });
    expect(await env.BUCKET.head(`${SHARE_EXPIRING_PREFIX}${fresh.id}`)).not.toBeNull();
    expect((await api(fresh.imageUrl)).status).toBe(200);
    // Nor does a share 29 days old go.
    await env.DB.prepare('update shares set expires_at = ? where id = ?')
      .bind(Date.now() + DAY, fresh.id)
      .run();
    expect((await api(`/api/shares/${fresh.id}`)).status).toBe(200);
  });
});

describe('nothing half-written', () => {
  /** The Worker with `env` changed, called as the platform calls it. */
  const call = (changed: Partial<Env>, form: FormData) =>
    worker.fetch!(
      new Request(`${TEST_ORIGIN}/api/shares`, { method: 'POST', body: form }) as Parameters<
        NonNullable<typeof worker.fetch>
      >[0],
      { ...env, ...changed },
      createExecutionContext(),
    );

  it('a failed row insert deletes the object it stored: 500, no object, no row', async () => {
    const [r0, o0] = [await rows(), await objects()];
    const failing = new Proxy(env.DB, {
      get(target, prop) {
        if (prop !== 'withSession') return Reflect.get(target, prop, target) as unknown;
        return (constraint?: string) => {
          const s = target.withSession(constraint as never);
          return new Proxy(s, {
            get(inner, p) {
              if (p !== 'prepare')
                return (
                  (Reflect.get(inner, p, inner) as (...a: unknown[]) => unknown).bind?.(inner) ??
                  Reflect.get(inner, p, inner)
                );
              return (sql: string) => {
                if (/^insert into "shares"/i.test(sql)) throw new Error('D1 is unavailable');
                return inner.prepare(sql);
              };
            },
          });
        };
      },
    });
    const res = await call({ DB: failing }, shareForm(leaky, { template: TEMPLATE }));
    expect(res.status).toBe(500);
    expect((await res.json<{ code: string }>()).code).toBe('internal_error');
    expect([await rows(), await objects()]).toEqual([r0, o0]);
  });

  it('a failed object write writes no row: 500, nothing stored', async () => {
    const [r0, o0] = [await rows(), await objects()];
    const failing = new Proxy(env.BUCKET, {
      get(target, prop) {
        if (prop === 'put') return () => Promise.reject(new Error('R2 is unavailable'));
        const v = Reflect.get(target, prop, target) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const res = await call({ BUCKET: failing }, shareForm(leaky, {}));
    expect(res.status).toBe(500);
    expect([await rows(), await objects()]).toEqual([r0, o0]);
  });
});

describe('the picture stored is the one sent', () => {
  it('a PNG stays a PNG of the same size', async () => {
    const created = await share(pngDeclaring(64, 48), { captions: 'png' });
    const h = readHeader(await bytesOf(await api(created.imageUrl)));
    expect([h!.format, h!.width, h!.height]).toEqual(['png', 64, 48]);
  });
});
