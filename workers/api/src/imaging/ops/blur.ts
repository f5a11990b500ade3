/**
 * Blur or pixelate faces, people, chosen rectangles, or everything but the subject. Detection runs on a copy of at
 * most DETECTION_PROXY_PIXELS (the boxes are scaled back); the blurring is done at full resolution: in the isolate
 * for small pictures, and for large ones each region is blurred (or pixelated) by the image service as a patch that
 * is drawn back over the picture, so no step ever holds the whole picture in the isolate.
 */
import { DETECTION_PROXY_PIXELS, scaledToPicture, type BlurOptions } from '../../../../../core/tools/blur';
import { HttpError } from '../../errors';
import { decode } from '../decode';
import { encode } from '../encode';
import { blur, clip, inRegions, pixelate, resize, type Rect } from '../pixels';
import { pixelatedPng } from '../png-rows';
import type { Raster } from '../raster';
import { readHeader, type ImageHeader } from '../sniff';
import type { ServiceOverlay } from '../service/types';
import type { EngineServices, PixelPlan, Size } from './types';

/** Where to blur: rectangles of the upright picture, or a cut-out whose alpha marks the subject to keep sharp. */
export type BlurTarget = { rects: Rect[] } | { cutout: Uint8Array };

type Options = Omit<BlurOptions, 'operation'>;

/** The size of the detection copy: the picture itself when small enough, else scaled to about the proxy budget. */
export function proxySize(upright: Size): Size & { scale: number } {
  const scale = Math.min(1, Math.sqrt(DETECTION_PROXY_PIXELS / (upright.width * upright.height)));
  return { width: Math.max(1, Math.floor(upright.width * scale)), height: Math.max(1, Math.floor(upright.height * scale)), scale };
}

/** Boxes found on the proxy, in pixels of the upright picture. */
export function scaleBoxes(boxes: Rect[], from: Size, to: Size): Rect[] {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return boxes.map((b) => ({ x: b.x * sx, y: b.y * sy, width: b.width * sx, height: b.height * sy }));
}

interface Source {
  bytes: Uint8Array;
  header: ImageHeader;
  upright: Size;
  /** Whether the picture is worked on in the isolate (else by the image service). */
  inWasm: boolean;
  services: EngineServices;
}

/** An upright JPEG of the picture at `size`, for the AI provider. */
async function uprightCopy(src: Source, size: Size): Promise<Uint8Array> {
  const same = size.width === src.upright.width && size.height === src.upright.height;
  if (same && src.header.orientation === 1) return src.bytes;
  if (src.inWasm) {
    const raster = await decode(src.bytes, src.header);
    return encode(same ? raster : await resize(raster, size.width, size.height), 'jpeg', { quality: 92 });
  }
  const steps = same ? [] : [{ op: 'resize' as const, ...size, fit: 'stretch' as const }];
  return (await src.services.images.run({ input: src.bytes, steps, output: { format: 'jpeg', quality: 92 } })).bytes;
}

/** Asks the AI provider (or the request) where to blur. */
export async function findTargets(src: Source, o: Options): Promise<BlurTarget> {
  if (o.method === 'selective') {
    if (!o.regions) throw new HttpError(400, 'validation_failed', 'regions: Selective blur needs at least one rectangle.');
    return { rects: o.regions };
  }
  if (o.method === 'background') {
    // Small pictures: the cut-out of the picture itself; large ones: of an upright full-size copy (the mask must
    // cover every pixel, and the image service draws it over the blurred picture as it is).
    // A mask needs its alpha: PNG, read whole (it is decoded to blend; its size follows the picture, ADR 0114).
    const mask = await src.services.ai.removeBackground(await uprightCopy(src, src.upright), { format: 'png' }, { signal: src.services.signal });
    const cutout = new Uint8Array(await new Response(mask).arrayBuffer());
    const header = readHeader(cutout);
    if (!header || header.width !== src.upright.width || header.height !== src.upright.height) {
      throw new HttpError(502, 'ai_upstream_error', 'The AI service returned a mask that does not fit the picture. Please try again.');
    }
    return { cutout };
  }
  const proxy = proxySize(src.upright);
  const image = await uprightCopy(src, proxy);
  const call = { signal: src.services.signal };
  const boxes = o.method === 'faces' ? await src.services.ai.detectFaces(image, call) : await src.services.ai.detectPeople(image, call);
  return { rects: scaleBoxes(boxes, proxy, src.upright) };
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
  const rects = 'rects' in target ? target.rects.map((r) => clip(r, picture.width, picture.height)).filter((r): r is Rect => r !== null) : [];
  return {
    budget: pixelating ? 'pixelate' : 'blur',
    output: picture,
    async wasm(raster) {
      if ('cutout' in target) return keepSubject(raster, await apply(raster), await decode(target.cutout, readHeader(target.cutout)!));
      return inRegions(raster, rects, apply);
    },
    async service({ bytes, services }) {
      if ('cutout' in target) {
        if (pixelating) return pixelatedWhole(bytes, picture, cell, services, target.cutout);
        return { steps: [{ op: 'blur', radius }], overlays: [{ image: target.cutout, left: 0, top: 0, opacity: 1 }] };
      }
      const overlays: ServiceOverlay[] = [];
      for (const r of rects) {
        const crop = { op: 'crop' as const, left: r.x, top: r.y, width: r.width, height: r.height };
        if (pixelating) {
          overlays.push({ image: await pixelatedPatch(bytes, crop, cell, services), left: r.x, top: r.y, opacity: 1 });
        } else {
          // WebP at a high quality: a blurred patch is smooth, so it stays a few hundred KB in the isolate where a
          // PNG of a large region would take tens of MB (and blurred pixels have no detail for a lossy codec to lose).
          const patch = await services.images.run({ input: bytes, steps: [crop, { op: 'blur', radius }], output: { format: 'webp', quality: 92 } });
          overlays.push({ image: patch.bytes, left: r.x, top: r.y, opacity: 1 });
        }
      }
      return { steps: [], overlays };
    },
    note: 'cutout' in target ? `The background was ${verb}; the subject was kept sharp.` : `${rects.length} area(s) ${verb}.`,
  };
}

/** A region pixelated: the service averages it down to one pixel per cell, and the cells are written back as a PNG. */
async function pixelatedPatch(bytes: Uint8Array, crop: { op: 'crop'; left: number; top: number; width: number; height: number }, cell: number, services: EngineServices) {
  const gw = Math.max(1, Math.ceil(crop.width / cell));
  const gh = Math.max(1, Math.ceil(crop.height / cell));
  const grid = await services.images.run({ input: bytes, steps: [crop, { op: 'resize', width: gw, height: gh, fit: 'stretch' }], output: { format: 'rgba' } });
  return pixelatedPng(grid.bytes, gw, crop.width, crop.height, cell);
}

async function pixelatedWhole(bytes: Uint8Array, picture: Size, cell: number, services: EngineServices, cutout: Uint8Array) {
  const whole = { op: 'crop' as const, left: 0, top: 0, ...picture };
  const image = await pixelatedPatch(bytes, whole, cell, services);
  // The pixelated picture becomes the base: drawn over the original, then the subject over it.
  return { steps: [], overlays: [{ image, left: 0, top: 0, opacity: 1 }, { image: cutout, left: 0, top: 0, opacity: 1 }] };
}
