/**
 * `quality=auto` held against judges nobody here wrote: libjxl's `ssimulacra_main` (and butteraugli in the bench),
 * run on the Node side by the ORACLE service. On every corpus photo and on 12 MP photos, auto's file must score no
 * worse than libvips' default JPEG q75 of the same photo, be smaller than the input, and our judge must agree with
 * libjxl's within a few percent.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ssimulacra } from './support/oracle';
import { decode } from '../src/imaging/codecs/decode';
import { encode } from '../src/imaging/codecs/encode';
import { judgeFor } from '../src/imaging/ops/compress/judge/judge';
import { AUTO_TARGET_SCORE } from '../src/imaging/options';
import { readHeader } from '../src/imaging/intake/sniff';
import { corpusFile, corpusIndex, resultBytes, toolRequest, type ToolBody } from './support/corpus';
import { makePhoto } from './support/photos';


const vipsJpeg = async (original: Uint8Array, quality: number) =>
  new Uint8Array(await (await env.ORACLE.fetch(`http://oracle/vips-jpeg?quality=${quality}`, { method: 'POST', body: original as Uint8Array<ArrayBuffer> })).arrayBuffer());

const index = await corpusIndex();
const photos = (index ?? []).filter((p) => /^photos\/.*\.(png|jpg)$/.test(p) && !p.includes('truncated'));

async function autoAgainstQ75(input: Uint8Array) {
  const res = await toolRequest('optimize', input, { operation: 'compress', quality: 'auto', format: 'auto' });
  const body = await res.json<ToolBody>();
  expect(res.status, JSON.stringify(body)).toBe(200);
  const ours = await ssimulacra(input, await resultBytes(body.imageUrl));
  const q75 = await ssimulacra(input, await vipsJpeg(input, 75));
  return { body, ours, q75 };
}

describe.skipIf(!index)('quality=auto against libjxl ssimulacra_main', () => {
  it('finds the corpus photos', () => expect(photos.length).toBeGreaterThanOrEqual(6));

  for (const path of photos) {
    it(`${path}: no worse than libvips JPEG q75, smaller than the input`, { timeout: 60_000 }, async () => {
      const input = await corpusFile(path);
      const { body, ours, q75 } = await autoAgainstQ75(input);
      expect(ours, `auto ${body.format} q${body.quality}: ${ours}, libvips q75: ${q75}`).toBeLessThanOrEqual(q75);
      expect(body.size).toBeLessThan(input.length);
      expect(body.looksSame, JSON.stringify({ ...body, imageUrl: undefined })).toBe(true);
      // "Looks the same" holds for the outside judge too (colour profiles included: rocket.jpg is Adobe RGB).
      expect(ours).toBeLessThanOrEqual(AUTO_TARGET_SCORE * 1.1);
    });
  }

  for (const orientation of [1, 6]) {
    it(`a 12 MP phone photo (orientation ${orientation}): no worse than libvips JPEG q75, smaller than the input`, { timeout: 120_000 }, async () => {
      const input = await makePhoto({ width: 4000, height: 3000, orientation, seed: 16 + orientation });
      const { body, ours, q75 } = await autoAgainstQ75(input);
      expect(body.engine).toBe('images');
      expect(ours, `auto ${body.format} q${body.quality}: ${ours}, libvips q75: ${q75}`).toBeLessThanOrEqual(q75);
      expect(body.size).toBeLessThan(input.length);
      expect(body.notes.join(' ')).toMatch(/Judged at full size on \d+ \d+×\d+ samples spread over the photo/);
    });
  }

  it('our judge reads what libjxl reads, within 4%', { timeout: 60_000 }, async () => {
    for (const path of photos.slice(0, 3)) {
      const file = await corpusFile(path);
      const source = await decode(file, readHeader(file)!);
      // Both sides see the same pixels: the source as a plain PNG (no colour profile to convert).
      const original = await encode(source, 'png', { quality: 100, optimise: false });
      const judge = judgeFor(source);
      for (const [format, quality] of [['jpeg', 40], ['jpeg', 85], ['webp', 70]] as const) {
        const candidate = await encode(source, format, { quality });
        const theirs = await ssimulacra(original, candidate);
        const ours = judge(await decode(candidate, readHeader(candidate)!));
        expect(Math.abs(ours - theirs) / theirs, `${path} ${format} q${quality}: ours ${ours}, libjxl ${theirs}`).toBeLessThan(0.04);
      }
    }
  });
});
