/**
 * A cover resize that keeps the subject (position `smart`, the default: ADR 0136 and 0134), through the route, in the
 * isolate, with the fake AI provider's face boxes (src/ai/fake.ts FAKE_FACES_MARKER): faces frame the crop when they
 * fit, the most detailed part when they do not or when detection fails, is slow or is not set up, and `centre` stays
 * a choice. The answer says which (`framing`, and the notes).
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { modifyFieldsSchema } from '../../../../core/api/tools';
import { holds, type Rect } from '../../../../core/tools/cover-framing';
import {
  FAKE_FACES_MARKER,
  FAKE_FAIL_MARKER,
  FAKE_NOBODY_MARKER,
  FAKE_SLOW_MARKER,
  FAKE_UNAVAILABLE_MARKER,
} from '../../src/ai/fake';
import { unconfiguredProvider } from '../../src/ai/unconfigured';
import { decode } from '../../src/imaging/codecs/decode';
import { encode } from '../../src/imaging/codecs/encode';
import { createRaster } from '../../src/imaging/codecs/raster';
import { probe, runFields, type ToolFields } from '../../src/imaging/engine';
import { FACE_TIME_BUDGET_MS } from '../../src/imaging/ops/resize/framing';
import { getImageService } from '../../src/imaging/service';
import { readHeader } from '../../src/imaging/intake/sniff';
import { resultBytes, toolRequest, type ToolBody } from '../support/corpus';
import { markedPng } from '../support/marked-png';
import { makePhoto } from '../support/photos';
import { notBilled } from '../../src/billed-calls';

const W = 900;
const H = 300;
/** The detailed part: a black-and-white block of 32 px checks near the right edge (they survive the 96 px grey copy). */
const DETAIL = { x: 760, y: 110, side: 64 };
/**
 * The "face": a plain red block near the left edge, about as light as the grey around it (so it has little edge energy
 * in the grey copy the detail search reads): only the face boxes can choose it.
 */
const FACE: Rect = { x: 30, y: 100, width: 60, height: 80 };
const OTHER_FACE: Rect = { x: 600, y: 100, width: 60, height: 80 };

type Body = ToolBody & { framing?: Rect & { by: string } };

/** 900×300 of flat grey with the face and the detail, marked (inside the PNG) with what the fake provider answers. */
async function picture(marker = '') {
  const r = createRaster(W, H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inDetail = x >= DETAIL.x && x < DETAIL.x + DETAIL.side && y >= DETAIL.y && y < DETAIL.y + DETAIL.side;
      const v = inDetail ? ((Math.floor((x - DETAIL.x) / 32) + Math.floor((y - DETAIL.y) / 32)) % 2 ? 250 : 5) : 128;
      const inFace = holds(FACE, { x, y, width: 1, height: 1 });
      r.data.set(inFace ? [255, 70, 60, 255] : [v, v, v, 255], (y * W + x) * 4);
    }
  }
  const png = await encode(r, 'png', { quality: 100 });
  return marker ? markedPng(png, marker) : png;
}

const facesMarker = (...faces: Rect[]) =>
  FAKE_FACES_MARKER + faces.map((f) => [f.x / W, f.y / H, f.width / W, f.height / H].join(',')).join(';');

/** Pixels of the result that are the face (red) and the detail (far from grey, not red). */
async function kept(body: Body): Promise<{ face: number; detail: number }> {
  const bytes = await resultBytes(body.imageUrl);
  const out = await decode(bytes, readHeader(bytes)!);
  let face = 0;
  let detail = 0;
  for (let i = 0; i < out.width * out.height; i++) {
    const [r, g] = [out.data[i * 4]!, out.data[i * 4 + 1]!];
    if (r > 200 && g > 40 && g < 100) face++;
    else if (Math.abs(g - 128) > 100) detail++;
  }
  return { face, detail };
}

async function resize(png: Uint8Array, extra: Record<string, string> = {}): Promise<Body> {
  const res = await toolRequest('modify', png, {
    operation: 'resize',
    width: 100,
    height: 300,
    fit: 'cover',
    ...extra,
  });
  const body = await res.json<Body>();
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({ width: 100, height: 300, engine: 'wasm' });
  return body;
}

describe('resize with fit cover and position smart', () => {
  it('a 1:3 crop of a picture with a face off-centre keeps the whole face: smart is the default, centre cuts it', async () => {
    const png = await picture(facesMarker(FACE));
    const body = await resize(png);
    expect(body.framing?.by).toBe('faces');
    expect(holds(body.framing!, FACE)).toBe(true);
    expect(body.notes).toContain('Cropped to fill 100×300, keeping the face in frame.');
    // Scale 1: the window is 100×300 of the picture, so the whole face is its 4,800 pixels in the result.
    expect((await kept(body)).face).toBe(FACE.width * FACE.height);

    const centre = await resize(png, { position: 'centre' });
    expect(centre.framing).toEqual({ by: 'centre', x: 400, y: 0, width: 100, height: 300 });
    expect(centre.notes).toContain('Cropped to fill 100×300.');
    expect(await kept(centre)).toEqual({ face: 0, detail: 0 });
  });

  it('with no faces, keeps the most detailed part, and says so', async () => {
    const body = await resize(await picture(FAKE_NOBODY_MARKER), { position: 'smart' });
    expect(body.framing?.by).toBe('detail');
    expect(holds(body.framing!, { x: DETAIL.x, y: DETAIL.y, width: DETAIL.side, height: DETAIL.side })).toBe(true);
    expect(body.notes).toEqual(['Cropped to fill 100×300, keeping the most detailed part.']);
    expect(await kept(body)).toEqual({ face: 0, detail: DETAIL.side * DETAIL.side });
  });

  it('faces that do not fit the window together: the detail decides, and the answer says why', async () => {
    const body = await resize(await picture(facesMarker(FACE, OTHER_FACE)));
    expect(body.framing?.by).toBe('detail');
    expect(body.notes).toEqual([
      'Cropped to fill 100×300, keeping the most detailed part.',
      'The faces do not fit together in a frame of this shape (100×300), so the crop keeps the most detailed part.',
    ]);
    expect((await kept(body)).detail).toBe(DETAIL.side * DETAIL.side);
  });

  it.each([
    ['fails', FAKE_FAIL_MARKER, 'the AI service did not answer'],
    ['is unavailable', FAKE_UNAVAILABLE_MARKER, 'the AI service did not answer'],
  ])('when the face detector %s, the resize still succeeds on the detail, labelled', async (_, marker, why) => {
    const body = await resize(await picture(`${marker} ${facesMarker(FACE)}`));
    expect(body.framing?.by).toBe('detail');
    expect(body.notes).toEqual([
      'Cropped to fill 100×300, keeping the most detailed part.',
      `Faces were not looked for (${why}), so the crop keeps the most detailed part.`,
    ]);
    expect(await kept(body)).toEqual({ face: 0, detail: DETAIL.side * DETAIL.side });
  });

  it(`when the face detector is slower than ${FACE_TIME_BUDGET_MS / 1000} s, the resize goes on without it`, {
    timeout: 30_000,
  }, async () => {
    const started = Date.now();
    const body = await resize(await picture(`${FAKE_SLOW_MARKER} ${facesMarker(FACE)}`));
    expect(Date.now() - started).toBeLessThan(FACE_TIME_BUDGET_MS + 5000);
    expect(body.framing?.by).toBe('detail');
    expect(body.notes[1]).toBe(
      `Faces were not looked for (looking for faces took longer than ${FACE_TIME_BUDGET_MS / 1000} s), so the crop keeps the most detailed part.`,
    );
  });

  it('with no AI service set up, the resize still keeps the most detailed part, and says why faces were not used', async () => {
    const fields = modifyFieldsSchema.parse({
      operation: 'resize',
      width: '100',
      height: '300',
      fit: 'cover',
    }) as ToolFields;
    const result = await runFields(probe(await picture(facesMarker(FACE))), fields, {
      images: getImageService(env, notBilled),
      ai: unconfiguredProvider,
    });
    expect(result).toMatchObject({ width: 100, height: 300, framing: { by: 'detail' } });
    expect(result.notes).toEqual([
      'Cropped to fill 100×300, keeping the most detailed part.',
      'Faces were not looked for (no AI service is set up here), so the crop keeps the most detailed part.',
    ]);
  });

  it('a picture only the image service can hold is framed the same way, by a copy the service makes', {
    timeout: 60_000,
  }, async () => {
    // The fake provider's face is the middle half of the copy it is sent: x 750–2250, y 375–1125 of 3000×1500.
    const res = await toolRequest('modify', await makePhoto({ width: 3000, height: 1500, seed: 5 }), {
      operation: 'resize',
      width: 800,
      height: 600,
      fit: 'cover',
    });
    const body = await res.json<Body>();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      width: 800,
      height: 600,
      engine: 'images',
      framing: { by: 'faces', y: 0, width: 2000, height: 1500 },
    });
    expect(holds(body.framing!, { x: 750, y: 375, width: 1500, height: 750 })).toBe(true);
    expect(body.notes[0]).toBe('Cropped to fill 800×600, keeping the face in frame.');
  });

  it('a box of the picture’s shape crops nothing and looks for nothing', async () => {
    const res = await toolRequest('modify', await picture(FAKE_FAIL_MARKER), {
      operation: 'resize',
      width: 300,
      height: 100,
      fit: 'cover',
    });
    const body = await res.json<Body>();
    expect(res.status).toBe(200);
    expect(body.framing).toEqual({ by: 'centre', x: 0, y: 0, width: W, height: H });
    expect(body.notes).toEqual(['Resized to 300×100.']);
  });

  it('refuses an unknown position with 400', async () => {
    const res = await toolRequest('modify', await picture(), {
      operation: 'resize',
      width: 100,
      height: 300,
      fit: 'cover',
      position: 'north',
    });
    const body = await res.json<ToolBody>();
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: 'validation_failed' });
    expect(body.error).toMatch(/Position must be one of smart, centre\./);
  });
});
