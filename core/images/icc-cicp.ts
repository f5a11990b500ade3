/**
 * An ICC profile for colour code points (ITU-T H.273, the `nclx` box of a HEIF picture, ADR 0153): what carries an
 * AVIF's or HEIC's wide gamut into a JPEG, PNG or WebP, which say their colour space with an ICC profile only. A
 * matrix/TRC display profile (ICC.1:2022, version 4.3): the primaries adapted to the D50 connection space with
 * Bradford's transform (the `chad` tag says which), and the transfer as a parametric curve. Written here, not copied:
 * about 450 bytes, the same numbers every time.
 */

type Xy = readonly [number, number];

/** H.273 ColourPrimaries a profile is made for: red, green, blue and white (all D65), and the profile's name. */
const PRIMARIES: Record<number, { rgb: readonly [Xy, Xy, Xy]; white: Xy; name: string }> = {
  9: {
    rgb: [
      [0.708, 0.292],
      [0.17, 0.797],
      [0.131, 0.046],
    ],
    white: [0.3127, 0.329],
    name: 'Rec. 2020',
  },
  12: {
    rgb: [
      [0.68, 0.32],
      [0.265, 0.69],
      [0.15, 0.06],
    ],
    white: [0.3127, 0.329],
    name: 'Display P3',
  },
};

/** ICC parametric curve 3 (Y = (aX + b)^g from X ≥ d, else cX) for H.273 TransferCharacteristics. */
const SRGB_CURVE = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045];
const BT709_CURVE = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081];
/** 2 is "unspecified": read as sRGB, as browsers do. PQ, HLG and the rest cannot be a plain curve: no profile. */
const TRANSFERS: Record<number, number[]> = {
  1: BT709_CURVE,
  2: SRGB_CURVE,
  6: BT709_CURVE,
  13: SRGB_CURVE,
  14: BT709_CURVE,
  15: BT709_CURVE,
};

type Matrix = number[][];
const mul = (a: Matrix, b: Matrix): Matrix =>
  a.map((row) => b[0]!.map((_, j) => row.reduce((s, v, k) => s + v * b[k]![j]!, 0)));
const apply = (m: Matrix, v: number[]) => m.map((row) => row.reduce((s, x, k) => s + x * v[k]!, 0));
function invert(m: Matrix): Matrix {
  const [[a, b, c], [d, e, f], [g, h, i]] = m as [
    [number, number, number],
    [number, number, number],
    [number, number, number],
  ];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}
const xyz = ([x, y]: Xy) => [x / y, 1, (1 - x - y) / y];

/** The ICC connection space's white (D50), as the ICC specification rounds it. */
const D50 = [0.9642, 1, 0.8249];
const BRADFORD: Matrix = [
  [0.8951, 0.2664, -0.1614],
  [-0.7502, 1.7135, 0.0367],
  [0.0389, -0.0685, 1.0296],
];

/** Bradford's adaptation from `white` to D50. */
function adaptation(white: number[]): Matrix {
  const [src, dst] = [apply(BRADFORD, white), apply(BRADFORD, D50)];
  const scale = [0, 1, 2].map((i) => [0, 1, 2].map((j) => (i === j ? dst[i]! / src[i]! : 0)));
  return mul(invert(BRADFORD), mul(scale, BRADFORD));
}

/** RGB → XYZ under `white` (columns: the red, green and blue primaries at full strength). */
function rgbToXyz(rgb: readonly [Xy, Xy, Xy], white: Xy): Matrix {
  const columns = rgb.map(xyz);
  const m = [0, 1, 2].map((r) => columns.map((c) => c[r]!));
  const s = apply(invert(m), xyz(white));
  return m.map((row) => row.map((v, j) => v * s[j]!));
}

const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const fixed = (v: number) => u32(Math.round(v * 65536) | 0);
const sig = (s: string) => [...s].map((c) => c.charCodeAt(0));
const pad4 = (b: number[]) => [...b, ...Array<number>((4 - (b.length % 4)) % 4).fill(0)];

/** `mluc`: one English record (UTF-16BE). */
function text(s: string): number[] {
  const utf16 = [...s].flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 255]);
  return [
    ...sig('mluc'),
    0,
    0,
    0,
    0,
    ...u32(1),
    ...u32(12),
    ...sig('enUS'),
    ...u32(utf16.length),
    ...u32(28),
    ...utf16,
  ];
}
const xyzTag = (v: number[]) => [...sig('XYZ '), 0, 0, 0, 0, ...v.flatMap(fixed)];

/**
 * The profile for `primaries` and `transfer`, or null where there is nothing to carry (BT.709 primaries, or
 * unspecified: the values are sRGB's) or nothing a profile can say (an HDR transfer, other primaries).
 */
export function cicpProfile(primaries: number, transfer: number): Uint8Array | null {
  const space = PRIMARIES[primaries];
  const curve = TRANSFERS[transfer];
  if (!space || !curve) return null;
  const chad = adaptation(xyz(space.white));
  const colorants = mul(chad, rgbToXyz(space.rgb, space.white));
  const column = (j: number) => colorants.map((row) => row[j]!);
  const para = [...sig('para'), 0, 0, 0, 0, 0, 3, 0, 0, ...curve.flatMap(fixed)];
  // Tags in order; the three TRC tags share one curve.
  const tags: [string, number[]][] = [
    ['desc', text(space.name)],
    ['cprt', text('No copyright, use freely')],
    ['wtpt', xyzTag(D50)],
    ['chad', [...sig('sf32'), 0, 0, 0, 0, ...chad.flat().flatMap(fixed)]],
    ['rXYZ', xyzTag(column(0))],
    ['gXYZ', xyzTag(column(1))],
    ['bXYZ', xyzTag(column(2))],
    ['rTRC', para],
    ['gTRC', para],
    ['bTRC', para],
  ];
  const table: number[] = [...u32(tags.length)];
  const data: number[] = [];
  const start = 128 + 4 + 12 * tags.length;
  let shared = -1;
  for (const [name, body] of tags) {
    const reuse = name === 'gTRC' || name === 'bTRC';
    const at = reuse ? shared : start + data.length;
    if (name === 'rTRC') shared = at;
    if (!reuse) data.push(...pad4(body));
    table.push(...sig(name), ...u32(at), ...u32(body.length));
  }
  const size = start + data.length;
  const header = [
    ...u32(size),
    0,
    0,
    0,
    0,
    0x04,
    0x30,
    0,
    0,
    ...sig('mntrRGB XYZ '),
    // Date and time: a fixed one, so the same code points always give the same bytes.
    0x07,
    0xea,
    0,
    1,
    0,
    1,
    0,
    0,
    0,
    0,
    0,
    0,
    ...sig('acsp'),
    ...Array<number>(24).fill(0),
    0,
    0,
    0,
    0,
    ...D50.flatMap(fixed),
    ...Array<number>(48).fill(0),
  ];
  return new Uint8Array([...header, ...table, ...data]);
}
