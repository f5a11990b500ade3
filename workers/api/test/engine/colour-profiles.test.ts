/**
 * A photo's colour profile survives re-encoding in the isolate (icc.ts) and through the image service (ADR 0126), read
 * back by exiftool: rocket.jpg is tagged Adobe RGB (1998), which shown as sRGB looks dull and shifted. An sRGB profile
 * (the Hubble field's) is not copied.
 */
import { describe, expect, it } from 'vitest';
import { ssimulacra } from '../support/oracle';
import { AUTO_TARGET_SCORE } from '../../src/imaging/options';
import { corpusFile, corpusIndex, exiftool, resultBytes, toolRequest, type ToolBody } from '../support/corpus';
import { makePhoto } from '../support/photos';

const index = await corpusIndex();

const profileOf = (tags: Record<string, unknown>) =>
  Object.entries(tags).find(([k]) => k.endsWith(':ProfileDescription'))?.[1];

/** `engine`: where the profile is carried over by our own code (icc.ts) rather than by the image service. */
async function call(
  route: string,
  image: Uint8Array,
  fields: Record<string, string | number>,
  engine?: ToolBody['engine'],
) {
  const res = await toolRequest(route, image, fields);
  const body = await res.json<ToolBody>();
  expect(res.status, JSON.stringify(body)).toBe(200);
  if (engine) expect(body.engine).toBe(engine);
  const bytes = await resultBytes(body.imageUrl);
  return { body, bytes, tags: await exiftool(bytes) };
}

/**
 * `quality=auto` on a photo with its own profile, in the isolate up to 0.4 MP, by the image service above (ADR 0140).
 * Both read the photo's own pixel values and its file gets the profile back (ADR 0126), so the judge's samples and the
 * file are in one colour space; the target is held lower for it (anchor.ts OWN_PROFILE_MARGIN).
 */
async function autoKeepsProfile(photo: Uint8Array, engine: 'wasm' | 'images') {
  const { body, bytes, tags } = await call(
    'optimize',
    photo,
    { operation: 'compress', quality: 'auto', format: 'auto' },
    engine,
  );
  expect(body.looksSame, JSON.stringify({ ...body, imageUrl: undefined })).toBe(true);
  expect(body.size).toBeLessThan(photo.length);
  // Looks the same to a judge nobody here wrote, which converts both to sRGB as a viewer does.
  expect(await ssimulacra(photo, bytes)).toBeLessThanOrEqual(AUTO_TARGET_SCORE * 1.1);
  return profileOf(tags);
}

describe('colour profiles through the image service', () => {
  it("keeps a phone photo's Display P3 through quality=auto, and it looks the same", { timeout: 60_000 }, async () => {
    const photo = await makePhoto({ width: 800, height: 600, seed: 9, profile: 'p3' });
    const own = profileOf(await exiftool(photo));
    expect(own).toBe('sP3C'); // libvips' compact Display P3
    expect(await autoKeepsProfile(photo, 'images')).toBe(own);
  });
});

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

  it('keeps Adobe RGB through quality=auto in the isolate (rocket.jpg is 0.27 MP), and it looks the same', {
    timeout: 60_000,
  }, async () => {
    expect(await autoKeepsProfile(await corpusFile('photos/rocket.jpg'), 'wasm')).toBe('Adobe RGB (1998)');
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
