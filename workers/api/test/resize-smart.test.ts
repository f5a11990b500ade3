/**
 * A cover resize that keeps the subject (position `smart`, ADR 0134): the picture's detailed part near an edge
 * survives a 1:3 crop that the centred crop cuts, through the route, in the isolate.
 */
import { describe, expect, it } from 'vitest';
import { decode } from '../src/imaging/codecs/decode';
import { encode } from '../src/imaging/codecs/encode';
import { createRaster } from '../src/imaging/codecs/raster';
import { readHeader } from '../src/imaging/intake/sniff';
import { resultBytes, toolRequest, type ToolBody } from './support/corpus';

const SUBJECT = { x: 40, y: 110, side: 64 };

/** 900×300 of flat grey, with a black-and-white checked block (the subject) near the left edge. */
function picture() {
  const r = createRaster(900, 300);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const inside = x >= SUBJECT.x && x < SUBJECT.x + SUBJECT.side && y >= SUBJECT.y && y < SUBJECT.y + SUBJECT.side;
      const v = inside ? ((Math.floor((x - SUBJECT.x) / 8) + Math.floor((y - SUBJECT.y) / 8)) % 2 ? 250 : 5) : 128;
      r.data.set([v, v, v, 255], (y * r.width + x) * 4);
    }
  }
  return encode(r, 'png', { quality: 100 });
}

/** The pixels of the result that belong to the subject (far from the flat grey). */
async function subjectPixels(body: ToolBody): Promise<number> {
  const bytes = await resultBytes(body.imageUrl);
  const out = await decode(bytes, readHeader(bytes)!);
  let n = 0;
  for (let i = 0; i < out.width * out.height; i++) if (Math.abs(out.data[i * 4]! - 128) > 100) n++;
  return n;
}

describe('resize with fit cover and position smart', () => {
  it('keeps the whole subject near the edge in a 1:3 crop; centre cuts it', async () => {
    const png = await picture();
    const fields = { operation: 'resize', width: 100, height: 300, fit: 'cover' };
    const smart = await toolRequest('modify', png, { ...fields, position: 'smart' });
    const smartBody = await smart.json<ToolBody>();
    expect(smart.status, JSON.stringify(smartBody)).toBe(200);
    expect(smartBody).toMatchObject({ width: 100, height: 300, engine: 'wasm' });
    expect(smartBody.notes.join(' ')).toMatch(/Cropped to fill 100×300, keeping the most detailed part\./);
    // Scale 1: the crop is 100×300 of the picture, so the whole 64×64 subject is 4,096 pixels of the result.
    expect(await subjectPixels(smartBody)).toBe(SUBJECT.side * SUBJECT.side);

    const centre = await toolRequest('modify', png, { ...fields, position: 'centre' });
    expect(await subjectPixels(await centre.json<ToolBody>())).toBe(0);
    // No position is the centred crop, as before.
    const unset = await toolRequest('modify', png, fields);
    expect(await subjectPixels(await unset.json<ToolBody>())).toBe(0);
  });

  it('refuses an unknown position with 400', async () => {
    const res = await toolRequest('modify', await picture(), { operation: 'resize', width: 100, height: 300, fit: 'cover', position: 'north' });
    const body = await res.json<ToolBody>();
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: 'validation_failed' });
    expect(body.error).toMatch(/Position must be one of smart, centre\./);
  });
});
