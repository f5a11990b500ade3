import { readGifFrames, readGifInfo, readWebpAnimation, readWebpFrames, type Frame } from '../../../../core/animation';
import { animatedKind, mayAnimate, MAX_MOTION_FRAMES, MIN_FRAME_DELAY_MS, type MotionKind } from '../model/motion-plan';

/**
 * An animated picture decoded in the browser: every frame whole (the decoder composes each over the last as the
 * file says), its delay in milliseconds, and how many times the file asks to be played.
 */
export interface Motion {
  kind: MotionKind;
  width: number;
  height: number;
  frames: ImageBitmap[];
  delays: number[];
  /** How many times it plays, 0 for ever, as core/animation/frames.ts counts. */
  loops: number;
}

const cache = new Map<string, Promise<Motion | null>>();

/**
 * The frames of the animated GIF or WebP at `url`, decoded once per address; null for a still picture or when
 * anything fails (the canvas then shows the first frame, as before). WebCodecs' ImageDecoder decodes where the
 * browser has it; elsewhere core/animation's readers do, in JavaScript. Only the first MAX_MOTION_FRAMES frames are
 * kept (docs/decisions/0138-animated-meme-export.md).
 */
export function decodeMotion(url: string): Promise<Motion | null> {
  let known = cache.get(url);
  if (!known) {
    known = decode(url).catch(() => null);
    cache.set(url, known);
    // Keep only the latest few addresses: an undo can bring a picture back, a long session should not pile up.
    if (cache.size > 4) cache.delete(cache.keys().next().value!);
  }
  return known;
}

async function decode(url: string): Promise<Motion | null> {
  const bytes = await bytesOf(url);
  if (!bytes) return null;
  const kind = animatedKind(bytes);
  if (!kind) return null;
  const type = kind === 'gif' ? 'image/gif' : 'image/webp';
  if (typeof ImageDecoder === 'undefined' || !(await ImageDecoder.isTypeSupported(type)))
    return decodeInScript(bytes, kind);
  const decoder = new ImageDecoder({ data: bytes, type });
  try {
    await decoder.tracks.ready;
    await decoder.completed;
    const track = decoder.tracks.selectedTrack;
    if (!track || track.frameCount < 2) return null;
    const count = Math.min(track.frameCount, MAX_MOTION_FRAMES);
    const frames: ImageBitmap[] = [];
    const delays: number[] = [];
    for (let frameIndex = 0; frameIndex < count; frameIndex++) {
      const { image } = await decoder.decode({ frameIndex });
      try {
        frames.push(await createImageBitmap(image));
        delays.push(Math.max(MIN_FRAME_DELAY_MS, Math.round((image.duration ?? 100_000) / 1000)));
      } finally {
        image.close();
      }
    }
    // ImageDecoder counts repetitions after the first play (Infinity: forever); `loops` counts plays, 0 forever.
    const reps = track.repetitionCount;
    const loops = Number.isFinite(reps) ? Math.round(reps) + 1 : 0;
    return { kind, width: frames[0]!.width, height: frames[0]!.height, frames, delays, loops };
  } finally {
    decoder.close();
  }
}

/**
 * The picture's bytes, or null when it cannot move: a still format by its address, a data: URL (an AI picture)
 * that is not a GIF or WebP. A data: URL is decoded here, since the CSP's connect-src refuses fetching one.
 */
async function bytesOf(url: string): Promise<Uint8Array | null> {
  if (url.startsWith('data:')) {
    const data = /^data:image\/(?:gif|webp);base64,(.*)$/s.exec(url)?.[1];
    return data ? Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) : null;
  }
  if (!url || url.startsWith('blob:') || !mayAnimate(url)) return null;
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

const nextTask = () => new Promise((r) => setTimeout(r, 0));

/** A still WebP's pixels, decoded by the browser (core/animation's WebP reader asks for each frame's). */
async function decodeStill(still: Uint8Array) {
  const bitmap = await createImageBitmap(new Blob([still as Uint8Array<ArrayBuffer>], { type: 'image/webp' }));
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { data: ctx.getImageData(0, 0, canvas.width, canvas.height).data, width: canvas.width, height: canvas.height };
}

/** The fallback: core/animation's GIF reader or WebP container reader, one frame per task so the page stays live. */
async function decodeInScript(bytes: Uint8Array, kind: MotionKind): Promise<Motion | null> {
  const webp = kind === 'webp' ? readWebpAnimation(bytes) : null;
  const info = kind === 'gif' ? readGifInfo(bytes) : webp;
  if (!info || info.frames < 2) return null;
  const source: AsyncIterable<Frame> | Iterable<Frame> = webp
    ? readWebpFrames(webp, decodeStill)
    : readGifFrames(bytes);
  const frames: ImageBitmap[] = [];
  const delays: number[] = [];
  for await (const f of source) {
    const pixels = new Uint8ClampedArray(f.rgba.buffer as ArrayBuffer, f.rgba.byteOffset, f.rgba.byteLength);
    frames.push(await createImageBitmap(new ImageData(pixels.slice(), info.width, info.height)));
    delays.push(Math.max(MIN_FRAME_DELAY_MS, f.delayMs || 100));
    if (frames.length >= MAX_MOTION_FRAMES) break;
    await nextTask();
  }
  return { kind, width: info.width, height: info.height, frames, delays, loops: info.loops };
}
