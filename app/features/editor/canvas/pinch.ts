import type { Canvas, FabricObject } from 'fabric';

interface Gesture {
  target: FabricObject;
  distance: number;
  angle: number;
  scaleX: number;
  scaleY: number;
  rotation: number;
  locks: { x: boolean; y: boolean };
}

const measure = (t: TouchList) => {
  const a = t[0]!;
  const b = t[1]!;
  return {
    distance: Math.hypot(b.clientX - a.clientX, b.clientY - a.clientY),
    angle: (Math.atan2(b.clientY - a.clientY, b.clientX - a.clientX) * 180) / Math.PI,
  };
};

/**
 * Two fingers scale and rotate the selected object about its centre. fabric handles one pointer at a time (drag,
 * and its corner handles), so the pinch is read from touch events; the object is kept from sliding under the first
 * finger while the second one is down. Returns a function that removes the listeners.
 */
export function enablePinch(canvas: Canvas, onDone: () => void): () => void {
  const el = canvas.upperCanvasEl;
  let gesture: Gesture | null = null;

  const start = (e: TouchEvent) => {
    const target = canvas.getActiveObject();
    if (e.touches.length !== 2 || !target || !target.selectable) return;
    const m = measure(e.touches);
    gesture = {
      target,
      ...m,
      scaleX: target.scaleX,
      scaleY: target.scaleY,
      rotation: target.angle,
      locks: { x: target.lockMovementX, y: target.lockMovementY },
    };
    target.set({ lockMovementX: true, lockMovementY: true });
  };
  const move = (e: TouchEvent) => {
    if (!gesture || e.touches.length !== 2 || gesture.distance === 0) return;
    e.preventDefault();
    const m = measure(e.touches);
    const k = m.distance / gesture.distance;
    const { target } = gesture;
    const centre = target.getCenterPoint();
    target.set({
      scaleX: gesture.scaleX * k,
      scaleY: gesture.scaleY * k,
      angle: gesture.rotation + m.angle - gesture.angle,
    });
    target.setPositionByOrigin(centre, 'center', 'center');
    target.setCoords();
    canvas.requestRenderAll();
  };
  const end = (e: TouchEvent) => {
    if (!gesture || e.touches.length >= 2) return;
    gesture.target.set({ lockMovementX: gesture.locks.x, lockMovementY: gesture.locks.y });
    gesture = null;
    onDone();
  };

  el.addEventListener('touchstart', start, { passive: true });
  el.addEventListener('touchmove', move, { passive: false });
  el.addEventListener('touchend', end);
  el.addEventListener('touchcancel', end);
  return () => {
    el.removeEventListener('touchstart', start);
    el.removeEventListener('touchmove', move);
    el.removeEventListener('touchend', end);
    el.removeEventListener('touchcancel', end);
  };
}
