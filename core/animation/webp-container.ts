/**
 * The animated WebP container (RIFF: VP8X, ANIM, one ANMF per frame), written around still WebP frames made by any
 * encoder (the Worker's @jsquash/webp, the browser's canvas) and read back into frames: core/ holds no codec, so a
 * caller passes its encoder's files in and its decoder's function for reading. Frames written here are whole-canvas
 * frames with no blending and no disposal, so each frame's picture is exactly what was encoded.
 */
import { concatBytes } from '../bytes';
import type { AnimationInfo, Frame } from './frames';

export class WebpContainerError extends Error {}

const fourcc = (b: Uint8Array, o: number) => String.fromCharCode(b[o]!, b[o + 1]!, b[o + 2]!, b[o + 3]!);
const u24 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16);
const u32 = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;

interface Chunk {
  id: string;
  /** The whole chunk: header, payload and pad byte. */
  start: number;
  end: number;
  payload: number;
  size: number;
}

function chunks(bytes: Uint8Array, from: number, to: number): Chunk[] {
  const out: Chunk[] = [];
  let o = from;
  while (o + 8 <= to) {
    const size = u32(bytes, o + 4);
    const end = o + 8 + size + (size & 1);
    if (o + 8 + size > to) throw new WebpContainerError('the WebP ends in the middle of a chunk');
    out.push({ id: fourcc(bytes, o), start: o, end: Math.min(end, to), payload: o + 8, size });
    o = end;
  }
  return out;
}

function riffChunks(bytes: Uint8Array): Chunk[] {
  if (bytes.length < 12 || fourcc(bytes, 0) !== 'RIFF' || fourcc(bytes, 8) !== 'WEBP')
    throw new WebpContainerError('not a WebP');
  return chunks(bytes, 12, Math.min(bytes.length, 8 + u32(bytes, 4)));
}

/** A still WebP file's picture chunks (ALPH and VP8, or VP8L), as an ANMF frame carries them. */
export function frameChunks(still: Uint8Array): { data: Uint8Array; alpha: boolean } {
  const parts = riffChunks(still).filter((c) => c.id === 'ALPH' || c.id === 'VP8 ' || c.id === 'VP8L');
  if (!parts.some((c) => c.id !== 'ALPH')) throw new WebpContainerError('the WebP frame holds no picture');
  const alpha = parts.some((c) => c.id === 'ALPH' || (c.id === 'VP8L' && (still[c.payload + 4]! & 0x10) !== 0));
  const data = new Uint8Array(parts.reduce((n, c) => n + c.end - c.start, 0));
  let at = 0;
  for (const c of parts) {
    data.set(still.subarray(c.start, c.end), at);
    at += c.end - c.start;
  }
  return { data, alpha };
}

/** The RIFF file around a WebP's chunks: "RIFF", the size of what follows, "WEBP", the chunks. */
function riffWebp(parts: readonly Uint8Array[]): Uint8Array {
  const head = new Uint8Array(12);
  head.set([0x52, 0x49, 0x46, 0x46]);
  new DataView(head.buffer).setUint32(
    4,
    parts.reduce((n, p) => n + p.length, 4),
    true,
  );
  head.set([0x57, 0x45, 0x42, 0x50], 8);
  return concatBytes([head, ...parts]);
}

function chunk(id: string, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + payload.length + (payload.length & 1));
  for (let i = 0; i < 4; i++) out[i] = id.charCodeAt(i);
  new DataView(out.buffer).setUint32(4, payload.length, true);
  out.set(payload, 8);
  return out;
}

const put24 = (b: Uint8Array, o: number, v: number) => {
  b[o] = v & 0xff;
  b[o + 1] = (v >> 8) & 0xff;
  b[o + 2] = (v >> 16) & 0xff;
};

export interface WebpAnimationOptions {
  width: number;
  height: number;
  /** Plays: 0 for ever (frames.ts). */
  loops: number;
}

/** An animated WebP of whole-canvas frames, each a still WebP file of the canvas size and its delay. */
export function muxAnimatedWebp(
  options: WebpAnimationOptions,
  frames: Array<{ still: Uint8Array; delayMs: number }>,
): Uint8Array {
  const { width, height } = options;
  if (frames.length === 0) throw new WebpContainerError('an animation needs at least one frame');
  const parts: Uint8Array[] = [];
  let alpha = false;
  for (const f of frames) {
    const { data, alpha: a } = frameChunks(f.still);
    alpha ||= a;
    const head = new Uint8Array(16);
    put24(head, 6, width - 1);
    put24(head, 9, height - 1);
    put24(head, 12, Math.min(0xffffff, Math.max(0, Math.round(f.delayMs))));
    head[15] = 0x02; // do not blend; do not dispose
    const payload = new Uint8Array(16 + data.length);
    payload.set(head);
    payload.set(data, 16);
    parts.push(chunk('ANMF', payload));
  }
  const vp8x = new Uint8Array(10);
  vp8x[0] = 0x02 | (alpha ? 0x10 : 0);
  put24(vp8x, 4, width - 1);
  put24(vp8x, 7, height - 1);
  const anim = new Uint8Array(6);
  anim[4] = options.loops & 0xff;
  anim[5] = (options.loops >> 8) & 0xff;
  parts.unshift(chunk('VP8X', vp8x), chunk('ANIM', anim));
  return riffWebp(parts);
}

/** One frame as the file holds it: its rectangle, timing, how it is composited, and a still WebP of its picture. */
export interface WebpFramePart {
  x: number;
  y: number;
  width: number;
  height: number;
  delayMs: number;
  /** Alpha-blend over the canvas (else replace the rectangle). */
  blend: boolean;
  /** Clear the rectangle to transparent after it is shown. */
  dispose: boolean;
  still: Uint8Array;
}

/** An animated WebP's canvas, loop count and frames (the frames' pictures still encoded); null for a still WebP. */
export function readWebpAnimation(bytes: Uint8Array): (AnimationInfo & { parts: WebpFramePart[] }) | null {
  const all = riffChunks(bytes);
  const vp8x = all.find((c) => c.id === 'VP8X');
  if (!vp8x || !(bytes[vp8x.payload]! & 0x02)) return null;
  const width = u24(bytes, vp8x.payload + 4) + 1;
  const height = u24(bytes, vp8x.payload + 7) + 1;
  const anim = all.find((c) => c.id === 'ANIM');
  const loops = anim ? bytes[anim.payload + 4]! | (bytes[anim.payload + 5]! << 8) : 0;
  const parts: WebpFramePart[] = [];
  for (const c of all.filter((x) => x.id === 'ANMF')) {
    const p = c.payload;
    const inner = chunks(bytes, p + 16, p + c.size).filter(
      (x) => x.id === 'ALPH' || x.id === 'VP8 ' || x.id === 'VP8L',
    );
    const w = u24(bytes, p + 6) + 1;
    const h = u24(bytes, p + 9) + 1;
    const hasAlph = inner.some((x) => x.id === 'ALPH');
    const data = inner.map((x) => bytes.subarray(x.start, x.end));
    const still = stillOf(w, h, data, hasAlph);
    parts.push({
      x: u24(bytes, p) * 2,
      y: u24(bytes, p + 3) * 2,
      width: w,
      height: h,
      delayMs: u24(bytes, p + 12),
      blend: (bytes[p + 15]! & 0x02) === 0,
      dispose: (bytes[p + 15]! & 0x01) !== 0,
      still,
    });
  }
  if (parts.length === 0) throw new WebpContainerError('the animated WebP holds no frame');
  return { width, height, loops, frames: parts.length, parts };
}

/** A still WebP file around a frame's chunks (VP8X when it has an ALPH chunk). */
function stillOf(width: number, height: number, data: Uint8Array[], alpha: boolean): Uint8Array {
  const parts = [...data];
  if (alpha) {
    const vp8x = new Uint8Array(10);
    vp8x[0] = 0x10;
    put24(vp8x, 4, width - 1);
    put24(vp8x, 7, height - 1);
    parts.unshift(chunk('VP8X', vp8x));
  }
  return riffWebp(parts);
}

/** Decodes a still WebP to straight RGBA (the caller's codec). */
export type DecodeStill = (
  still: Uint8Array,
) => Promise<{ data: Uint8Array | Uint8ClampedArray; width: number; height: number }>;

/** Every frame of an animated WebP as shown (whole canvas), one at a time, each decoded by `decode`. */
export async function* readWebpFrames(
  animation: NonNullable<ReturnType<typeof readWebpAnimation>>,
  decode: DecodeStill,
): AsyncGenerator<Frame, void, undefined> {
  const { width, height } = animation;
  const canvas = new Uint8Array(width * height * 4);
  for (const part of animation.parts) {
    const picture = await decode(part.still);
    for (let y = 0; y < part.height && part.y + y < height; y++) {
      for (let x = 0; x < part.width && part.x + x < width; x++) {
        const s = (y * picture.width + x) * 4;
        const o = ((part.y + y) * width + part.x + x) * 4;
        const a = picture.data[s + 3]!;
        if (!part.blend || a === 255 || canvas[o + 3] === 0) {
          if (part.blend && a === 0) continue;
          canvas[o] = picture.data[s]!;
          canvas[o + 1] = picture.data[s + 1]!;
          canvas[o + 2] = picture.data[s + 2]!;
          canvas[o + 3] = a;
        } else if (a > 0) {
          const da = canvas[o + 3]!;
          const outA = a + (da * (255 - a)) / 255;
          for (let k = 0; k < 3; k++)
            canvas[o + k] = Math.round((picture.data[s + k]! * a + (canvas[o + k]! * da * (255 - a)) / 255) / outA);
          canvas[o + 3] = Math.round(outA);
        }
      }
    }
    yield { rgba: canvas.slice(), delayMs: part.delayMs };
    if (part.dispose) {
      for (let y = part.y; y < Math.min(height, part.y + part.height); y++)
        canvas.fill(0, (y * width + part.x) * 4, (y * width + Math.min(width, part.x + part.width)) * 4);
    }
  }
}
