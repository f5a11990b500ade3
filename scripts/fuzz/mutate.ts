/**
 * Hostile variants of real image files for the fuzzer. Pure and seeded (no Node or Workers APIs), so the on-demand
 * run (scripts/fuzz.ts, against the local stack) and the short in-suite run (workers/api/test/corpus/fuzz.test.ts) make the
 * same inputs from the same seed, and a finding can be reproduced from its name alone.
 */
import { concatBytes } from '../../core/bytes';

export interface FuzzInput {
  /** `<seed file>#<index>:<mutation>` — enough to regenerate the bytes. */
  name: string;
  bytes: Uint8Array;
}

/** A small, fast PRNG (mulberry32): same seed, same inputs. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const int = (rand: Rand, n: number) => Math.floor(rand() * n);
const u32 = (v: number) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
const EXTREME_DIMENSIONS = [0, 1, 0xffff, 0x7fff, 65_500, 100_000, 0x7fffffff, 0xffffffff];

function bitFlips(src: Uint8Array, rand: Rand): Uint8Array {
  const out = src.slice();
  const flips = 1 + int(rand, 16);
  for (let i = 0; i < flips; i++) {
    // Half the flips land in the first 512 bytes, where headers live.
    const at = rand() < 0.5 ? int(rand, Math.min(512, out.length)) : int(rand, out.length);
    out[at]! ^= 1 << int(rand, 8);
  }
  return out;
}

const truncate = (src: Uint8Array, rand: Rand) => src.slice(0, int(rand, src.length));

/** Rewrites the declared width/height in the header of PNG, JPEG, GIF, BMP and WebP (VP8X) files. */
function headerDimensions(src: Uint8Array, rand: Rand): Uint8Array {
  const out = src.slice();
  const w = EXTREME_DIMENSIONS[int(rand, EXTREME_DIMENSIONS.length)]!;
  const h = EXTREME_DIMENSIONS[int(rand, EXTREME_DIMENSIONS.length)]!;
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  if (out[0] === 0x89 && out[1] === 0x50 && out.length >= 24) {
    view.setUint32(16, w);
    view.setUint32(20, h);
  } else if (out[0] === 0xff && out[1] === 0xd8) {
    for (let i = 2; i + 9 < out.length; i++) {
      if (out[i] === 0xff && out[i + 1]! >= 0xc0 && out[i + 1]! <= 0xc3) {
        view.setUint16(i + 5, h & 0xffff);
        view.setUint16(i + 7, w & 0xffff);
        break;
      }
    }
  } else if (out[0] === 0x47 && out[1] === 0x49 && out.length >= 10) {
    view.setUint16(6, w & 0xffff, true);
    view.setUint16(8, h & 0xffff, true);
  } else if (out[0] === 0x42 && out[1] === 0x4d && out.length >= 26) {
    view.setInt32(18, w | 0, true);
    view.setInt32(22, h | 0, true);
  } else if (out.length >= 30 && String.fromCharCode(...out.subarray(12, 16)) === 'VP8X') {
    for (const [at, v] of [
      [24, w],
      [27, h],
    ] as const) {
      out[at] = (v - 1) & 255;
      out[at + 1] = ((v - 1) >>> 8) & 255;
      out[at + 2] = ((v - 1) >>> 16) & 255;
    }
  } else {
    return bitFlips(src, rand);
  }
  return out;
}

/** Repeats a slice (a chunk, segment or part of one) in place: duplicate IHDRs, SOFs, repeated frames. */
function duplicateChunk(src: Uint8Array, rand: Rand): Uint8Array {
  const start = int(rand, src.length);
  const len = 1 + int(rand, Math.min(4096, src.length - start));
  const times = 1 + int(rand, 8);
  const piece = src.subarray(start, start + len);
  const out = new Uint8Array(src.length + len * times);
  out.set(src.subarray(0, start + len));
  for (let i = 1; i <= times; i++) out.set(piece, start + len * i);
  out.set(src.subarray(start + len), start + len * (times + 1));
  return out;
}

/** Sets a length field to a huge value: PNG chunk lengths, JPEG segment lengths, RIFF sizes, or any 4 bytes. */
function hugeDeclaredSize(src: Uint8Array, rand: Rand): Uint8Array {
  const out = src.slice();
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const huge = [0x7fffffff, 0xffffffff, 0x10000000][int(rand, 3)]!;
  if (out[0] === 0x89 && out[1] === 0x50 && out.length > 40) {
    // Walk the chunks and blow up one of them.
    const offsets: number[] = [];
    for (let at = 8; at + 8 <= out.length && offsets.length < 64; at += 12 + view.getUint32(at)) offsets.push(at);
    view.setUint32(offsets[int(rand, offsets.length)] ?? 8, huge);
  } else if (out[0] === 0x52 && out[1] === 0x49 && out.length >= 12) {
    view.setUint32(4, huge, true);
  } else if (out[0] === 0xff && out[1] === 0xd8 && out.length > 6) {
    view.setUint16(4, 0xffff);
  } else if (out.length >= 8) {
    view.setUint32(int(rand, out.length - 4), huge);
  }
  return out;
}

const MAGICS = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff, 0xe0],
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  [0x42, 0x4d],
  [0x49, 0x49, 0x2a, 0x00],
  [0x00, 0x00, 0x00, 0x1c, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66],
  [0x3c, 0x73, 0x76, 0x67],
];

/** Another format's signature over this file's: a PNG that claims to be a JPEG, a GIF that claims WebP... */
function wrongMagic(src: Uint8Array, rand: Rand): Uint8Array {
  const out = src.slice();
  out.set(MAGICS[int(rand, MAGICS.length)]!.slice(0, out.length));
  return out;
}

const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => concatBytes(parts);

/** Files that are two things at once: image + HTML/script, image + ZIP, SVG + image, two images back to back. */
function polyglot(src: Uint8Array, rand: Rand, other: Uint8Array): Uint8Array {
  switch (int(rand, 5)) {
    case 0:
      return concat(src, text('<html><script>alert(document.domain)</script></html>'));
    case 1:
      return concat(src, Uint8Array.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]));
    case 2:
      return concat(text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><!--'), src, text('--></svg>'));
    case 3:
      return concat(src, other);
    default: {
      // A PNG chunk carrying HTML, inserted after the signature.
      const payload = text('<script>alert(1)</script>');
      return concat(
        src.subarray(0, 8),
        Uint8Array.from([...u32(payload.length), 0x74, 0x45, 0x58, 0x74]),
        payload,
        Uint8Array.from(u32(0)),
        src.subarray(8),
      );
    }
  }
}

export const MUTATIONS = [
  'bitflip',
  'truncate',
  'dimensions',
  'duplicate-chunk',
  'huge-size',
  'wrong-magic',
  'polyglot',
] as const;

/**
 * `count` inputs from the seed files, cycling through files and mutations. Deterministic for a given `seed`.
 */
export function* fuzzInputs(
  seeds: readonly { name: string; bytes: Uint8Array }[],
  count: number,
  seed = 1,
): Generator<FuzzInput> {
  if (seeds.length === 0) return;
  for (let i = 0; i < count; i++) {
    const rand = rng(seed * 1_000_003 + i);
    const source = seeds[i % seeds.length]!;
    const other = seeds[(i * 7 + 3) % seeds.length]!;
    const mutation = MUTATIONS[Math.floor(i / seeds.length) % MUTATIONS.length]!;
    const src = source.bytes;
    const bytes =
      mutation === 'bitflip'
        ? bitFlips(src, rand)
        : mutation === 'truncate'
          ? truncate(src, rand)
          : mutation === 'dimensions'
            ? headerDimensions(src, rand)
            : mutation === 'duplicate-chunk'
              ? duplicateChunk(src, rand)
              : mutation === 'huge-size'
                ? hugeDeclaredSize(src, rand)
                : mutation === 'wrong-magic'
                  ? wrongMagic(src, rand)
                  : polyglot(src, rand, other.bytes);
    yield { name: `${source.name}#${i}:${mutation}`, bytes };
  }
}

/** Every tool operation the API offers, as multipart fields; input i goes through upload and operation i mod n. */
export const FUZZ_OPERATIONS: readonly [route: string, fields: Record<string, string>][] = [
  ['optimize', { operation: 'compress', quality: '70' }],
  ['optimize', { operation: 'compress', quality: 'auto' }],
  ['modify', { operation: 'resize', width: '32', height: '32', maintainAspectRatio: 'true' }],
  ['modify', { operation: 'crop', x: '0', y: '0', width: '8', height: '8' }],
  ['modify', { operation: 'rotate', angle: '90' }],
  ['modify', { operation: 'rotate', angle: '180', flip: 'horizontal' }],
  ['modify', { operation: 'compress', quality: '60' }],
  ['convert', { format: 'jpeg' }],
  ['convert', { format: 'webp' }],
  ['convert', { format: 'png' }],
  ['convert', { format: 'bmp' }],
  ['security', { operation: 'watermark', text: 'fuzz' }],
  ['security', { operation: 'privacy' }],
  ['security', { operation: 'blur', method: 'selective', regions: '[{"x":0,"y":0,"width":4,"height":4}]' }],
  ['analyze-metadata', {}],
];
