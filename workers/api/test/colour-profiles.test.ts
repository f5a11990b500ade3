/**
 * A photo's colour profile survives re-encoding in the isolate (icc.ts), read back by exiftool: rocket.jpg is tagged
 * Adobe RGB (1998), which shown as sRGB looks dull and shifted. An sRGB profile (the Hubble field's) is not copied.
 */
import { describe, expect, it } from 'vitest';
import { corpusFile, corpusIndex, exiftool, resultBytes, toolRequest, type ToolBody } from './support/corpus';

const index = await corpusIndex();

const profileOf = (tags: Record<string, unknown>) => Object.entries(tags).find(([k]) => k.endsWith(':ProfileDescription'))?.[1];

/** `engine`: where the profile is carried over by our own code (icc.ts) rather than by the image service. */
async function call(route: string, image: Uint8Array, fields: Record<string, string | number>, engine?: ToolBody['engine']) {
  const res = await toolRequest(route, image, fields);
  const body = await res.json<ToolBody>();
  expect(res.status, JSON.stringify(body)).toBe(200);
  if (engine) expect(body.engine).toBe(engine);
  return { body, tags: await exiftool(await resultBytes(body.imageUrl)) };
}

describe.skipIf(!index)('colour profiles', () => {
  it('keeps Adobe RGB in JPEG, PNG and WebP results', async () => {
    const rocket = await corpusFile('photos/rocket.jpg');
    expect(profileOf(await exiftool(rocket))).toBe('Adobe RGB (1998)');
    for (const [route, fields] of [
      ['optimize', { operation: 'compress', quality: 70 }],
      ['convert', { format: 'png' }],
      ['convert', { format: 'webp', quality: 80 }],
      ['modify', { operation: 'crop', x: 10, y: 10, width: 300, height: 200 }],
    ] as const) {
      const { body, tags } = await call(route, rocket, fields, 'wasm');
      expect(profileOf(tags), `${route} ${JSON.stringify(fields)} → ${body.format}`).toBe('Adobe RGB (1998)');
    }
  });

  // The Hubble field is larger than one time slice of the isolate (ADR 0122): it is the image service's work, which must
  // not add the profile either.
  it('does not copy an sRGB profile, which viewers assume anyway', async () => {
    const hubble = await corpusFile('photos/hubble_deep_field.jpg');
    expect(profileOf(await exiftool(hubble))).toBe('sRGB IEC61966-2.1');
    const { tags } = await call('convert', hubble, { format: 'webp', quality: 80 });
    expect(profileOf(tags)).toBeUndefined();
  });
});
