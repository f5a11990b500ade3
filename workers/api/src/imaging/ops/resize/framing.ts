/**
 * Where a cover resize with position `smart` crops (ADR 0136): the AI provider looks for faces on a copy of at most
 * DETECTION_PROXY_PIXELS (blur's detection copy), a grey copy of the same is searched for detail, and
 * core/tools/cover-framing.ts chooses the window. Face detection is never a reason for a resize to fail: when the
 * provider fails, is not set up, or takes longer than FACE_TIME_BUDGET_MS, the crop follows the detail and a note says
 * why. The AI allowance is not spent (ADR 0136).
 */
import { frameCover, mainFaces, type CoverWindow } from '../../../../../../core/tools/cover-framing';
import { greyThumb, THUMB_LONG_SIDE } from '../../../../../../core/tools/salient-window';
import type { Box } from '../../../ai/provider';
import { throwIfCancelled } from '../../../cancel';
import { HttpError } from '../../../errors';
import { decode } from '../../codecs/decode';
import { encode } from '../../codecs/encode';
import { resize } from '../../codecs/pixels';
import type { Raster } from '../../codecs/raster';
import { readHeader } from '../../intake/sniff';
import { viaService } from '../../pipeline/paths';
import type { EngineServices, Picture, Size } from '../../types';
import { proxySize, scaleBoxes } from '../blur/blur';

/** How long a resize waits for the face detector before framing on the detail instead. */
export const FACE_TIME_BUDGET_MS = 4000;

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
  return { width: Math.max(1, Math.round(picture.width * scale)), height: Math.max(1, Math.round(picture.height * scale)) };
}

/**
 * The detection copy: its bytes for the provider and its pixels for the grey copy. In the isolate, from the decoded
 * picture (the picture's own bytes when they already are that copy); else one image-service call makes it.
 */
async function detectionCopy(input: Picture, inWasm: boolean, services: EngineServices): Promise<{ image: Uint8Array; pixels: Raster }> {
  const proxy = proxySize(input.upright);
  const same = proxy.width === input.upright.width && proxy.height === input.upright.height;
  if (inWasm) {
    const full = await decode(input.bytes, input.header);
    const pixels = same ? full : await resize(full, proxy.width, proxy.height);
    const asIs = same && input.header.orientation === 1 && PROVIDER_READS.includes(input.header.format);
    return { image: asIs ? input.bytes : await encode(pixels, 'jpeg', { quality: 90 }), pixels };
  }
  const steps = same ? [] : [{ op: 'resize' as const, width: proxy.width, height: proxy.height, fit: 'stretch' as const }];
  const image = (await viaService(() => services.images.run({ input: input.bytes, steps, output: { format: 'jpeg', quality: 90 } }))).bytes;
  return { image, pixels: await decode(image, readHeader(image)!) };
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

/** The window a smart cover resize of `input` to `box` keeps, and a note when faces could not decide it. */
export async function frameSmart(input: Picture, box: Size, inWasm: boolean, services: EngineServices): Promise<Framed> {
  const { image, pixels } = await detectionCopy(input, inWasm, services);
  const t = thumbSize(pixels);
  const small = await resize(pixels, t.width, t.height);
  const thumb = greyThumb(small.data, small.width, small.height);
  const found = await findFaces(image, services);
  if (typeof found === 'string') {
    return { window: frameCover(input.upright, box, { thumb }), faces: 0, note: `Faces were not looked for (${found}), so the crop keeps the most detailed part.` };
  }
  const faces = scaleBoxes(found, pixels, input.upright).map((f, i) => ({ ...f, score: found[i]!.score }));
  const window = frameCover(input.upright, box, { faces, thumb });
  const main = mainFaces(faces, input.upright).length;
  if (window.by !== 'faces' && main > 0) {
    return { window, faces: 0, note: `The faces do not fit together in a frame of this shape (${box.width}×${box.height}), so the crop keeps the most detailed part.` };
  }
  return { window, faces: window.by === 'faces' ? main : 0 };
}
