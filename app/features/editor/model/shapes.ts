import { SHAPES, type ShapeKind } from '../../../../core/editor';
import type { Rect, Size } from './geometry';

/** A shape's outline as SVG path data in its own box, and the box inside it where its text goes. */
export interface ShapeOutline {
  path: string;
  size: Size;
  textArea: Rect;
  text: string;
}

const f = (n: number) => Math.round(n * 10) / 10;

/** Points alternating between an outer and an inner radius: a star, or an explosion with uneven spikes. */
export function spikes(count: number, outer: number[], inner: number, center: { x: number; y: number }, scaleY = 1) {
  const points: string[] = [];
  for (let i = 0; i < count * 2; i++) {
    const angle = (Math.PI * i) / count - Math.PI / 2;
    const r = i % 2 === 0 ? (outer[(i / 2) % outer.length] ?? 1) : inner;
    points.push(`${f(center.x + r * Math.cos(angle))} ${f(center.y + r * Math.sin(angle) * scaleY)}`);
  }
  return `M ${points.join(' L ')} Z`;
}

const ellipse = (cx: number, cy: number, rx: number, ry: number) =>
  `M ${cx - rx} ${cy} A ${rx} ${ry} 0 1 0 ${cx + rx} ${cy} A ${rx} ${ry} 0 1 0 ${cx - rx} ${cy} Z`;

const OUTLINES: Record<ShapeKind, Omit<ShapeOutline, 'text'>> = {
  speechBubble: {
    size: { width: 220, height: 150 },
    path:
      'M 20 0 L 200 0 Q 220 0 220 20 L 220 90 Q 220 110 200 110 L 80 110 L 40 150 L 50 110 L 20 110 ' +
      'Q 0 110 0 90 L 0 20 Q 0 0 20 0 Z',
    textArea: { left: 10, top: 30, width: 200, height: 50 },
  },
  thoughtBubble: {
    size: { width: 220, height: 160 },
    path: `${ellipse(110, 60, 110, 60)} ${ellipse(50, 132, 14, 10)} ${ellipse(28, 152, 8, 6)}`,
    textArea: { left: 25, top: 35, width: 170, height: 50 },
  },
  explosion: {
    size: { width: 220, height: 180 },
    path: spikes(12, [110, 92, 104, 86, 110, 96], 62, { x: 110, y: 90 }, 0.82),
    textArea: { left: 45, top: 65, width: 130, height: 50 },
  },
  star: {
    size: { width: 180, height: 172 },
    path: spikes(5, [90], 40, { x: 90, y: 95 }),
    textArea: { left: 45, top: 78, width: 90, height: 40 },
  },
  heart: {
    size: { width: 180, height: 160 },
    path:
      'M 90 160 C 20 110 0 80 0 45 C 0 15 25 0 50 0 C 70 0 85 12 90 28 C 95 12 110 0 130 0 ' +
      'C 155 0 180 15 180 45 C 180 80 160 110 90 160 Z',
    textArea: { left: 30, top: 45, width: 120, height: 40 },
  },
};

export function shapeOutline(kind: ShapeKind): ShapeOutline {
  return { ...OUTLINES[kind], text: SHAPES[kind].text };
}

/** Shapes land centred on the image area, nudged per shape already there so they do not stack exactly. */
export function shapePosition(kind: ShapeKind, area: Rect, existingShapes: number): { left: number; top: number } {
  const { size } = OUTLINES[kind];
  const step = (existingShapes % 6) * 24;
  return {
    left: Math.round(area.left + (area.width - size.width) / 2 + step),
    top: Math.round(area.top + (area.height - size.height) / 2 + step),
  };
}
