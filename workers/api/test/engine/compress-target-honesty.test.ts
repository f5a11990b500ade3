/**
 * A target size a 12 MP photo cannot meet at a decent quality at full size (ADR 0210): the picture is made smaller,
 * aspect kept, until the target is met at SCALED_QUALITY, in at most three billed encodes; and where even the
 * smallest picture allowed misses, the answer says so in KB, with the smallest file and a target that can be met.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { getImageService } from '../../src/imaging/service';
import type { Whole } from '../../src/imaging/ops/compress/large-picture';
import { targetLarge } from '../../src/imaging/ops/compress/large-target';
import { notBilled } from '../../src/billed-calls';
import {
  MIN_SCALED_LONG_SIDE,
  SCALED_QUALITY,
  TARGET_QUALITY_FLOOR,
} from '../../src/imaging/ops/compress/large-target-scale';
import { corpusFile, corpusIndex, resultBytes, toolRequest, type ToolBody } from '../support/corpus';
import { recordingImages } from '../support/images-binding';
import { makePhoto } from '../support/photos';

let photo: Uint8Array;
const input = async () => (photo ??= await makePhoto({ width: 4000, height: 3000, seed: 4006 }));

/** The route on the production adapter over a recording double of the binding: every billed call counted. */
async function compressCounted(targetBytes: number) {
  const images = recordingImages(getImageService(env, notBilled));
  const bound = env as unknown as { IMAGE_SERVICE: string; IMAGES: unknown };
  const before = { service: bound.IMAGE_SERVICE, images: bound.IMAGES };
  Object.assign(bound, { IMAGE_SERVICE: 'cloudflare', IMAGES: images });
  try {
    const res = await toolRequest('optimize', await input(), { operation: 'compress', format: 'jpeg', targetBytes });
    const body = await res.json<ToolBody>();
    expect(res.status, JSON.stringify(body)).toBe(200);
    return { body, bytes: await resultBytes(body.imageUrl), calls: images.calls.length };
  } finally {
    Object.assign(bound, { IMAGE_SERVICE: before.service, IMAGES: before.images });
  }
}

describe('a target size too small for the full-size photo', () => {
  it('is met by a smaller picture at a decent quality, aspect kept, said in KB and pixels', {
    timeout: 180_000,
  }, async () => {
    // q10 at full size is about 109 KB and q20 about 199 KB on this photo: 150 KB needs about q15 there.
    const target = 150_000;
    const { body, bytes, calls } = await compressCounted(target);
    const note = body.notes.join(' ');
    expect(bytes.length, note).toBeLessThanOrEqual(target);
    expect(bytes.length, note).toBeGreaterThanOrEqual(0.8 * target);
    expect(body.quality, note).toBe(SCALED_QUALITY);
    expect(body.quality).toBeGreaterThanOrEqual(TARGET_QUALITY_FLOOR);
    expect(body.width).toBeLessThan(4000);
    expect(Math.abs(body.height - (body.width * 3) / 4)).toBeLessThanOrEqual(1);
    expect(calls).toBeLessThanOrEqual(3);
    expect(note).toMatch(
      new RegExp(
        `Reached 1\\d\\d KB by making the picture ${body.width.toLocaleString('en-US')} × ${body.height.toLocaleString('en-US')} px \\(from 4,000 × 3,000 px\\) at quality ${SCALED_QUALITY}`,
      ),
    );
    // Sizes in words, never a raw count of bytes.
    expect(note).not.toMatch(/\d{4,} bytes|\d{4,}\)/);
  });

  it('keeps every pixel where the full-size photo meets the target at a quality from the floor to 35', {
    timeout: 180_000,
  }, async () => {
    // q20 at full size is about 199 KB and q30 about 303 KB on this photo: 280 KB needs about q27 there. On real
    // photos a full-size file at q20–35 looked as good as or better than a smaller picture of the same bytes (ADR 0210).
    const target = 280_000;
    const { body, bytes, calls } = await compressCounted(target);
    const note = body.notes.join(' ');
    expect(bytes.length, note).toBeLessThanOrEqual(target);
    expect(bytes.length, note).toBeGreaterThanOrEqual(0.8 * target);
    expect([body.width, body.height], note).toEqual([4000, 3000]);
    expect(body.quality, note).toBeGreaterThanOrEqual(TARGET_QUALITY_FLOOR);
    expect(body.quality, note).toBeLessThan(35);
    expect(calls).toBeLessThanOrEqual(3);
    expect(note).toMatch(/^Reached \d+ KB \(target 280 KB\) at quality \d+\.$/);
  });

  it('where even the smallest picture allowed misses, says so with the smallest file and a target that can be met', {
    timeout: 180_000,
  }, async () => {
    const { body, bytes, calls } = await compressCounted(20_000);
    const note = body.notes.join(' ');
    expect(bytes.length).toBeGreaterThan(20_000);
    expect(Math.max(body.width, body.height)).toBe(MIN_SCALED_LONG_SIDE);
    expect(calls).toBeLessThanOrEqual(3);
    expect(note).toMatch(
      /Could not reach 20 KB; the smallest was \d+(\.\d+)? KB \(1,280 × 960 px at quality \d+\)\. A target of \d+ KB or more can be reached, or choose a smaller size\./,
    );
  });
});

/**
 * The target-size search of a large picture (ADR 0210) on a real picture: libwebp's test frame
 * `webp/vp80-00-comprehensive-008.webp` (1,432 × 888 px, a dark film frame) from the shared corpus, encoded whole by
 * the offline image service. At 1,280 px and quality 80 it is 31.8 KB, three times a target it meets at full size at
 * about quality 17: fewer pixels at that quality cannot meet such a target at any size allowed, and a try spent there
 * is a try the full-size search lacks (on a render whose second full-size try was just over, the answer was a miss,
 * 136 KB for 79 KB, where quality 19 at full size met it: ADR 0210).
 */
const FRAME = 'webp/vp80-00-comprehensive-008.webp';

describe('a target a real picture meets at full size only under the floor, and never at 1,280 px at quality 80', () => {
  it('is met at full size, with no try spent on a smaller picture that would miss it', {
    timeout: 60_000,
  }, async () => {
    if (!(await corpusIndex())) return;
    const input = await corpusFile(FRAME);
    const images = getImageService(env, notBilled);
    const sizes: string[] = [];
    const encode: Whole = async (format, quality, size) => {
      sizes.push(size ? `${size.width}×${size.height} q${quality}` : `full size q${quality}`);
      return (
        await images.run({
          input,
          steps: size ? [{ op: 'resize', ...size, fit: 'stretch' }] : [],
          output: { format, ...(format === 'png' ? {} : { quality }) },
        })
      ).bytes;
    };
    // q20 at full size is 11.1 KB and q15 10.2 KB here: 10.5 KB needs about q17.
    const target = 10_500;
    const r = await targetLarge(encode, 'jpeg', target, false, 3, '', { width: 1432, height: 888 });
    const note = r.notes.join(' ');
    expect(r.bytes.length, note).toBeLessThanOrEqual(target);
    expect(r.size, note).toBeUndefined();
    expect(
      sizes.filter((s) => !s.startsWith('full size')),
      sizes.join(', '),
    ).toEqual([]);
    expect(note).toMatch(/^Reached \d+(\.\d+)? KB \(target 10.5 KB\) at quality \d+\.$/);
  });
});
