/**
 * Tiny SVG builders for the template drawings. Every function returns a string of SVG markup in pixel
 * coordinates. Emoji art is referenced by name only (`emoji()` leaves a marker): the Node renderer swaps in
 * the Fluent Emoji artwork, so catalog definitions stay pure data that a Worker test can import.
 */

type Attrs = Record<string, string | number | undefined>;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'string' ? esc(v) : v}"`)
    .join('');
}

export interface Paint {
  fill?: string;
  stroke?: string;
  sw?: number;
  opacity?: number;
  dash?: string;
}

const paint = (p: Paint = {}): Attrs => ({
  fill: p.fill ?? 'none',
  stroke: p.stroke,
  'stroke-width': p.sw,
  opacity: p.opacity,
  'stroke-dasharray': p.dash,
  'stroke-linejoin': p.stroke ? 'round' : undefined,
  'stroke-linecap': p.stroke ? 'round' : undefined,
});

export const rect = (x: number, y: number, w: number, h: number, p: Paint & { r?: number } = {}) =>
  `<rect${attrs({ x, y, width: w, height: h, rx: p.r, ...paint(p) })}/>`;

export const circle = (cx: number, cy: number, r: number, p: Paint = {}) =>
  `<circle${attrs({ cx, cy, r, ...paint(p) })}/>`;

export const ellipse = (cx: number, cy: number, rx: number, ry: number, p: Paint = {}) =>
  `<ellipse${attrs({ cx, cy, rx, ry, ...paint(p) })}/>`;

export const line = (x1: number, y1: number, x2: number, y2: number, p: Paint = {}) =>
  `<line${attrs({ x1, y1, x2, y2, ...paint({ stroke: '#111', sw: 4, ...p }) })}/>`;

export const path = (d: string, p: Paint = {}) => `<path${attrs({ d, ...paint(p) })}/>`;

export const poly = (points: [number, number][], p: Paint = {}) =>
  `<polygon${attrs({ points: points.map(([x, y]) => `${x},${y}`).join(' '), ...paint(p) })}/>`;

export interface TextStyle {
  size?: number;
  font?: 'Anton' | 'Archivo Black' | 'Arimo' | 'Comic Neue' | 'Tinos';
  weight?: number;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
  stroke?: string;
  sw?: number;
  italic?: boolean;
  spacing?: number;
  rotate?: number;
}

/** One line of text; (x, y) is the baseline point given by the anchor. */
export const text = (x: number, y: number, s: string, t: TextStyle = {}) =>
  `<text${attrs({
    x,
    y,
    'font-family': t.font ?? 'Arimo',
    'font-size': t.size ?? 28,
    'font-weight': t.weight ?? 400,
    'font-style': t.italic ? 'italic' : undefined,
    'text-anchor': t.anchor ?? 'middle',
    'letter-spacing': t.spacing,
    fill: t.fill ?? '#111',
    stroke: t.stroke,
    'stroke-width': t.sw,
    'paint-order': t.stroke ? 'stroke' : undefined,
    'stroke-linejoin': t.stroke ? 'round' : undefined,
    transform: t.rotate ? `rotate(${t.rotate} ${x} ${y})` : undefined,
  })}>${esc(s)}</text>`;

/** Places a Fluent Emoji (32 × 32 artwork) as a size × size square with its top-left corner at (x, y). */
export const emoji = (
  name: string,
  x: number,
  y: number,
  size: number,
  o: { flip?: boolean; rotate?: number } = {},
) => {
  const s = size / 32;
  const rot = o.rotate ? ` rotate(${o.rotate} 16 16)` : '';
  const t = o.flip ? `translate(${x + size} ${y}) scale(${-s} ${s})${rot}` : `translate(${x} ${y}) scale(${s})${rot}`;
  return `<g data-emoji="${esc(name)}" transform="${t}"></g>`;
};

export const group = (body: string, transform?: string, opacity?: number) =>
  `<g${attrs({ transform, opacity })}>${body}</g>`;

/** A vertical linear gradient fill registered under `id` (use as fill `url(#id)`). */
export const vgradient = (id: string, from: string, to: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;

export const radial = (id: string, inner: string, outer: string) =>
  `<defs><radialGradient id="${id}" cx="0.5" cy="0.5" r="0.6"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient></defs>`;

/** A speech bubble with its tail pointing at (tx, ty). */
export function bubble(x: number, y: number, w: number, h: number, tx: number, ty: number, p: Paint = {}) {
  const base = Math.min(Math.max(tx, x + w * 0.2), x + w * 0.8);
  const fromBottom = ty > y + h;
  const by = fromBottom ? y + h - 2 : y + 2;
  return (
    rect(x, y, w, h, { r: Math.min(28, h / 3), fill: '#fff', stroke: '#1b1b1b', sw: 4, ...p }) +
    path(`M${base - 18} ${by} L${tx} ${ty} L${base + 18} ${by}`, { fill: p.fill ?? '#fff', stroke: '#1b1b1b', sw: 4 }) +
    rect(base - 16, fromBottom ? by - 6 : by - 2, 32, 8, { fill: p.fill ?? '#fff' })
  );
}

/** Rays bursting from a centre: a cheap, lively comic background. */
export function rays(cx: number, cy: number, r: number, count: number, a: string, b: string) {
  let out = circle(cx, cy, r, { fill: b });
  for (let i = 0; i < count; i += 1) {
    const t1 = (i / count) * Math.PI * 2;
    const t2 = ((i + 0.5) / count) * Math.PI * 2;
    out += poly(
      [
        [cx, cy],
        [cx + Math.cos(t1) * r, cy + Math.sin(t1) * r],
        [cx + Math.cos(t2) * r, cy + Math.sin(t2) * r],
      ],
      { fill: a },
    );
  }
  return out;
}

/** A comic panel: flat fill with a thick ink border. */
export const panel = (x: number, y: number, w: number, h: number, fill: string) =>
  rect(x, y, w, h, { fill, stroke: '#1b1b1b', sw: 6 });
