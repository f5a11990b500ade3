/**
 * ADR 0122: pixel work runs in short slices (every decode and encode a turn of the event loop of its own, no step
 * given more pixels than it can do within SLICE_BUDGET_MS), larger pictures go to the image service, and a tool job
 * past its deadline is stopped with a 503 in our words.
 */
import UTIF from 'utif2';
import { describe, expect, it } from 'vitest';
import { TOOL_DEADLINE_MS, throwIfCancelled, withDeadline } from '../../src/cancel';
import { HttpError } from '../../src/errors';
import { decode } from '../../src/imaging/codecs/decode';
import { encode } from '../../src/imaging/codecs/encode';
import { probe, run } from '../../src/imaging/engine';
import { encodePngRows } from '../../src/imaging/codecs/png-rows';
import { getImageService } from '../../src/imaging/service';
import { encodeSlicePixels } from '../../src/imaging/slices';
import { readHeader } from '../../src/imaging/intake/sniff';
import { env } from 'cloudflare:workers';
import { toolRequest, type ToolBody } from '../support/corpus';
import { loopTurnsDuring } from '../support/loop-turns';
import { syntheticPhoto } from '../support/synthetic';
import { notBilled } from '../../src/billed-calls';

const side = (pixels: number) => Math.floor(Math.sqrt(pixels));

describe('pixel work in slices', () => {
  it('a decode and an encode each let the event loop turn, so the step after them starts a slice of its own', async () => {
    const picture = syntheticPhoto(64, 48);
    await encode(picture, 'jpeg', { quality: 80 }); // codec instantiated outside the count
    const encoded = await loopTurnsDuring(() => encode(picture, 'jpeg', { quality: 80 }));
    expect(encoded.turns).toBeGreaterThanOrEqual(1);
    const decoded = await loopTurnsDuring(() => decode(encoded.result, readHeader(encoded.result)!));
    expect(decoded.turns).toBeGreaterThanOrEqual(2);
  });

  it('a large PNG overlay written row by row lets the event loop turn between bands', async () => {
    const { result, turns } = await loopTurnsDuring(() => encodePngRows(1200, 1000, (_y, into) => into.fill(128)));
    expect(readHeader(result)).toMatchObject({ width: 1200, height: 1000 });
    expect(turns).toBeGreaterThanOrEqual(2);
  });

  it('compresses a JPEG at quality 80 in the isolate within one encode slice, and one just over it on the image service', async () => {
    const limit = encodeSlicePixels('jpeg', 80);
    const under = side(limit * 0.8);
    const over = side(limit * 1.3);
    const small = await encode(syntheticPhoto(under, under), 'jpeg', { quality: 95 });
    const large = await encode(syntheticPhoto(over, over), 'jpeg', { quality: 95 });
    const a = await (
      await toolRequest('optimize', small, { operation: 'compress', quality: 80, format: 'jpeg' })
    ).json<ToolBody>();
    const b = await (
      await toolRequest('optimize', large, { operation: 'compress', quality: 80, format: 'jpeg' })
    ).json<ToolBody>();
    expect([a.engine, b.engine]).toEqual(['wasm', 'images']);
    expect(b).toMatchObject({ width: over, height: over, format: 'jpeg' });
  }, 60_000);

  it('converts a TIFF too large to encode in a slice through the image service, as a PNG made in the isolate first', async () => {
    const s = side(encodeSlicePixels('jpeg', 80) * 2);
    const rgba = syntheticPhoto(s, s).data;
    const tiff = new Uint8Array(UTIF.encodeImage(new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength), s, s));
    const res = await toolRequest('convert', tiff, { format: 'jpeg', quality: 80 });
    const body = await res.json<ToolBody>();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ engine: 'images', format: 'jpeg', width: s, height: s });
  }, 60_000);
});

describe('the tool job deadline', () => {
  it('is 60 s, and a job past it stops at its next step with 503 took_too_long in our words', async () => {
    expect(TOOL_DEADLINE_MS).toBe(60_000);
    const signal = withDeadline(undefined, 1);
    await new Promise((r) => setTimeout(r, 20));
    const picture = probe(await encode(syntheticPhoto(32, 32), 'png', { quality: 100 }));
    const services = { images: getImageService(env, notBilled), ai: {} as never, signal };
    const err = await run('compress', picture, { format: 'png', quality: 80 }, services).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({
      status: 503,
      code: 'took_too_long',
      message: expect.stringContaining('took longer than 60 seconds'),
    });
  });

  it('tells a cancel (499) from a deadline (503)', () => {
    const cancel = new AbortController();
    cancel.abort();
    expect(() => throwIfCancelled(withDeadline(cancel.signal))).toThrow(
      expect.objectContaining({ status: 499, code: 'cancelled' }),
    );
    expect(() => throwIfCancelled(undefined)).not.toThrow();
  });
});
