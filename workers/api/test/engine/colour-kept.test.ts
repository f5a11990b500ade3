/**
 * Colour kept (ADR 0153): a wide-gamut HEIC or AVIF comes out of every route that re-encodes it either tagged with its
 * colour profile or converted to sRGB, and looks as a colour-managed decode of it does. The HEIC is made as an iPhone
 * makes one: Display P3 values with the profile in its `colr` box (`prof`); the AVIF as AVIF encoders tag it, by
 * `nclx` code points alone. The judge (ORACLE, colour-judge.ts) shares no code with ours: libheif's own heif-convert and
 * libvips, which colour-manage both the input and each result to sRGB; it answers the mean ΔE*ab and saturation.
 */
import { describe, expect, it } from 'vitest';
import { heifWithoutColour } from '../../../../core/images/formats/heif-colour';
import { api, upload } from '../helpers';
import { exiftool, resultBytes, toolRequest, type ToolBody } from '../support/corpus';
import { colourMatch, managedDecode, type Region } from '../support/oracle';
import { makePhoto, reference, type ReferenceOp } from '../support/photos';

const W = 640;
const H = 480;
/** Further than this (mean ΔE*ab) is visibly another colour; codec loss on these photos stays under 1.6. */
const MAX_DELTA_E = 2.5;
/** Mean saturation within this of the colour-managed decode's (Display P3 read as sRGB loses about 0.07). */
const MAX_SATURATION_LOSS = 0.02;

const profileOf = (tags: Record<string, unknown>) =>
  Object.entries(tags).find(([k]) => k.endsWith(':ProfileDescription'))?.[1];

interface Case {
  route: string;
  fields: Record<string, string | number>;
  /** The geometry the expected picture goes through too (sharp's own, on the colour-managed decode). */
  op?: ReferenceOp;
  /** Where the result is compared: away from what the operation draws. */
  region?: Region;
}

const TOP_HALF = { left: 0, top: 0, width: W, height: H / 2 };
const BOTTOM_HALF = { left: 0, top: H / 2, width: W, height: H / 2 };

/** Every tool route that re-encodes the picture. */
const ROUTES: Case[] = [
  { route: 'optimize', fields: { operation: 'compress', quality: 80 } },
  { route: 'optimize', fields: { operation: 'compress', quality: 80, format: 'webp' } },
  { route: 'optimize', fields: { operation: 'compress', quality: 'auto', format: 'auto' } },
  { route: 'convert', fields: { format: 'jpeg', quality: 85 } },
  { route: 'convert', fields: { format: 'png' } },
  { route: 'convert', fields: { format: 'webp', quality: 85 } },
  { route: 'convert', fields: { format: 'avif', quality: 70 } },
  {
    route: 'modify',
    fields: { operation: 'resize', width: 320, height: 240, maintainAspectRatio: 'false' },
    op: { resize: { width: 320, height: 240, fit: 'stretch' } },
  },
  {
    route: 'modify',
    fields: { operation: 'crop', x: 100, y: 60, width: 320, height: 240 },
    op: { crop: { left: 100, top: 60, width: 320, height: 240 } },
  },
  { route: 'modify', fields: { operation: 'rotate', angle: 90 }, op: { rotate: { angle: 90 } } },
  // The watermark is drawn bottom right, the blurred region is the top left quarter.
  { route: 'security', fields: { operation: 'watermark', text: 'Memeforge' }, region: TOP_HALF },
  {
    route: 'security',
    fields: {
      operation: 'blur',
      method: 'selective',
      regions: JSON.stringify([{ x: 0, y: 0, width: W / 2, height: H / 2 }]),
    },
    region: BOTTOM_HALF,
  },
  { route: 'security', fields: { operation: 'privacy' } },
];

const label = (c: Case) => `${c.route} ${JSON.stringify(c.fields)}`;

/** The result of a route, judged against the expected picture; its profile is `own` or there is none (sRGB). */
async function judged(
  expected: Uint8Array,
  result: Uint8Array,
  format: string,
  own: string,
  what: string,
  region?: Region,
) {
  const tagged = profileOf(await exiftool(result));
  // Tagged with the photo's own profile, or converted to sRGB: an AVIF is written by the service, which converts.
  expect(tagged, `${what} → ${format}`).toBe(format === 'avif' ? undefined : own);
  const match = await colourMatch(expected, result, region);
  expect(match.deltaE, `${what} → ${format}: ${JSON.stringify(match)}`).toBeLessThan(MAX_DELTA_E);
  expect(match.saturation.expected - match.saturation.candidate, `${what}: ${JSON.stringify(match)}`).toBeLessThan(
    MAX_SATURATION_LOSS,
  );
  return match;
}

async function everyRoute(input: Uint8Array, expectedWhole: Uint8Array, own: string, routes = ROUTES) {
  const seen: string[] = [];
  for (const c of routes) {
    const res = await toolRequest(c.route, input, c.fields, 'photo');
    const body = await res.json<ToolBody>();
    expect(res.status, `${label(c)}: ${JSON.stringify(body)}`).toBe(200);
    // The privacy log says what stayed: the profile too.
    if (c.fields.operation === 'privacy')
      expect(body.privacyLog?.preserved, JSON.stringify(body.privacyLog)).toContain('ICC colour profile');
    const expected = c.op ? await reference(expectedWhole, c.op) : expectedWhole;
    const m = await judged(expected, await resultBytes(body.imageUrl), body.format, own, label(c), c.region);
    seen.push(
      `${label(c)} → ${body.format} (${body.engine}): ΔE ${m.deltaE}, saturation ${m.saturation.candidate} of ${m.saturation.expected}`,
    );
  }
  return seen;
}

describe('an iPhone-style HEIC (Display P3 in its colr box)', () => {
  const made = (async () => {
    const heic = await makePhoto({ width: W, height: H, seed: 9, format: 'heic', profile: 'p3', quality: 60 });
    return { heic, managed: await managedDecode(heic) };
  })();

  it('is what an iPhone writes, and read as sRGB (its colr dropped) it is visibly duller: the judge tells them apart', async () => {
    const { heic, managed } = await made;
    const tags = await exiftool(heic);
    expect([tags['File:FileType'], profileOf(tags)]).toEqual(['HEIC', 'sP3C']);
    // The same values read as sRGB: what every route answered before ADR 0153.
    const unmanaged = await colourMatch(managed, await managedDecode(heifWithoutColour(heic)!));
    console.log(`HEIC read as sRGB: ${JSON.stringify(unmanaged)}`);
    expect(unmanaged.deltaE).toBeGreaterThan(MAX_DELTA_E);
    expect(unmanaged.saturation.expected - unmanaged.saturation.candidate).toBeGreaterThan(MAX_SATURATION_LOSS);
  });

  it('matches a colour-managed decode on every tool route', { timeout: 240_000 }, async () => {
    const { heic, managed } = await made;
    console.log(['HEIC (Display P3, prof):', ...(await everyRoute(heic, managed, 'sP3C'))].join('\n  '));
  });

  it("keeps its colour in the upload's editor copy and in a meme drawn on it", { timeout: 60_000 }, async () => {
    const { heic, managed } = await made;
    const res = await upload(heic as Uint8Array<ArrayBuffer>, 'IMG_0001.HEIC', 'image/heic');
    const body = await res.json<{ imageUrl: string; format: string }>();
    expect(res.status, JSON.stringify(body)).toBe(201);
    const stored = await judged(managed, await resultBytes(body.imageUrl), body.format, 'sP3C', 'upload');

    const form = new FormData();
    form.append('background', new File([heic as Uint8Array<ArrayBuffer>], 'IMG_0001.HEIC', { type: 'image/heic' }));
    form.append('lines', 'TOP');
    form.append('lines', 'BOTTOM');
    form.append('format', 'png');
    const meme = await api('/api/memes/render', { method: 'POST', body: form });
    expect(meme.status, await meme.clone().text()).toBe(200);
    const picture = new Uint8Array(await meme.arrayBuffer());
    // The captions are at the top and the bottom: the middle band is the photo's.
    const drawn = await judged(managed, picture, 'png', 'sP3C', 'meme', {
      left: 0,
      top: Math.round(H * 0.35),
      width: W,
      height: Math.round(H * 0.3),
    });
    console.log(`HEIC upload (editor copy): ${JSON.stringify(stored)}\nHEIC meme background: ${JSON.stringify(drawn)}`);
  });
});

/**
 * The AVIF's paths: decoded in the isolate, written there (tagged with a profile made of its code points) or as a PNG
 * carrying that profile to the service (which converts it for an AVIF result). AVIF results of every other operation
 * take the same way as the crop's (ADR 0132).
 */
const AVIF_ROUTES = ROUTES.filter(
  (c) => ['compress', 'crop', 'watermark', 'privacy'].includes(String(c.fields.operation)) || c.route === 'convert',
);

describe('an AVIF tagged Display P3 by nclx code points alone', () => {
  it('matches the sRGB photo it was made from on every path, tagged Display P3 or converted', {
    timeout: 240_000,
  }, async () => {
    const [avif, source] = await Promise.all([
      makePhoto({ width: W, height: H, seed: 9, format: 'avif', profile: 'p3-nclx', quality: 80 }),
      makePhoto({ width: W, height: H, seed: 9, format: 'png' }),
    ]);
    console.log(
      ['AVIF (Display P3, nclx):', ...(await everyRoute(avif, source, 'Display P3', AVIF_ROUTES))].join('\n  '),
    );
  });
});
