/**
 * What each tool operation costs in production: every call of the Images binding is one billed transformation
 * (developers.cloudflare.com/images/optimization/transformations/bindings/), so the engine runs here on the
 * production adapter over a recording double of the binding (test/support/images-binding.ts, its pixel work done
 * by the offline service) and the calls are counted on 12 MP phone photos. No operation makes more than
 * IMAGE_SERVICE_MAX_CALLS_PER_OPERATION on one picture; the counts below are the cost table of docs/deploy.md.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { IMAGE_SERVICE_MAX_CALLS_PER_OPERATION } from '../../../../core/image-service';
import {
  convertFieldsSchema,
  modifyFieldsSchema,
  optimizeFieldsSchema,
  securityFieldsSchema,
} from '../../../../core/api/tools';
import { cloudflareProvider } from '../../src/ai/cloudflare';
import { fakeProvider } from '../../src/ai/fake';
import type { AiProvider } from '../../src/ai/provider';
import { probe, runFields, type ToolFields } from '../../src/imaging/engine';
import { getImageService } from '../../src/imaging/service';
import { cloudflareImageService } from '../../src/imaging/service/cloudflare';
import { readHeader } from '../../src/imaging/intake/sniff';
import { recordingImages } from '../support/images-binding';
import { makePhoto } from '../support/photos';
import { notBilled } from '../../src/billed-calls';

let landscape: Promise<Uint8Array> | undefined;
let sideways: Promise<Uint8Array> | undefined;
const photo = (orientation: 1 | 6) =>
  orientation === 1
    ? (landscape ??= makePhoto({ width: 4000, height: 3000, seed: 41 }))
    : (sideways ??= makePhoto({ width: 4000, height: 3000, seed: 42, orientation: 6 }));

const REGIONS = JSON.stringify([
  { x: 300, y: 200, width: 400, height: 300 },
  { x: 2500, y: 1800, width: 600, height: 500 },
  { x: 1200, y: 900, width: 200, height: 200 },
]);

/** [what, schema fields, binding calls, orientation, AI: `fake`, or Cloudflare's (its AI work is the binding too)] */
type Case = [string, ToolFields, number, 1 | 6, 'fake' | 'cloudflare'];
const CASES: Case[] = [
  [
    'compress at quality 80',
    optimizeFieldsSchema.parse({ operation: 'compress', quality: '80', format: 'jpeg' }) as ToolFields,
    1,
    1,
    'fake',
  ],
  [
    'compress at quality 80, format auto (JPEG and WebP, the smaller kept)',
    optimizeFieldsSchema.parse({ operation: 'compress', quality: '80', format: 'auto' }) as ToolFields,
    2,
    1,
    'fake',
  ],
  [
    'compress quality=auto',
    optimizeFieldsSchema.parse({ operation: 'compress', quality: 'auto' }) as ToolFields,
    3,
    1,
    'fake',
  ],
  [
    'compress quality=auto, format auto, sideways photo',
    optimizeFieldsSchema.parse({ operation: 'compress', quality: 'auto', format: 'auto' }) as ToolFields,
    3,
    6,
    'fake',
  ],
  [
    'compress to a target size',
    optimizeFieldsSchema.parse({ operation: 'compress', targetBytes: '700000' }) as ToolFields,
    3,
    1,
    'fake',
  ],
  ['convert to WebP', convertFieldsSchema.parse({ format: 'webp', quality: '70' }) as ToolFields, 1, 1, 'fake'],
  [
    'resize to a preset, centred (cover)',
    modifyFieldsSchema.parse({ operation: 'resize', preset: 'instagram-story', position: 'centre' }) as ToolFields,
    1,
    1,
    'fake',
  ],
  [
    'resize, then the batch quality=auto on the large result',
    modifyFieldsSchema.parse({ operation: 'resize', width: '3000', height: '2250', quality: 'auto' }) as ToolFields,
    3,
    1,
    'fake',
  ],
  [
    'resize to a preset keeping the subject, the default (a 0.4 MP copy for faces and detail, then crop and resize)',
    modifyFieldsSchema.parse({ operation: 'resize', preset: 'instagram-story' }) as ToolFields,
    2,
    6,
    'fake',
  ],
  [
    'resize keeping the subject, then quality=auto (the crop is centred)',
    modifyFieldsSchema.parse({
      operation: 'resize',
      preset: 'instagram-story',
      position: 'smart',
      quality: 'auto',
    }) as ToolFields,
    3,
    1,
    'fake',
  ],
  [
    'crop',
    modifyFieldsSchema.parse({ operation: 'crop', x: '500', y: '400', width: '3000', height: '2000' }) as ToolFields,
    1,
    1,
    'fake',
  ],
  [
    'crop of the whole picture (the file answered as it came, never re-encoded)',
    modifyFieldsSchema.parse({ operation: 'crop', x: '0', y: '0', width: '4000', height: '3000' }) as ToolFields,
    0,
    1,
    'fake',
  ],
  [
    'rotate and flip',
    modifyFieldsSchema.parse({ operation: 'rotate', angle: '90', flip: 'horizontal' }) as ToolFields,
    1,
    6,
    'fake',
  ],
  [
    'watermark',
    securityFieldsSchema.parse({ operation: 'watermark', text: 'Memeforge', position: 'bottom-right' }) as ToolFields,
    1,
    1,
    'fake',
  ],
  [
    'watermark tiled (one strip a row, all drawn in one call)',
    securityFieldsSchema.parse({ operation: 'watermark', text: 'Memeforge', tiled: 'true' }) as ToolFields,
    1,
    1,
    'fake',
  ],
  [
    'blur three chosen areas',
    securityFieldsSchema.parse({ operation: 'blur', method: 'selective', regions: REGIONS }) as ToolFields,
    2,
    1,
    'fake',
  ],
  [
    'pixelate three chosen areas',
    securityFieldsSchema.parse({
      operation: 'blur',
      method: 'selective',
      regions: REGIONS,
      pixelateLevel: '10',
    }) as ToolFields,
    2,
    1,
    'fake',
  ],
  [
    'blur faces (detection on a 1 MP copy)',
    securityFieldsSchema.parse({ operation: 'blur', method: 'faces' }) as ToolFields,
    3,
    6,
    'fake',
  ],
  [
    'pixelate people',
    securityFieldsSchema.parse({ operation: 'blur', method: 'people', pixelateLevel: '12' }) as ToolFields,
    2,
    1,
    'fake',
  ],
  [
    'blur the background, sideways photo (cut-out by the binding)',
    securityFieldsSchema.parse({ operation: 'blur', method: 'background' }) as ToolFields,
    3,
    6,
    'cloudflare',
  ],
  [
    'pixelate the background (cut-out by the binding)',
    securityFieldsSchema.parse({ operation: 'blur', method: 'background', pixelateLevel: '10' }) as ToolFields,
    3,
    1,
    'cloudflare',
  ],
  [
    'privacy (never re-encodes)',
    securityFieldsSchema.parse({ operation: 'privacy', removeTimestamp: 'true' }) as ToolFields,
    0,
    6,
    'fake',
  ],
];

/** Workers AI is not reached by these operations: only the binding's `segment` and `upscale` are. */
const noWorkersAi = { run: () => Promise.reject(new Error('Workers AI is not called by this operation')) };

function servicesFor(ai: 'fake' | 'cloudflare') {
  const images = recordingImages(getImageService(env, notBilled));
  const provider: AiProvider = ai === 'fake' ? fakeProvider : cloudflareProvider({ AI: noWorkersAi, IMAGES: images });
  return { images, services: { images: cloudflareImageService(images), ai: provider } };
}

const counted: Record<string, number> = {};

describe('Images binding calls per operation (billed transformations) on a 12 MP photo', () => {
  for (const [what, fields, calls, orientation, ai] of CASES) {
    it(`${what}: ${calls}`, { timeout: 120_000 }, async () => {
      const { images, services } = servicesFor(ai);
      const result = await runFields(probe(await photo(orientation)), fields, services);
      const bytes = 'bytes' in result ? result.bytes : new Uint8Array(await new Response(result.stream).arrayBuffer());
      expect(readHeader(bytes)).not.toBeNull();
      counted[what] = images.calls.length;
      expect(images.calls.length).toBeLessThanOrEqual(IMAGE_SERVICE_MAX_CALLS_PER_OPERATION);
      expect(images.calls.length).toBe(calls);
    });
  }

  for (const [what, fields] of [
    ['upscale 2× (a 1.2 MP picture)', optimizeFieldsSchema.parse({ operation: 'upscale', factor: '2' })],
    [
      'upscale 3× (4×, then a plain downscale, in one call)',
      optimizeFieldsSchema.parse({ operation: 'upscale', factor: '3' }),
    ],
    ['remove the background', optimizeFieldsSchema.parse({ operation: 'remove-background' })],
  ] as const) {
    it(`${what}: 1`, { timeout: 60_000 }, async () => {
      const { images, services } = servicesFor('cloudflare');
      const result = await runFields(
        probe(await makePhoto({ width: 1280, height: 960, seed: 43 })),
        fields as ToolFields,
        services,
      );
      if ('stream' in result) await new Response(result.stream).arrayBuffer();
      counted[what] = images.calls.length;
      expect(images.calls.length).toBe(1);
    });
  }

  it('prints the table for docs/deploy.md', () => {
    console.log(
      [
        '| operation (12 MP photo) | Images binding calls |',
        '| --- | --- |',
        ...Object.entries(counted).map(([k, v]) => `| ${k} | ${v} |`),
      ].join('\n'),
    );
    expect(Object.keys(counted).length).toBe(CASES.length + 3);
  });
});
