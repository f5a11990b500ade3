/**
 * Blur and pixelate on pictures over the isolate's budget, in as few image-service calls as the result allows (each
 * is a billed transformation in production, ADR 0116): never one per region.
 * - Blurred regions: one call blurs the smallest rectangle holding them all, a second draws each region cut from
 *   that blurred copy (overlays with their own crop, the binding's child transformers) over the picture.
 * - Pixelated regions and backgrounds: the cells' colours are averages of a small upright copy (the one the
 *   detector saw, or one made for it); the cells are written as PNG row by row in the isolate (png-rows.ts) and
 *   drawn in one call. A background's cells are see-through where the AI's cut-out (made on the same small copy)
 *   marks the subject, so the sharp picture shows there.
 */
import { decode } from '../../codecs/decode';
import { clip, type Rect } from '../../codecs/pixels';
import { encodePngRows, pixelatedPng } from '../../codecs/png-rows';
import type { Raster } from '../../codecs/raster';
import { readHeader } from '../../intake/sniff';
import type { EngineServices, ServicePlan, Size } from '../../types';

const decoded = async (bytes: Uint8Array): Promise<Raster> => decode(bytes, readHeader(bytes)!);

/** The smallest rectangle holding every one of `rects`. */
export function bounds(rects: Rect[]): Rect {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return {
    x,
    y,
    width: Math.max(...rects.map((r) => r.x + r.width)) - x,
    height: Math.max(...rects.map((r) => r.y + r.height)) - y,
  };
}

/** Regions blurred: their bounding rectangle blurred once (WebP at a high quality: smooth, small), then cut and drawn. */
export async function blurRegions(
  bytes: Uint8Array,
  rects: Rect[],
  radius: number,
  services: EngineServices,
): Promise<ServicePlan> {
  if (!rects.length) return { steps: [] };
  const box = bounds(rects);
  const blurred = await services.images.run({
    input: bytes,
    steps: [
      { op: 'crop', left: box.x, top: box.y, width: box.width, height: box.height },
      { op: 'blur', radius },
    ],
    output: { format: 'webp', quality: 92 },
  });
  const overlays = rects.map((r) => {
    const whole = r.x === box.x && r.y === box.y && r.width === box.width && r.height === box.height;
    const steps = whole
      ? []
      : [{ op: 'crop' as const, left: r.x - box.x, top: r.y - box.y, width: r.width, height: r.height }];
    return { image: blurred.bytes, steps, left: r.x, top: r.y, opacity: 1 };
  });
  return { steps: [], overlays };
}

/** The average colour of a rectangle of the picture, read from `proxy` (the picture scaled by `sx`, `sy`). */
function averageOf(
  proxy: Raster,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  sx: number,
  sy: number,
  into: Uint8Array,
  at: number,
) {
  const px0 = Math.min(proxy.width - 1, Math.floor(x0 * sx));
  const py0 = Math.min(proxy.height - 1, Math.floor(y0 * sy));
  const px1 = Math.max(px0 + 1, Math.min(proxy.width, Math.ceil(x1 * sx)));
  const py1 = Math.max(py0 + 1, Math.min(proxy.height, Math.ceil(y1 * sy)));
  const sum = [0, 0, 0, 0];
  for (let y = py0; y < py1; y++) {
    for (let x = px0; x < px1; x++) {
      const i = (y * proxy.width + x) * 4;
      for (let c = 0; c < 4; c++) sum[c]! += proxy.data[i + c]!;
    }
  }
  const n = (px1 - px0) * (py1 - py0);
  for (let c = 0; c < 4; c++) into[at + c] = Math.round(sum[c]! / n);
}

/** One colour per cell of `cell` pixels over a rectangle of the picture, its cells counted from its own corner. */
export function cellGrid(proxy: Raster, picture: Size, r: Rect, cell: number): { grid: Uint8Array; columns: number } {
  const columns = Math.max(1, Math.ceil(r.width / cell));
  const rows = Math.max(1, Math.ceil(r.height / cell));
  const sx = proxy.width / picture.width;
  const sy = proxy.height / picture.height;
  const grid = new Uint8Array(columns * rows * 4);
  for (let gy = 0; gy < rows; gy++) {
    for (let gx = 0; gx < columns; gx++) {
      const x0 = r.x + gx * cell;
      const y0 = r.y + gy * cell;
      averageOf(
        proxy,
        x0,
        y0,
        Math.min(r.x + r.width, x0 + cell),
        Math.min(r.y + r.height, y0 + cell),
        sx,
        sy,
        grid,
        (gy * columns + gx) * 4,
      );
    }
  }
  return { grid, columns };
}

/** Regions pixelated: each a PNG of its cells (as the isolate's pixelate lays them: from the region's corner). */
export async function pixelateRegions(
  proxy: Uint8Array,
  picture: Size,
  rects: Rect[],
  cell: number,
): Promise<ServicePlan> {
  const small = await decoded(proxy);
  const overlays = [];
  for (const r of rects) {
    const { grid, columns } = cellGrid(small, picture, r, cell);
    overlays.push({
      image: await pixelatedPng(grid, columns, r.width, r.height, cell),
      left: r.x,
      top: r.y,
      opacity: 1,
    });
  }
  return { steps: [], overlays };
}

/**
 * The background pixelated: one picture-sized PNG of cells (laid from the picture's corner, as the isolate does),
 * whose alpha is the cut-out's inverted, read from the small cut-out with bilinear weights.
 */
export async function pixelateBackground(
  proxy: Uint8Array,
  cutout: Uint8Array,
  picture: Size,
  cell: number,
): Promise<ServicePlan> {
  const small = await decoded(proxy);
  const mask = await decoded(cutout);
  const whole = { x: 0, y: 0, ...picture };
  const { grid, columns } = cellGrid(small, picture, whole, cell);
  const mx = mask.width / picture.width;
  const my = mask.height / picture.height;
  const alphaAt = (x: number, y: number) => mask.data[(y * mask.width + x) * 4 + 3]!;
  const image = await encodePngRows(picture.width, picture.height, (y, into) => {
    const gy = Math.floor(y / cell);
    const fy = Math.max(0, Math.min(mask.height - 1, (y + 0.5) * my - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(mask.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < picture.width; x++) {
      const g = (gy * columns + Math.floor(x / cell)) * 4;
      const fx = Math.max(0, Math.min(mask.width - 1, (x + 0.5) * mx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(mask.width - 1, x0 + 1);
      const wx = fx - x0;
      const subject =
        (alphaAt(x0, y0) * (1 - wx) + alphaAt(x1, y0) * wx) * (1 - wy) +
        (alphaAt(x0, y1) * (1 - wx) + alphaAt(x1, y1) * wx) * wy;
      into[x * 4] = grid[g]!;
      into[x * 4 + 1] = grid[g + 1]!;
      into[x * 4 + 2] = grid[g + 2]!;
      into[x * 4 + 3] = 255 - Math.round(subject);
    }
  });
  return { steps: [], overlays: [{ image, left: 0, top: 0, opacity: 1 }] };
}

/** The regions inside the picture, whole pixels. */
export const clipped = (rects: Rect[], picture: Size) =>
  rects.map((r) => clip(r, picture.width, picture.height)).filter((r): r is Rect => r !== null);
