import type { Canvas } from 'fabric';
import type { Rect, Size } from '../model/geometry';
import { applyRuntimeFlags } from './objects';

/** One undo step: the fabric document plus the canvas size and image area, which fabric does not save. */
interface Snapshot extends Size {
  imageArea: Rect;
  doc: object;
}

export function takeSnapshot(canvas: Canvas, imageArea: Rect): string {
  const snap: Snapshot = { width: canvas.width, height: canvas.height, imageArea, doc: canvas.toObject() };
  return JSON.stringify(snap);
}

/** Loads a snapshot into the canvas and answers what fabric does not restore by itself. */
export async function restoreSnapshot(canvas: Canvas, snapshot: string): Promise<{ size: Size; imageArea: Rect }> {
  const { width, height, imageArea, doc } = JSON.parse(snapshot) as Snapshot;
  canvas.discardActiveObject();
  await canvas.loadFromJSON(doc);
  canvas.getObjects().forEach(applyRuntimeFlags);
  canvas.setDimensions({ width, height });
  canvas.requestRenderAll();
  return { size: { width, height }, imageArea };
}
