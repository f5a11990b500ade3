// AssemblyScript, compiled to workers/api/src/imaging/ops/compress/judge/judge-core.wasm by `npm run build:judge` (scripts/build-judge.ts).
// The inner loops of the quality judge (../src/imaging/ops/compress/judge/judge.ts): the Gaussian blur (sigma 1.5, 11 taps, cut and
// renormalised at the edges) and the per-pixel SSIM and edge maps, four pixels at a time with WASM SIMD. Planes are
// f32, row by row; every pointer is a byte offset into this module's memory, which judge.ts lays out.

const R: i32 = 5;
const KPTR: usize = memory.data(4 * 11, 16);

// The kernel, normalised.
let total: f32 = 0;
for (let i = 0; i <= 2 * R; i++) {
  const d = <f32>(i - R);
  const v = Mathf.exp(-(d * d) / (2 * 1.5 * 1.5));
  store<f32>(KPTR + (<usize>i << 2), v);
  total += v;
}
for (let i = 0; i <= 2 * R; i++) store<f32>(KPTR + (<usize>i << 2), load<f32>(KPTR + (<usize>i << 2)) / total);

const C1: f32 = 0.0001;
const C2: f32 = 0.0004;

@inline function k(i: i32): f32 {
  return load<f32>(KPTR + (<usize>i << 2));
}

@inline function at(p: usize, i: i32): f32 {
  return load<f32>(p + (<usize>i << 2));
}

/** Where the memory free for judge.ts's planes starts. */
export function heapStart(): usize {
  return (__heap_base + 15) & ~15;
}

/** The horizontal pass near the ends of a row for b, b² and a·b together. */
function hEdge3(ra: usize, rb: usize, x: i32, w: i32, hb: usize, hbb: usize, hab: usize): void {
  let sb: f32 = 0;
  let sbb: f32 = 0;
  let sab: f32 = 0;
  let weight: f32 = 0;
  const from = max(0, x - R);
  const to = min(w - 1, x + R);
  for (let t = from; t <= to; t++) {
    const kt = k(t - x + R);
    const v = at(rb, t);
    sb += kt * v;
    sbb += kt * v * v;
    sab += kt * v * at(ra, t);
    weight += kt;
  }
  store<f32>(hb + (<usize>x << 2), sb / weight);
  store<f32>(hbb + (<usize>x << 2), sbb / weight);
  store<f32>(hab + (<usize>x << 2), sab / weight);
}

/** The horizontal pass of b, of b² and of a·b, the products made on the fly (no plane of them is kept). */
function hblur3(a: usize, b: usize, hb: usize, hbb: usize, hab: usize, w: i32, h: i32): void {
  for (let y = 0; y < h; y++) {
    const off = <usize>(y * w) << 2;
    const ra = a + off;
    const rb = b + off;
    let x = R;
    for (; x + 4 <= w - R; x += 4) {
      const o = <usize>(x - R) << 2;
      let sb = f32x4.splat(0);
      let sbb = f32x4.splat(0);
      let sab = f32x4.splat(0);
      for (let t: usize = 0; t <= <usize>(2 * R); t++) {
        const kt = f32x4.splat(k(<i32>t));
        const v = v128.load(rb + o + (t << 2));
        const kv = f32x4.mul(kt, v);
        sb = f32x4.add(sb, kv);
        sbb = f32x4.add(sbb, f32x4.mul(kv, v));
        sab = f32x4.add(sab, f32x4.mul(kv, v128.load(ra + o + (t << 2))));
      }
      const out = off + (<usize>x << 2);
      v128.store(hb + out, sb);
      v128.store(hbb + out, sbb);
      v128.store(hab + out, sab);
    }
    for (; x < w - R; x++) hEdge3(ra, rb, x, w, hb + off, hbb + off, hab + off);
    for (let e = 0; e < min(R, w); e++) hEdge3(ra, rb, e, w, hb + off, hbb + off, hab + off);
    for (let e = max(R, w - R); e < w; e++) hEdge3(ra, rb, e, w, hb + off, hbb + off, hab + off);
  }
}

/** The vertical pass at one pixel near the top or bottom: the kernel cut to the plane and renormalised. */
function vEdge(src: usize, x: i32, y: i32, w: i32, h: i32): f32 {
  let sum: f32 = 0;
  let weight: f32 = 0;
  const from = max(0, y - R);
  const to = min(h - 1, y + R);
  for (let j = from; j <= to; j++) {
    const kt = k(j - y + R);
    sum += kt * at(src, j * w + x);
    weight += kt;
  }
  return sum / weight;
}

@inline function vInterior(src: usize, i: i32, w: i32): f32 {
  let s: f32 = k(R) * at(src, i);
  for (let t = 1; t <= R; t++) s += k(R - t) * (at(src, i - t * w) + at(src, i + t * w));
  return s;
}

/** Four pixels of the vertical pass, at byte offset `o` of a plane whose rows are `stride` bytes apart. */
@inline function v4(src: usize, o: usize, stride: usize): v128 {
  const p = src + o;
  let acc = f32x4.mul(f32x4.splat(k(5)), v128.load(p));
  acc = f32x4.add(acc, f32x4.mul(f32x4.splat(k(4)), f32x4.add(v128.load(p - stride), v128.load(p + stride))));
  acc = f32x4.add(acc, f32x4.mul(f32x4.splat(k(3)), f32x4.add(v128.load(p - 2 * stride), v128.load(p + 2 * stride))));
  acc = f32x4.add(acc, f32x4.mul(f32x4.splat(k(2)), f32x4.add(v128.load(p - 3 * stride), v128.load(p + 3 * stride))));
  acc = f32x4.add(acc, f32x4.mul(f32x4.splat(k(1)), f32x4.add(v128.load(p - 4 * stride), v128.load(p + 4 * stride))));
  return f32x4.add(acc, f32x4.mul(f32x4.splat(k(0)), f32x4.add(v128.load(p - 5 * stride), v128.load(p + 5 * stride))));
}

/** The vertical pass of a whole plane. */
function vblur(src: usize, dst: usize, w: i32, h: i32): void {
  const stride = <usize>w << 2;
  for (let y = 0; y < h; y++) {
    const interior = y >= R && y + R < h;
    let x = 0;
    if (interior) {
      for (; x + 4 <= w; x += 4) {
        const o = <usize>(y * w + x) << 2;
        v128.store(dst + o, v4(src, o, stride));
      }
    }
    for (; x < w; x++) store<f32>(dst + (<usize>(y * w + x) << 2), interior ? vInterior(src, y * w + x, w) : vEdge(src, x, y, w, h));
  }
}

/**
 * The reference's half of every comparison, for one channel at one scale: its local means (`mu`, the blur of it) and
 * local energies (`sq`, the blur of its square). `t1`–`t3` are scratch planes of the same size.
 */
export function reference(img: usize, mu: usize, sq: usize, t1: usize, t2: usize, t3: usize, w: i32, h: i32): void {
  hblur3(img, img, t1, t2, t3, w, h);
  vblur(t1, mu, w, h);
  vblur(t2, sq, w, h);
}

/**
 * One channel at one scale: from the reference `a` (with its blurred mu1 and blurred square s11) and the candidate
 * `b`, the SSIM map into `ssim` and, where `edges` is not 0, the edge map (1 minus how much sharper b is than a).
 * `hb`, `hbb`, `hab` are scratch planes of the same size.
 */
export function compare(a: usize, b: usize, mu1: usize, s11: usize, hb: usize, hbb: usize, hab: usize, ssim: usize, edges: usize, w: i32, h: i32): void {
  hblur3(a, b, hb, hbb, hab, w, h);
  const stride = <usize>w << 2;
  const c1 = f32x4.splat(C1);
  const c2 = f32x4.splat(C2);
  const two = f32x4.splat(2);
  const one = f32x4.splat(1);
  const zero = f32x4.splat(0);
  for (let y = 0; y < h; y++) {
    const interior = y >= R && y + R < h;
    let x = 0;
    if (interior) {
      for (; x + 4 <= w; x += 4) {
        const o = <usize>(y * w + x) << 2;
        const m2 = v4(hb, o, stride);
        const v22 = v4(hbb, o, stride);
        const v12 = v4(hab, o, stride);
        const m1 = v128.load(mu1 + o);
        const m11 = f32x4.mul(m1, m1);
        const m22 = f32x4.mul(m2, m2);
        const m12 = f32x4.mul(m1, m2);
        const num = f32x4.mul(f32x4.add(f32x4.mul(two, m12), c1), f32x4.add(f32x4.mul(two, f32x4.sub(v12, m12)), c2));
        const den = f32x4.mul(f32x4.add(f32x4.add(m11, m22), c1), f32x4.add(f32x4.add(f32x4.sub(v128.load(s11 + o), m11), f32x4.sub(v22, m22)), c2));
        v128.store(ssim + o, f32x4.div(num, den));
        if (edges) {
          const sharper = f32x4.sub(f32x4.abs(f32x4.sub(v128.load(b + o), m2)), f32x4.abs(f32x4.sub(v128.load(a + o), m1)));
          v128.store(edges + o, f32x4.sub(one, f32x4.max(sharper, zero)));
        }
      }
    }
    for (; x < w; x++) {
      const i = y * w + x;
      const m2 = interior ? vInterior(hb, i, w) : vEdge(hb, x, y, w, h);
      const v22 = interior ? vInterior(hbb, i, w) : vEdge(hbb, x, y, w, h);
      const v12 = interior ? vInterior(hab, i, w) : vEdge(hab, x, y, w, h);
      const m1 = at(mu1, i);
      const m11 = m1 * m1;
      const m22 = m2 * m2;
      const m12 = m1 * m2;
      store<f32>(ssim + (<usize>i << 2), ((2 * m12 + C1) * (2 * (v12 - m12) + C2)) / ((m11 + m22 + C1) * (at(s11, i) - m11 + (v22 - m22) + C2)));
      if (edges) store<f32>(edges + (<usize>i << 2), 1 - max<f32>(abs<f32>(at(b, i) - m2) - abs<f32>(at(a, i) - m1), 0));
    }
  }
}

// --- Colour and statistics.

const LINEAR: usize = memory.data(4 * 256, 16);
for (let v = 0; v < 256; v++) {
  const c = <f32>v / 255;
  store<f32>(LINEAR + (<usize>v << 2), c <= 0.04045 ? c / 12.92 : Mathf.pow((c + 0.055) / 1.055, 2.4));
}

const EPSILON: f32 = 0.008856451679035631;
const KAPPA: f32 = 7.787037037037037;
const OFFSET: f32 = 4.0 / 29.0;

/** Cube root of t > 0: a guess from the float's exponent bits, then two Halley steps (error below 1e-7). */
@inline function cbrt(t: f32): f32 {
  let y = reinterpret<f32>(reinterpret<i32>(t) / 3 + 709921077);
  let y3 = y * y * y;
  y = (y * (y3 + 2 * t)) / (2 * y3 + t);
  y3 = y * y * y;
  return (y * (y3 + 2 * t)) / (2 * y3 + t);
}

@inline function labF(t: f32): f32 {
  return t > EPSILON ? cbrt(t) - OFFSET : KAPPA * t;
}

/**
 * 8-bit RGBA (n pixels at `rgba`) to CIE Lab planes (D65, scaled to about 0…1 as SSIMULACRA has it), over white
 * where transparent.
 */
export function lab(rgba: usize, l: usize, a: usize, b: usize, n: i32): void {
  for (let p = 0; p < n; p++) {
    const px = rgba + (<usize>p << 2);
    let red = load<f32>(LINEAR + (<usize>load<u8>(px) << 2));
    let green = load<f32>(LINEAR + (<usize>load<u8>(px, 1) << 2));
    let blue = load<f32>(LINEAR + (<usize>load<u8>(px, 2) << 2));
    const alpha = <f32>load<u8>(px, 3) / 255;
    if (alpha < 1) {
      red = red * alpha + 1 - alpha;
      green = green * alpha + 1 - alpha;
      blue = blue * alpha + 1 - alpha;
    }
    // Linear sRGB to CIE XYZ, each relative to the D65 white.
    const x = labF((0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / 0.95047);
    const y = labF(0.2126729 * red + 0.7151522 * green + 0.072175 * blue);
    const z = labF((0.0193339 * red + 0.119192 * green + 0.9503041 * blue) / 1.08883);
    const o = <usize>p << 2;
    store<f32>(l + o, y * 1.16);
    store<f32>(a + o, 0.3918181818181818 + 2.272727272727273 * (x - y));
    store<f32>(b + o, 0.4904545454545454 + 0.9090909090909091 * (y - z));
  }
}

/** Box-average over f × f cells into ceil(w/f) × ceil(h/f) (the last cell repeats the edge pixels). */
export function downsample(src: usize, dst: usize, w: i32, h: i32, f: i32): void {
  const ow = (w + f - 1) / f;
  const oh = (h + f - 1) / f;
  const scale: f32 = 1 / <f32>(f * f);
  for (let oy = 0; oy < oh; oy++) {
    for (let ox = 0; ox < ow; ox++) {
      let sum: f32 = 0;
      for (let iy = 0; iy < f; iy++) {
        const row = min(oy * f + iy, h - 1) * w;
        for (let ix = 0; ix < f; ix++) sum += at(src, row + min(ox * f + ix, w - 1));
      }
      store<f32>(dst + (<usize>(oy * ow + ox) << 2), sum * scale);
    }
  }
}

/** The mean of n values. */
export function mean(p: usize, n: i32): f64 {
  let sum: f64 = 0;
  for (let i = 0; i < n; i++) sum += <f64>at(p, i);
  return n ? sum / n : 1;
}

/** The smallest of n values. */
export function minimum(p: usize, n: i32): f32 {
  let m: f32 = Infinity;
  for (let i = 0; i < n; i++) m = min(m, at(p, i));
  return n ? m : 1;
}

/** Each row's mean into rows (f64 × h) and each column's mean into cols (f64 × w). */
export function lineMeans(p: usize, w: i32, h: i32, rows: usize, cols: usize): void {
  for (let x = 0; x < w; x++) store<f64>(cols + (<usize>x << 3), 0);
  for (let y = 0; y < h; y++) {
    let sum: f64 = 0;
    for (let x = 0; x < w; x++) {
      const v = <f64>at(p, y * w + x);
      sum += v;
      const c = cols + (<usize>x << 3);
      store<f64>(c, load<f64>(c) + v);
    }
    store<f64>(rows + (<usize>y << 3), sum / w);
  }
  for (let x = 0; x < w; x++) {
    const c = cols + (<usize>x << 3);
    store<f64>(c, load<f64>(c) / h);
  }
}
