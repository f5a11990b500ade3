/**
 * Colour as a viewer sees it, for the ORACLE service (node-services.ts), Node-side: shares no code with what it checks.
 * `managed(bytes)`: the picture decoded and colour-managed to sRGB, as an sRGB PNG (a HEIC by libheif's own
 * `heif-convert`, which writes its ICC profile into the PNG, then libvips; an AVIF named Display P3 by code points, by
 * the published P3 → sRGB matrix; everything else by libvips, which applies an embedded profile). `compare(expected, candidate, region)`: both colour-managed, the candidate's size brought to the
 * expected's, the mean CIE 1976 ΔE*ab between them and the mean saturation (HSV) of each, over `region` or all.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/** HEVC pictures in HEIF, which libvips cannot decode (an AVIF names its own brand, and libvips reads it). */
const isHeic = (bytes: Uint8Array) => {
  const brands = Buffer.from(bytes.subarray(4, 32)).toString('latin1');
  return brands.startsWith('ftyp') && /heic|heix|mif1/.test(brands) && !brands.includes('avif');
};

/**
 * Display P3 → sRGB on linear light, the published matrix (D65 both), for an AVIF named Display P3 by `nclx` code points
 * alone (primaries 12, transfer 13), which libvips does not apply: worked out by hand here, no profile involved.
 */
const P3_TO_SRGB = [
  [1.2249401, -0.2249404, 0],
  [-0.0420569, 1.0420571, 0],
  [-0.0196376, -0.0786361, 1.0982735],
];
const encodeSrgb = (v: number) =>
  Math.round(255 * Math.min(1, Math.max(0, v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055)));

function nclxP3(bytes: Buffer): boolean {
  const at = bytes.indexOf('colrnclx');
  return (
    at > 0 &&
    bytes.readUInt16BE(at + 8) === 12 &&
    bytes.readUInt16BE(at + 10) === 13 &&
    bytes.indexOf('colrprof') < 0 &&
    bytes.indexOf('colrrICC') < 0
  );
}

/** 8-bit sRGB values, three to a pixel. */
interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function p3ToSrgb(bytes: Buffer): Promise<Raw> {
  const { data, info } = await sharp(bytes, { ignoreIcc: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i += 3) {
    const [r, g, b] = [LINEAR[data[i]!]!, LINEAR[data[i + 1]!]!, LINEAR[data[i + 2]!]!];
    P3_TO_SRGB.forEach((row, c) => (out[i + c] = encodeSrgb(row[0]! * r + row[1]! * g + row[2]! * b)));
  }
  return { data: out, width: info.width, height: info.height };
}

/**
 * The picture as a colour-managed viewer shows it, as sRGB values: what `managed` writes as a PNG, without the PNG
 * (compare reads the values; a lossless PNG written and read back gave the same ones, at about 40 ms a picture).
 */
async function managedValues(bytes: Uint8Array): Promise<Raw> {
  let readable = Buffer.from(bytes);
  if (nclxP3(readable)) return p3ToSrgb(readable);
  if (isHeic(bytes)) {
    const dir = await mkdtemp(join(tmpdir(), 'memeforge-colour-'));
    try {
      await writeFile(join(dir, 'in.heic'), bytes);
      await run('heif-convert', ['--quiet', join(dir, 'in.heic'), join(dir, 'out.png')]);
      readable = await readFile(join(dir, 'out.png'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const { data, info } = await sharp(readable)
    .rotate()
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const rawInput = (r: Raw) => sharp(r.data, { raw: { width: r.width, height: r.height, channels: 3 } });

/** An sRGB PNG of the picture as a colour-managed viewer shows it. */
export async function managed(bytes: Uint8Array): Promise<Buffer> {
  return rawInput(await managedValues(bytes))
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * The expected pictures' values and CIELAB, kept by their hash: a test compares many results with one expected
 * picture (colour-kept.test.ts: 13 routes against one decode), which was colour-managed and converted again each time.
 */
const expectedKept = new Map<string, { raw: Raw; lab: Float64Array }>();
const EXPECTED_KEPT = 8;

async function expectedOf(bytes: Uint8Array): Promise<{ raw: Raw; lab: Float64Array }> {
  const key = createHash('sha256').update(bytes).digest('hex');
  const known = expectedKept.get(key);
  if (known) return known;
  const raw = await managedValues(bytes);
  const lab = new Float64Array(raw.data.length);
  for (let i = 0; i < raw.data.length; i += 3) lab.set(labOf(raw.data[i]!, raw.data[i + 1]!, raw.data[i + 2]!), i);
  const entry = { raw, lab };
  expectedKept.set(key, entry);
  if (expectedKept.size > EXPECTED_KEPT) expectedKept.delete(expectedKept.keys().next().value!);
  return entry;
}

const linear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
/**
 * `linear(v / 255)` for each 8-bit value, worked out once: the same numbers as calling it per channel, which cost
 * about 8 s of CPU (two pow per channel, two pictures) in each colour-kept.test.ts run.
 */
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => linear(v / 255));
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
/** sRGB (0–255) → CIELAB under D65. */
function labOf(r: number, g: number, b: number): [number, number, number] {
  const [R, G, B] = [LINEAR[r]!, LINEAR[g]!, LINEAR[b]!];
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
const saturation = (r: number, g: number, b: number) => {
  const max = Math.max(r, g, b);
  return max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
};

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ColourMatch {
  deltaE: number;
  saturation: { expected: number; candidate: number };
}

export async function compare(expected: Uint8Array, candidate: Uint8Array, region?: Region): Promise<ColourMatch> {
  const want = await expectedOf(expected);
  const { width, height } = want.raw;
  const got = await rawInput(await managedValues(candidate))
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const r = region ?? { left: 0, top: 0, width, height };
  let [dE, sWant, sGot, n] = [0, 0, 0, 0];
  for (let y = r.top; y < r.top + r.height; y++) {
    for (let x = r.left; x < r.left + r.width; x++) {
      const i = (y * width + x) * 3;
      const [a, b, p] = [want.raw.data, got, want.lab];
      const q = labOf(b[i]!, b[i + 1]!, b[i + 2]!);
      dE += Math.hypot(p[i]! - q[0], p[i + 1]! - q[1], p[i + 2]! - q[2]);
      sWant += saturation(a[i]!, a[i + 1]!, a[i + 2]!);
      sGot += saturation(b[i]!, b[i + 1]!, b[i + 2]!);
      n++;
    }
  }
  const round = (v: number) => Math.round((v / n) * 1000) / 1000;
  return { deltaE: round(dE), saturation: { expected: round(sWant), candidate: round(sGot) } };
}
