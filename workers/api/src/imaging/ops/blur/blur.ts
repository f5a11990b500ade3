/**
 * Blur or pixelate faces, people, chosen rectangles, or everything but the subject. Detection runs on a copy of at
 * most DETECTION_PROXY_PIXELS (the boxes are scaled back); the blurring is done at full resolution: in the isolate
 * for small pictures, and for large ones by the image service in at most three calls (large.ts), so no step
 * ever holds the whole picture in the isolate.
 */
import {
  DETECTION_PROXY_PIXELS,
  NOTHING_FOUND,
  scaledToPicture,
  SUBJECT_MIN_SHARE,
  type BlurOptions,
} from '../../../../../../core/tools/blur';
import { AI_INPUT_FORMATS, AI_INPUT_JPEG_QUALITY } from '../../../../../../core/tools/ai-options';
import { HttpError } from '../../../errors';
import { decode } from '../../codecs/decode';
import { encode } from '../../codecs/encode';
import { opaqueShare } from '../../codecs/png-alpha';
import { blur, inRegions, pixelate, resize, type Rect } from '../../codecs/pixels';
import type { Raster } from '../../codecs/raster';
import { readHeader, type ImageHeader } from '../../intake/sniff';
import { blurRegions, clipped, pixelateBackground, pixelateRegions } from './large';
import { resolveFormat, SERVICE_READS } from '../../pipeline/format';
import { FRAMES_FIRST } from '../../animation/keep';
import { scaleBoxes } from '../../pipeline/boxes';
import { assertServiceCan, fitsIsolate, viaService } from '../../pipeline/paths';
import type { ServiceFormat } from '../../service/types';
import type { EngineServices, OperationEntry, PixelPlan, Size } from '../../types';

/**
 * Where to blur: rectangles of the upright picture, or a cut-out whose alpha marks the subject to keep sharp. `proxy`
 * is the small upright JPEG the AI looked at, when the image service made one (pixelation reads its colours).
 */
export type BlurTarget = ({ rects: Rect[] } | { cutout: Uint8Array }) & { proxy?: Uint8Array };

type Options = Omit<BlurOptions, 'operation'>;

/** The size of the detection copy: the picture itself when small enough, else scaled to about the proxy budget. */
export function proxySize(upright: Size): Size & { scale: number } {
  const scale = Math.min(1, Math.sqrt(DETECTION_PROXY_PIXELS / (upright.width * upright.height)));
  return {
    width: Math.max(1, Math.floor(upright.width * scale)),
    height: Math.max(1, Math.floor(upright.height * scale)),
    scale,
  };
}

interface Source {
  bytes: Uint8Array;
  header: ImageHeader;
  upright: Size;
  /** Whether the picture is worked on in the isolate (else by the image service). */
  inWasm: boolean;
  services: EngineServices;
}

/** An upright JPEG of the picture at `size`, made by the image service (one call). */
async function serviceCopy(
  bytes: Uint8Array,
  upright: Size,
  size: Size,
  services: EngineServices,
): Promise<Uint8Array> {
  const same = size.width === upright.width && size.height === upright.height;
  const steps = same ? [] : [{ op: 'resize' as const, ...size, fit: 'stretch' as const }];
  const output = { format: 'jpeg' as const, quality: AI_INPUT_JPEG_QUALITY };
  return (await services.images.run({ input: bytes, steps, output })).bytes;
}

/**
 * The picture as the AI provider reads it at `size`: itself when it is that size, upright and of a format every
 * provider reads (AI_INPUT_FORMATS), else an upright JPEG (a HEIC's made by the image service, ADR 0132).
 */
async function uprightCopy(src: Source, size: Size): Promise<Uint8Array> {
  const same = size.width === src.upright.width && size.height === src.upright.height;
  if (same && src.header.orientation === 1 && AI_INPUT_FORMATS.includes(src.header.format)) return src.bytes;
  // An AVIF worked on by the image service is still decoded here: only the isolate reads AVIF (ADR 0132).
  if (src.inWasm || !SERVICE_READS.includes(src.header.format)) {
    const raster = await decode(src.bytes, src.header);
    const copy = same ? raster : await resize(raster, size.width, size.height);
    return encode(copy, 'jpeg', { quality: AI_INPUT_JPEG_QUALITY });
  }
  return serviceCopy(src.bytes, src.upright, size, src.services);
}

/** Asks the AI provider (or the request) where to blur. */
export async function findTargets(src: Source, o: Options): Promise<BlurTarget> {
  if (o.method === 'selective') {
    if (!o.regions)
      throw new HttpError(400, 'validation_failed', 'regions: Selective blur needs at least one rectangle.');
    return { rects: o.regions };
  }
  if (o.method === 'background') {
    // Small pictures: the cut-out of the picture itself. Large ones: to blur, of an upright full-size copy (the
    // image service draws it over the blurred picture as it is); to pixelate, of the small copy the cells are read
    // from (the cut-out is then only a mask, scaled up in the isolate).
    const size = src.inWasm || o.pixelateLevel === undefined ? src.upright : proxySize(src.upright);
    const image = await uprightCopy(src, size);
    // A mask needs its alpha: PNG, read whole (at most the picture's size; ADR 0114's streams are for results).
    const cutout = new Uint8Array(
      await new Response(
        await src.services.ai.removeBackground(image, { format: 'png' }, { signal: src.services.signal }),
      ).arrayBuffer(),
    );
    const header = readHeader(cutout);
    if (!header || header.width !== size.width || header.height !== size.height) {
      throw new HttpError(
        502,
        'ai_upstream_error',
        'The AI service returned a mask that does not fit the picture. Please try again.',
      );
    }
    // No subject (a landscape): the whole picture would be blurred while the note says the subject was kept sharp.
    // Said instead, as a blur that finds nobody is, and the failure refunds the unit (withAiUnit).
    const share = await opaqueShare(cutout);
    if (share !== null && share < SUBJECT_MIN_SHARE)
      throw new HttpError(422, NOTHING_FOUND.background.code, NOTHING_FOUND.background.message);
    return size === src.upright ? { cutout } : { cutout, proxy: image };
  }
  const proxy = proxySize(src.upright);
  const image = await uprightCopy(src, proxy);
  const call = { signal: src.services.signal };
  const boxes =
    o.method === 'faces'
      ? await src.services.ai.detectFaces(image, call)
      : await src.services.ai.detectPeople(image, call);
  // Nothing to blur: no copy of the same picture is made, and the failure refunds the unit (withAiUnit).
  if (boxes.length === 0) {
    const none = NOTHING_FOUND[o.method];
    throw new HttpError(422, none.code, none.message);
  }
  return { rects: scaleBoxes(boxes, proxy, src.upright), ...(src.inWasm ? {} : { proxy: image }) };
}

/** Blends the sharp picture back over the blurred one wherever the mask is opaque. */
function keepSubject(sharp: Raster, blurred: Raster, mask: Raster): Raster {
  const out = new Uint8ClampedArray(blurred.data);
  for (let i = 0; i < out.length; i += 4) {
    const a = (mask.data[i + 3] ?? 0) / 255;
    for (let c = 0; c < 3; c++) out[i + c] = a * (sharp.data[i + c] ?? 0) + (1 - a) * (blurred.data[i + c] ?? 0);
  }
  return { data: out, width: blurred.width, height: blurred.height };
}

export function planBlur(picture: Size, o: Options, target: BlurTarget): PixelPlan {
  const pixelating = o.pixelateLevel !== undefined;
  const radius = Math.min(250, scaledToPicture(o.strength, picture.width));
  const cell = scaledToPicture(o.pixelateLevel ?? 1, picture.width);
  const verb = pixelating ? 'pixelated' : 'blurred';
  const apply = (patch: Raster) => (pixelating ? pixelate(patch, cell) : blur(patch, radius));
  const rects = 'rects' in target ? clipped(target.rects, picture) : [];
  return {
    budget: pixelating ? 'pixelate' : 'blur',
    output: picture,
    async wasm(raster) {
      if ('cutout' in target)
        return keepSubject(raster, await apply(raster), await decode(target.cutout, readHeader(target.cutout)!));
      return inRegions(raster, rects, apply);
    },
    async service({ bytes, upright, services }) {
      if ('cutout' in target) {
        if (!pixelating)
          return { steps: [{ op: 'blur', radius }], overlays: [{ image: target.cutout, left: 0, top: 0, opacity: 1 }] };
        return pixelateBackground(target.proxy!, target.cutout, picture, cell);
      }
      if (!pixelating) return blurRegions(bytes, rects, radius, services);
      if (!rects.length) return { steps: [] };
      // Chosen rectangles have no detection copy yet: one is made for the cells' colours.
      const proxy = target.proxy ?? (await serviceCopy(bytes, upright, proxySize(upright), services));
      return pixelateRegions(proxy, picture, rects, cell);
    },
    note:
      'cutout' in target ? `The background was ${verb}; the subject was kept sharp.` : regionsNote(rects.length, verb),
  };
}

/** What a blur by areas did, counted as a person would write it (it read "1 area(s) blurred."). */
export function regionsNote(count: number, verb: 'blurred' | 'pixelated'): string {
  return `${count} ${count === 1 ? 'area' : 'areas'} ${verb}.`;
}

export const blurOperation: OperationEntry<Options> = {
  // Faces, people and background need the AI provider: one unit of the daily allowance, refunded on failure.
  metered: (o) => o.method !== 'selective',
  timingKey: (o) => `blur-${o.method}`,
  frames: async () => {
    throw new HttpError(
      422,
      'unprocessable_image',
      `Blurring faces or people is done on still pictures only: in an animation they move from frame to frame. Please blur a still picture, ${FRAMES_FIRST}.`,
    );
  },
  async plan({ input, services }, o) {
    const inWasm = fitsIsolate(input, o.pixelateLevel ? 'pixelate' : 'blur', input.upright);
    if (!inWasm && SERVICE_READS.includes(input.header.format))
      assertServiceCan(input, input.upright, resolveFormat('original', input.header.format, []) as ServiceFormat);
    const targets = await viaService(() => findTargets({ ...input, inWasm, services }, o));
    return planBlur(input.upright, o, targets);
  },
  details: true,
};
