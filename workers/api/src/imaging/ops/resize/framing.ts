/**
 * Where a cover resize with position `smart` crops (ADR 0136): the AI provider looks for faces on a copy of at most
 * FRAMING_COPY_PIXELS, a grey copy of the same is searched for detail, and
 * core/tools/cover-framing.ts chooses the window. Face detection is never a reason for a resize to fail: when the
 * provider fails, is not set up, or takes longer than FACE_TIME_BUDGET_MS, the crop follows the detail and a note says
 * why. A detection spends one unit of the visitor's daily AI allowance, given back when it fails (ADR 0148); past the
 * allowance faces are not looked for, the crop follows the detail at no cost, and the note says so.
 */
import { frameCover, mainFaces, type CoverWindow } from '../../../../../../core/tools/cover-framing';
import { coverCrop } from '../../../../../../core/tools/resize';
import { greyThumb, THUMB_LONG_SIDE } from '../../../../../../core/tools/salient-window';
import type { Box } from '../../../ai/provider';
import { throwIfCancelled } from '../../../cancel';
import { HttpError } from '../../../errors';
import { decode } from '../../codecs/decode';
import { encode } from '../../codecs/encode';
import { resize } from '../../codecs/pixels';
import type { Raster } from '../../codecs/raster';
import { readHeader } from '../../intake/sniff';
import { scaleBoxes } from '../../pipeline/boxes';
import { readsInIsolate, viaService } from '../../pipeline/paths';
import type { EngineServices, Picture, Size } from '../../types';

/** How long a resize waits for the face detector before framing on the detail instead. */
export const FACE_TIME_BUDGET_MS = 4000;

/**
 * The detection copy's size: smaller than blur's 1 MP (which must find every small face), since only faces at least a
 * third of the largest one's height frame the crop; the offline detector reads 416 px anyway.
 */
export const FRAMING_COPY_PIXELS = 400_000;

function copySize(upright: Size): Size {
  const scale = Math.min(1, Math.sqrt(FRAMING_COPY_PIXELS / (upright.width * upright.height)));
  return {
    width: Math.max(1, Math.floor(upright.width * scale)),
    height: Math.max(1, Math.floor(upright.height * scale)),
  };
}

/** The formats every AI provider reads as they are; any other picture is sent as a JPEG copy. */
const PROVIDER_READS = ['jpeg', 'png', 'webp'];

export interface Framed {
  window: CoverWindow;
  /** The faces that framed it (0 unless `window.by` is `faces`). */
  faces: number;
  /** What the answer says besides the resize's own note (why faces did not frame it), if anything. */
  note?: string;
}

/** The size of the grey copy the detail search reads. */
export function thumbSize(picture: Size): Size {
  const scale = Math.min(1, THUMB_LONG_SIDE / Math.max(picture.width, picture.height));
  return {
    width: Math.max(1, Math.round(picture.width * scale)),
    height: Math.max(1, Math.round(picture.height * scale)),
  };
}

/**
 * The copy's JPEG quality: plenty for a detector, and a 0.4 MP copy encodes within one slice of the isolate's thread
 * at it (mozjpeg's cost rises with quality, slices.ts), where 90 would not.
 */
const COPY_QUALITY = 80;

/**
 * The detection copy: its bytes for the provider and its pixels for the grey copy. Made in the isolate, at no billed
 * call, whenever the isolate can read the picture (ADR 0148): from the pixels the resize decoded, or, when only the
 * resize's own encode is too large for the isolate, from a decode of its own (the picture's own bytes when they
 * already are that copy). Only a picture the isolate cannot read (over about 1.9 MP, or HEIC) costs one image-service
 * call for it, on the bytes the service reads.
 */
async function detectionCopy(
  input: Picture,
  source: { raster: Raster } | { bytes: Uint8Array },
  services: EngineServices,
): Promise<{ image: Uint8Array; pixels: Raster } | { refused: string }> {
  const copy = copySize(input.upright);
  const same = copy.width === input.upright.width && copy.height === input.upright.height;
  const asIs = same && input.header.orientation === 1 && PROVIDER_READS.includes(input.header.format);
  if ('bytes' in source && readsInIsolate(input, 'resize')) {
    return detectionCopy(input, { raster: await decode(input.bytes, input.header) }, services);
  }
  if ('raster' in source) {
    const pixels = same ? source.raster : await resize(source.raster, copy.width, copy.height);
    return { image: asIs ? input.bytes : await encode(pixels, 'jpeg', { quality: COPY_QUALITY }), pixels };
  }
  // The service's copy is a billed call the crop could do without (a centred crop needs none): it spends one of the
  // visitor's daily search calls (ADR 0148).
  const reserved = await services.allowance?.searchCalls(1);
  if (reserved && reserved.granted === 0) return { refused: reserved.refused ?? '' };
  const steps = same
    ? []
    : [{ op: 'resize' as const, width: copy.width, height: copy.height, fit: 'stretch' as const }];
  let made = 0;
  try {
    const image = (
      await viaService(() => {
        made = 1;
        return services.images.run({ input: source.bytes, steps, output: { format: 'jpeg', quality: COPY_QUALITY } });
      })
    ).bytes;
    return { image, pixels: await decode(image, readHeader(image)!) };
  } finally {
    await reserved?.settle(made);
  }
}

/** Face boxes in the copy's pixels, or why there are none to go by. Only a cancel by the person is thrown. */
async function findFaces(image: Uint8Array, services: EngineServices): Promise<Box[] | string> {
  const stop = new AbortController();
  const onCancel = () => stop.abort();
  services.signal?.addEventListener('abort', onCancel);
  const tooLong = `looking for faces took longer than ${FACE_TIME_BUDGET_MS / 1000} s`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => {
      timedOut = true;
      resolve('late');
      stop.abort();
    }, FACE_TIME_BUDGET_MS);
  });
  try {
    const found = await Promise.race([services.ai.detectFaces(image, { signal: stop.signal }), late]);
    throwIfCancelled(services.signal);
    return found === 'late' ? tooLong : found;
  } catch (err) {
    throwIfCancelled(services.signal);
    if (timedOut) return tooLong;
    if (err instanceof HttpError && err.code === 'ai_not_configured') return 'no AI service is set up here';
    if (!(err instanceof HttpError)) console.warn('resize framing: face detection failed', err);
    return 'the AI service did not answer';
  } finally {
    clearTimeout(timer);
    services.signal?.removeEventListener('abort', onCancel);
  }
}

/**
 * `findFaces` on one unit of the visitor's AI allowance (ADR 0148): a detector that did not answer gives it back; a
 * spent allowance is a reason like any other not to look.
 */
async function facesOnAllowance(
  image: Uint8Array,
  services: EngineServices,
): Promise<Box[] | string | { refused: string }> {
  if (!services.allowance) return findFaces(image, services);
  const spent = await services.allowance.aiUnit(
    () => findFaces(image, services),
    (found) => typeof found === 'string',
  );
  return 'done' in spent ? spent.done : spent;
}

/** The window a smart cover resize of `input` to `box` keeps, and a note when faces could not decide it. */
export async function frameSmart(
  input: Picture,
  box: Size,
  source: { raster: Raster } | { bytes: Uint8Array },
  services: EngineServices,
): Promise<Framed> {
  const copy = await detectionCopy(input, source, services);
  if ('refused' in copy) {
    return {
      window: { ...coverCrop(input.upright, box), by: 'centre' },
      faces: 0,
      note: `The crop is centred: finding the subject of a picture this large takes a try on our image service, and ${copy.refused}.`,
    };
  }
  const { image, pixels } = copy;
  const t = thumbSize(pixels);
  const small = await resize(pixels, t.width, t.height);
  const thumb = greyThumb(small.data, small.width, small.height);
  const found = await facesOnAllowance(image, services);
  if (typeof found === 'object' && 'refused' in found) {
    return {
      window: frameCover(input.upright, box, { thumb }),
      faces: 0,
      note: `Faces were not looked for: ${found.refused}. The crop keeps the most detailed part instead, which costs nothing.`,
    };
  }
  if (typeof found === 'string') {
    return {
      window: frameCover(input.upright, box, { thumb }),
      faces: 0,
      note: `Faces were not looked for (${found}), so the crop keeps the most detailed part.`,
    };
  }
  const faces = scaleBoxes(found, pixels, input.upright).map((f, i) => ({ ...f, score: found[i]!.score }));
  const window = frameCover(input.upright, box, { faces, thumb });
  const main = mainFaces(faces, input.upright).length;
  if (window.by !== 'faces' && main > 0) {
    return {
      window,
      faces: 0,
      note: `The faces do not fit together in a frame of this shape (${box.width}×${box.height}), so the crop keeps the most detailed part.`,
    };
  }
  return { window, faces: window.by === 'faces' ? main : 0 };
}
