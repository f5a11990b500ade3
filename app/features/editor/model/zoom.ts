import type { Size } from './geometry';

/** The zoom steps the − and + buttons walk through (display only; the document keeps its pixels). */
export const ZOOM_STEPS = [0.1, 0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

export type ZoomRequest = 'fit' | 'actual' | 'in' | 'out';

/** The scale at which the canvas fits the room it is shown in; never enlarged past 100%. */
export function zoomToFit(canvas: Size, room: Size): number {
  if (room.width <= 0 || room.height <= 0) return 1;
  return Math.min(1, room.width / canvas.width, room.height / canvas.height);
}

/** 'fit' stays 'fit'; 'actual' is 100%; in and out go to the next step past the current scale. */
export function nextZoom(request: ZoomRequest, current: number): 'fit' | number {
  if (request === 'fit') return 'fit';
  if (request === 'actual') return 1;
  const eps = 1e-3;
  if (request === 'in') return ZOOM_STEPS.find((z) => z > current + eps) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
  return [...ZOOM_STEPS].reverse().find((z) => z < current - eps) ?? ZOOM_STEPS[0]!;
}
