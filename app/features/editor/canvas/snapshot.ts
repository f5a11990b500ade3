import type { Canvas } from 'fabric';
import type { Rect, Size } from '../model/geometry';
import { applyRuntimeFlags } from './objects';

/**
 * One undo step: fabric's JSON of the objects (the document: ADR 0103) plus what fabric does not save, the canvas
 * size, the image area and whether the canvas was auto-cropped.
 */
interface Snapshot extends Size {
  imageArea: Rect;
  cropped?: boolean;
  doc: object;
}

export function takeSnapshot(canvas: Canvas, imageArea: Rect, cropped: boolean): string {
  const snap: Snapshot = { width: canvas.width, height: canvas.height, imageArea, cropped, doc: canvas.toObject() };
  return JSON.stringify(snap);
}

/** Loads a snapshot into the canvas and answers what fabric does not restore by itself. */
export async function restoreSnapshot(
  canvas: Canvas,
  snapshot: string,
): Promise<{ size: Size; imageArea: Rect; cropped: boolean }> {
  const { width, height, imageArea, cropped, doc } = JSON.parse(snapshot) as Snapshot;
  canvas.discardActiveObject();
  await canvas.loadFromJSON(doc);
  canvas.getObjects().forEach(applyRuntimeFlags);
  canvas.setDimensions({ width, height });
  canvas.requestRenderAll();
  return { size: { width, height }, imageArea, cropped: cropped === true };
}
