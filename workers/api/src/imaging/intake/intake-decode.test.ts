/**
 * Intake's decode handed to the operation (ADR 0203): a tool route's intake decodes the picture to refuse broken pixel
 * data, and the operation's decode of the same bytes takes that raster instead of decoding again, once.
 */
import { describe, expect, it } from 'vitest';
import { syntheticPhoto } from '../../../test/support/synthetic';
import { decode, forgetDecoded, keepForNextDecode } from '../codecs/decode';
import { encode } from '../codecs/encode';
import type { Raster } from '../codecs/raster';
import { intake } from './intake';

const png = () => encode(syntheticPhoto(48, 32), 'png', { quality: 100, optimise: false });

/** The pixels a decode gives, or 'unreadable' when it refuses the bytes. */
const pixelsOf = (bytes: Uint8Array, header: Parameters<typeof decode>[1]) =>
  decode(bytes, header).then(
    (r) => Array.from(r.data),
    () => 'unreadable' as const,
  );

/** Spoils the picture data in place after intake took it: only a raster decoded before can still show the picture. */
const spoil = (bytes: Uint8Array) => bytes.fill(0x5a, 60, bytes.length - 20);

describe('intake hands its decode to the next decode of the same picture', () => {
  it('a kept raster is what the next decode of those bytes and that header gives, once', async () => {
    const bytes = await png();
    const header = (await intake(bytes)).header;
    const kept: Raster = syntheticPhoto(2, 2);
    keepForNextDecode(bytes, header, kept);
    expect(await decode(bytes, header)).toBe(kept);
    const fresh = await decode(bytes, header);
    expect([fresh.width, fresh.height]).toEqual([48, 32]);
  });

  it('with keepPixels, the operation gets the pixels intake decoded, and only the first decode does', async () => {
    const original = await png();
    const expected = await pixelsOf(original.slice(), (await intake(original.slice())).header);
    const picture = await intake(original, { keepPixels: true });
    spoil(picture.bytes);
    expect(await pixelsOf(picture.bytes, picture.header)).toEqual(expected);
    expect(await pixelsOf(picture.bytes, picture.header)).not.toEqual(expected);
  });

  it('keeps nothing unless asked (upload, analysis, privacy), for another header, or once forgotten', async () => {
    const expected = await pixelsOf(await png(), (await intake(await png())).header);

    const plain = await intake(await png());
    spoil(plain.bytes);
    expect(await pixelsOf(plain.bytes, plain.header)).not.toEqual(expected);

    const other = await intake(await png(), { keepPixels: true });
    spoil(other.bytes);
    expect(await pixelsOf(other.bytes, { ...other.header })).not.toEqual(expected);

    const forgotten = await intake(await png(), { keepPixels: true });
    spoil(forgotten.bytes);
    forgetDecoded(forgotten.bytes);
    expect(await pixelsOf(forgotten.bytes, forgotten.header)).not.toEqual(expected);
  });
});
