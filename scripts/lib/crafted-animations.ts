/**
 * Crafted animations for tests (ADR 0151), made at test time, never committed: a small canvas whose frames are
 * declared far larger than it. A 4,000 × 4,000 GIF frame of one colour is about 8.6 KB of real LZW data, and a
 * 2,048² lossless WebP frame of one colour a dozen bytes (every prefix code a single symbol, so no pixel costs a bit),
 * yet a decoder that trusts the frame's own size decodes 16 or 4 megapixels for each. Pure TypeScript: the unit
 * tests, local-images' tests and the Worker tests (workerd) all use the same files.
 */
import { concatBytes } from '../../core/bytes';

const le16 = (v: number) => [v & 0xff, (v >> 8) & 0xff];
const le24 = (v: number) => [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff];
const le32 = (v: number) => [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >>> 24) & 0xff];

/** Writes codes least significant bit first, as GIF's LZW and WebP's VP8L both read them. */
class Bits {
  private readonly out: number[] = [];
  private acc = 0;
  private count = 0;
  write(value: number, bits: number): void {
    for (let i = 0; i < bits; i++) {
      this.acc |= ((value >> i) & 1) << this.count;
      if (++this.count === 8) this.flush();
    }
  }
  private flush(): void {
    this.out.push(this.acc);
    this.acc = 0;
    this.count = 0;
  }
  bytes(): number[] {
    if (this.count) this.flush();
    return this.out;
  }
}

/**
 * The LZW data (after the minimum code size byte) of `pixels` pixels all of palette index `colour`, at a minimum
 * code size of 2. Greedy LZW on one colour adds the strings c², c³, … in order, so the longest known string is
 * emitted each time: about 6,000 twelve-bit codes for 16 megapixels.
 */
function solidLzw(pixels: number, colour: number): number[] {
  const clear = 4;
  const end = 5;
  const bits = new Bits();
  let size = 3;
  let next = end + 1;
  let longest = 1;
  bits.write(clear, size);
  for (let left = pixels; left > 0; ) {
    const k = Math.min(longest, left);
    bits.write(k === 1 ? colour : end + k - 1, size);
    left -= k;
    if (left > 0 && next < 4096) {
      if (k === longest) longest++;
      next++;
      if (next > 1 << size && size < 12) size++;
    }
  }
  bits.write(end, size);
  const data = bits.bytes();
  const blocks: number[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const part = data.slice(i, i + 255);
    blocks.push(part.length, ...part);
  }
  return [...blocks, 0];
}

export interface CraftedGif {
  screen: { width: number; height: number };
  /** Each frame's image descriptor rectangle; all frames share one picture of one colour. */
  frame: { left?: number; top?: number; width: number; height: number };
  frames: number;
}

/** A GIF89a of `frames` frames, each declared `frame` under a logical screen of `screen`, looping for ever. */
export function craftedGif({ screen, frame, frames }: CraftedGif): Uint8Array<ArrayBuffer> {
  const head = [...'GIF89a'].map((c) => c.charCodeAt(0));
  // Logical screen with a global table of 4 colours (flags 0x81: table present, 2 << 1 entries).
  const lsd = [
    ...le16(screen.width),
    ...le16(screen.height),
    0x81,
    0,
    0,
    ...[0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255],
  ];
  const loop = [0x21, 0xff, 11, ...[...'NETSCAPE2.0'].map((c) => c.charCodeAt(0)), 3, 1, 0, 0, 0];
  const lzw = solidLzw(frame.width * frame.height, 1);
  const one = new Uint8Array([
    ...[0x21, 0xf9, 4, 0x04, ...le16(8), 0, 0], // graphic control: keep, 80 ms
    0x2c,
    ...le16(frame.left ?? 0),
    ...le16(frame.top ?? 0),
    ...le16(frame.width),
    ...le16(frame.height),
    0,
    2,
    ...lzw,
  ]);
  return new Uint8Array(
    concatBytes([
      new Uint8Array([...head, ...lsd, ...loop]),
      ...Array.from({ length: frames }, () => one),
      new Uint8Array([0x3b]),
    ]),
  );
}

/** A lossless WebP bitstream (VP8L chunk) of `width` × `height` pixels, all one opaque colour. */
function solidVp8l(width: number, height: number): number[] {
  const bits = new Bits();
  bits.write(0x2f, 8);
  bits.write(width - 1, 14);
  bits.write(height - 1, 14);
  bits.write(0, 1); // no alpha used
  bits.write(0, 3); // version 0
  bits.write(0, 1); // no transform
  bits.write(0, 1); // no colour cache
  bits.write(0, 1); // one prefix code group for the whole picture
  // Five simple prefix codes of one symbol each (green, red, blue, alpha, distance): zero bits a pixel.
  for (const symbol of [0x80, 0x40, 0x20, 0xff]) {
    bits.write(1, 1);
    bits.write(0, 1);
    bits.write(1, 1);
    bits.write(symbol, 8);
  }
  bits.write(1, 1);
  bits.write(0, 1);
  bits.write(0, 1);
  bits.write(0, 1);
  const payload = bits.bytes();
  return ['V', 'P', '8', 'L']
    .map((c) => c.charCodeAt(0))
    .concat(le32(payload.length), payload, payload.length & 1 ? [0] : []);
}

const chunk = (id: string, payload: number[]) => [
  ...[...id].map((c) => c.charCodeAt(0)),
  ...le32(payload.length),
  ...payload,
  ...(payload.length & 1 ? [0] : []),
];

export interface CraftedWebp {
  canvas: { width: number; height: number };
  /** Each ANMF frame's rectangle (x and y even, as the container stores them halved). */
  frame: { x?: number; y?: number; width: number; height: number };
  /** The size the frame's own bitstream says, when it should differ from what its ANMF header declares. */
  bitstream?: { width: number; height: number };
  frames: number;
}

/** An animated WebP of `frames` ANMF frames, each a lossless picture of `frame`'s size at its offset, under `canvas`. */
export function craftedWebp({ canvas, frame, bitstream = frame, frames }: CraftedWebp): Uint8Array<ArrayBuffer> {
  const vp8x = chunk('VP8X', [0x02, 0, 0, 0, ...le24(canvas.width - 1), ...le24(canvas.height - 1)]);
  const anim = chunk('ANIM', [0, 0, 0, 0, 0, 0]);
  const anmf = chunk('ANMF', [
    ...le24((frame.x ?? 0) / 2),
    ...le24((frame.y ?? 0) / 2),
    ...le24(frame.width - 1),
    ...le24(frame.height - 1),
    ...le24(80),
    0x02,
    ...solidVp8l(bitstream.width, bitstream.height),
  ]);
  const body = [...[...'WEBP'].map((c) => c.charCodeAt(0)), ...vp8x, ...anim];
  const size = body.length + anmf.length * frames;
  const one = new Uint8Array(anmf);
  return new Uint8Array(
    concatBytes([
      new Uint8Array([...[...'RIFF'].map((c) => c.charCodeAt(0)), ...le32(size), ...body]),
      ...Array.from({ length: frames }, () => one),
    ]),
  );
}
