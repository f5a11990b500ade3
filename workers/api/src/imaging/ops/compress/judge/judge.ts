/**
 * The quality judge of `quality=auto` and target sizes: how visible the difference between a picture and its
 * re-encoding is, at full resolution and in colour. It computes SSIMULACRA (Jon Sneyers, Cloudinary, 2017; the
 * version libjxl ships as `ssimulacra_main`): SSIM over CIE Lab at six scales, each channel weighted, plus the
 * worst 4×4 region of each scale, plus two penalties for what SSIM misses, edges the original did not have
 * (ringing, blocks) and whole rows or columns of 8×8 blocks gone bad. 0 is identical; ~0.01 cannot be told apart;
 * ~0.03 is libvips' JPEG q75 on a photo; 0.1 is visibly damaged. Written here from the published algorithm (ADR 0102
 * has the measurements that chose it and its agreement with libjxl's build).
 *
 * Pictures with transparency are judged as they would look on white.
 *
 * The blurs and the per-pixel maps, nine tenths of the work, run in WASM with SIMD (judge-core.wasm, built from
 * workers/api/assembly/judge-core.ts); colour conversion, scales and the statistics of the maps stay here. Each
 * judge has its own small WASM instance whose memory holds the reference's planes for as long as the judge lives
 * (about 84 bytes a pixel of the reference, see JUDGE_MAX_PIXELS) and is freed with it.
 */
import coreWasm from './judge-core.wasm';
import type { Raster } from '../../../codecs/raster';

/** A judge for one reference: the distance of a same-sized candidate from it, 0 (same) to 1. */
export type Judge = (candidate: Raster) => number;

const SCALES = 6;
/** Per scale and Lab channel: the weight of the mean SSIM (chroma already scaled by 0.2) and of the worst region. */
const MEAN_WEIGHTS = [
  [0.0448, 0.003, 0.003],
  [0.2856, 0.00896, 0.00896],
  [0.3001, 0.05712, 0.05712],
  [0.2363, 0.06002, 0.06002],
  [0.1333, 0.06726, 0.06726],
  [0.1, 0.05, 0.05],
] as const;
const MIN_WEIGHTS = [
  [0.02, 0.00005, 0.00005],
  [0.03, 0.00025, 0.00025],
  [0.025, 0.001, 0.001],
  [0.02, 0.0015, 0.0015],
  [0.012, 0.00175, 0.00175],
  [0.005, 0.00175, 0.00175],
] as const;
const EDGE_WEIGHT = [1.5, 0.1, 0.1] as const;
const GRID_WEIGHT = [1.0, 0.1, 0.1] as const;
const MIN_SIDE = 8;

interface CoreExports {
  memory: WebAssembly.Memory;
  heapStart(): number;
  reference(img: number, mu: number, sq: number, t1: number, t2: number, t3: number, w: number, h: number): void;
  compare(
    a: number,
    b: number,
    mu1: number,
    s11: number,
    hb: number,
    hbb: number,
    hab: number,
    ssim: number,
    edges: number,
    w: number,
    h: number,
  ): void;
  lab(rgba: number, l: number, a: number, b: number, n: number): void;
  downsample(src: number, dst: number, w: number, h: number, f: number): void;
  mean(p: number, n: number): number;
  minimum(p: number, n: number): number;
  lineMeans(p: number, w: number, h: number, rows: number, cols: number): void;
}

/** A plane of f32 in a core's memory: `ptr` is a byte offset. */
interface Plane {
  ptr: number;
  width: number;
  height: number;
}
type Lab = [Plane, Plane, Plane];

/** The WASM memory of every judge made since `resetJudgeMemory()`, each at its largest (for the memory test). */
let judgeBytes = 0;
export const judgeMemory = () => judgeBytes;
export const resetJudgeMemory = () => {
  judgeBytes = 0;
};

/** One WASM instance and a bump allocator over its memory; setting `top` back frees what was allocated since. */
class Core {
  readonly fn: CoreExports;
  top: number;

  constructor() {
    this.fn = new WebAssembly.Instance(coreWasm, {}).exports as unknown as CoreExports;
    this.top = this.fn.heapStart();
    judgeBytes += this.fn.memory.buffer.byteLength;
  }

  bytes(n: number): number {
    const ptr = this.top;
    this.top += (n + 15) & ~15;
    const need = this.top - this.fn.memory.buffer.byteLength;
    if (need > 0) {
      const pages = Math.ceil(need / 65536);
      this.fn.memory.grow(pages);
      judgeBytes += pages * 65536;
    }
    return ptr;
  }

  plane(width: number, height: number): Plane {
    return { ptr: this.bytes(width * height * 4), width, height };
  }

  downsample(src: Plane, f: number): Plane {
    const out = this.plane(Math.ceil(src.width / f), Math.ceil(src.height / f));
    this.fn.downsample(src.ptr, out.ptr, src.width, src.height, f);
    return out;
  }

  mean = (p: Plane) => this.fn.mean(p.ptr, p.width * p.height);
  minimum = (p: Plane) => this.fn.minimum(p.ptr, p.width * p.height);

  /** The 2nd-percentile row mean and column mean: a whole line of bad blocks drags them down. */
  worstLines(p: Plane): { row: number; column: number } {
    const rows = this.bytes(p.height * 8);
    const cols = this.bytes(p.width * 8);
    this.fn.lineMeans(p.ptr, p.width, p.height, rows, cols);
    const sorted = (ptr: number, n: number) => new Float64Array(this.fn.memory.buffer, ptr, n).slice().sort();
    const r = sorted(rows, p.height);
    const c = sorted(cols, p.width);
    return { row: r[Math.floor(r.length / 50)]!, column: c[Math.floor(c.length / 50)]! };
  }
}

/** What a candidate is compared with, per scale and channel: the reference's plane, local means and local energies. */
interface ScaleRef {
  img: Plane;
  mu: Plane;
  sq: Plane;
}

/** Prepares `reference` once (its half of every blur); the function returned judges one candidate against it. */
export function judgeFor(reference: Raster): Judge {
  const { width, height } = reference;
  if (width < MIN_SIDE || height < MIN_SIDE) return (candidate) => tinyDistance(reference, candidate);
  const core = new Core();
  // Scratch for the blurs and the maps, sized for the full scale and reused by every scale and candidate.
  const scratch = Array.from({ length: 5 }, () => core.plane(width, height));
  const [t1, t2, t3] = scratch as [Plane, Plane, Plane];
  const refs = pyramid(core, toLab(core, reference)).map((lab) =>
    lab.map((img): ScaleRef => {
      const mu = core.plane(img.width, img.height);
      const sq = core.plane(img.width, img.height);
      core.fn.reference(img.ptr, mu.ptr, sq.ptr, t1.ptr, t2.ptr, t3.ptr, img.width, img.height);
      return { img, mu, sq };
    }),
  );
  const mark = core.top;
  return (candidate) => {
    if (candidate.width !== width || candidate.height !== height) return 1;
    try {
      return score(core, refs, pyramid(core, toLab(core, candidate)), scratch);
    } finally {
      core.top = mark;
    }
  };
}

/** The distance of `candidate` from `reference` (both the same size). */
export const distance = (reference: Raster, candidate: Raster): number => judgeFor(reference)(candidate);

function score(core: Core, refs: ScaleRef[][], cands: Lab[], scratch: Plane[]): number {
  let sum = 0;
  let max = 0;
  const add = (weight: number, value: number) => {
    sum += weight * value;
    max += weight;
  };
  const [hb, hbb, hab, ssimAt, edgesAt] = scratch as [Plane, Plane, Plane, Plane, Plane];
  for (let s = 0; s < cands.length; s++) {
    for (let c = 0; c < 3; c++) {
      const ref = refs[s]![c]!;
      const { width, height, ptr } = cands[s]![c]!;
      const ssim = { ptr: ssimAt.ptr, width, height };
      const edges = { ptr: edgesAt.ptr, width, height };
      core.fn.compare(
        ref.img.ptr,
        ptr,
        ref.mu.ptr,
        ref.sq.ptr,
        hb.ptr,
        hbb.ptr,
        hab.ptr,
        ssim.ptr,
        s === 0 ? edges.ptr : 0,
        width,
        height,
      );
      add(MEAN_WEIGHTS[s]![c]!, core.mean(ssim));
      const coarse = core.downsample(ssim, 4);
      add(MIN_WEIGHTS[s]![c]!, core.minimum(coarse));
      if (s === 0) {
        add(EDGE_WEIGHT[c]!, core.mean(edges));
        for (const lines of [coarse, edges]) {
          const worst = core.worstLines(lines);
          add(GRID_WEIGHT[c]!, worst.row);
          add(GRID_WEIGHT[c]!, worst.column);
        }
      }
    }
  }
  return Math.min(1, Math.max(0, max / sum - 1));
}

/** CIE Lab planes of a picture, made in the core from a copy of its RGBA. */
function toLab(core: Core, r: Raster): Lab {
  const n = r.width * r.height;
  const rgba = core.bytes(n * 4);
  const planes: Lab = [core.plane(r.width, r.height), core.plane(r.width, r.height), core.plane(r.width, r.height)];
  new Uint8Array(core.fn.memory.buffer, rgba, n * 4).set(r.data);
  core.fn.lab(rgba, planes[0].ptr, planes[1].ptr, planes[2].ptr, n);
  return planes;
}

/** The scales judged: full size, then halved while the previous scale was at least 8 px on each side. */
function pyramid(core: Core, full: Lab): Lab[] {
  const out = [full];
  for (let s = 1; s < SCALES; s++) {
    const prev = out[s - 1]!;
    if (prev[0].width < MIN_SIDE || prev[0].height < MIN_SIDE) break;
    out.push(prev.map((p) => core.downsample(p, 2)) as Lab);
  }
  return out;
}

/** Pictures under 8 px on a side (the metric needs more): the mean absolute difference of the channels, 0 to 1. */
function tinyDistance(a: Raster, b: Raster): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return a.data.length === 0 ? 0 : sum / a.data.length / 255;
}
