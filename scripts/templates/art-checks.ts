/**
 * Node-only measurements of a template's drawing against its own geometry, for the catalog tests:
 * - `cutArt`: drawn things that the picture's border cuts (a panel outline, a face, a label running off the edge);
 * - `panelProblems`: text boxes meant to sit on a flat panel (dark or coloured captions, which have no outline to
 *   carry them over a picture) that also cover other art, or whose colour does not contrast with their panel.
 * The captions as the editor draws them are measured in Chromium by e2e/template-legibility.spec.ts.
 */
import type { TextBox } from '../../core/api/templates';
import type { TemplateDefinition } from './define';
import { CAPTION_CONTRAST_MIN, contrastRatio, parseColour } from './contrast';
import { drawnBounds, renderRgba, resolveEmoji } from './render';

/** The drawing's top-level elements (our builders write plain, well-nested markup: no comments or CDATA). */
export function topLevelElements(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (const m of body.matchAll(/<(\/?)[a-zA-Z][^>]*?(\/?)>/g)) {
    const [tag, closing, selfClosing] = m;
    if (closing) {
      depth -= 1;
      if (depth === 0) out.push(body.slice(start, m.index + tag.length));
    } else if (selfClosing) {
      if (depth === 0) out.push(tag);
    } else {
      if (depth === 0) start = m.index;
      depth += 1;
    }
  }
  return out;
}

type Kind = 'outlined shape' | 'emoji' | 'text';

/**
 * What the border may not cut. Flat fills (backgrounds, floors, rays) and lines (grids, roads) are meant to run off
 * the picture; a shape drawn with an outline, an emoji and a text label are whole things, so the border must not
 * cut them.
 */
function kindOf(element: string): Kind | null {
  if (element.startsWith('<g data-emoji=')) return 'emoji';
  if (element.startsWith('<text')) return 'text';
  const open = element.slice(0, element.indexOf('>'));
  if (!/ stroke="/.test(open) || open.startsWith('<line')) return null;
  if (open.startsWith('<path') && !/[zZ]\s*"/.test(open)) return null;
  return 'outlined shape';
}

/** How far (px) a drawn thing may cross the border: resvg's bounds of curves and glyphs are approximate. */
const CUT_TOLERANCE_PX = 0.5;

export function cutArt(def: TemplateDefinition): string[] {
  const elements = topLevelElements(def.draw());
  const defs = elements.filter((e) => e.startsWith('<defs')).join('');
  const problems: string[] = [];
  for (const element of elements) {
    const kind = kindOf(element);
    if (!kind) continue;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${def.width}" height="${def.height}" ` +
      `viewBox="0 0 ${def.width} ${def.height}">${defs}${resolveEmoji(element)}</svg>`;
    const b = drawnBounds(svg);
    if (!b) continue;
    const over = { left: -b.x, top: -b.y, right: b.x + b.width - def.width, bottom: b.y + b.height - def.height };
    const cut = Object.entries(over).filter(([, px]) => px > CUT_TOLERANCE_PX);
    if (cut.length === 0) continue;
    const sides = cut.map(([side, px]) => `${side} by ${px.toFixed(1)} px`).join(', ');
    problems.push(`${def.id}: ${kind} cut at the ${sides}: ${element.slice(0, 80)}`);
  }
  return problems;
}

/**
 * The meme convention, light letters with a dark outline (the editor outlines every light caption in black), reads
 * over any picture. Every other caption relies on the colour under it, so its box must sit on a panel.
 */
export const isOverlayCaption = (box: TextBox) => /^(white|#fff|#ffffff)$/i.test(box.color.trim());

/** Share of a panel box's area that must be the panel's own colour. */
export const PANEL_SHARE_MIN = 0.98;
/** How far (0–255 per channel) a pixel may be from the panel colour and still count as the panel (antialiasing). */
const PANEL_COLOUR_TOLERANCE = 28;

/** The pixels a box covers (it turns about its top-left corner, as the editor turns it), sampled once per pixel. */
function* boxPixels(box: TextBox, width: number, height: number): Generator<[number, number]> {
  const left = box.anchor_x * width;
  const top = box.anchor_y * height;
  const w = box.scale_x * width;
  const h = box.scale_y * height;
  const angle = (box.angle * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  for (let v = 0.5; v < h; v += 1) {
    for (let u = 0.5; u < w; u += 1) {
      const x = Math.floor(left + u * cos - v * sin);
      const y = Math.floor(top + u * sin + v * cos);
      if (x >= 0 && y >= 0 && x < width && y < height) yield [x, y];
    }
  }
}

export interface PanelFit {
  index: number;
  /** The most common colour under the box, as #rrggbb. */
  panel: string;
  /** Share of the box's pixels within tolerance of that colour. */
  share: number;
  /** WCAG contrast between the box's caption colour and the panel. */
  contrast: number;
}

/** For each panel box (not an overlay caption): the colour it sits on and how much of the box is that colour. */
export function panelFits(def: TemplateDefinition): PanelFit[] {
  const { width, height, pixels } = renderRgba(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${def.width}" height="${def.height}" viewBox="0 0 ${def.width} ${def.height}">${resolveEmoji(def.draw())}</svg>`,
  );
  const fits: PanelFit[] = [];
  def.textBoxes.forEach((box, index) => {
    if (isOverlayCaption(box)) return;
    const counts = new Map<number, number>();
    const at = [...boxPixels(box, width, height)].map(([x, y]) => (y * width + x) * 4);
    for (const i of at) {
      const key = ((pixels[i]! >> 3) << 10) | ((pixels[i + 1]! >> 3) << 5) | (pixels[i + 2]! >> 3);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const [mode] = [...counts.entries()].reduce((best, e) => (e[1] > best[1] ? e : best), [0, 0]);
    const panel = [(mode >> 10) & 31, (mode >> 5) & 31, mode & 31].map((q) => q * 8 + 4);
    const near = at.filter((i) => panel.every((c, k) => Math.abs(pixels[i + k]! - c) <= PANEL_COLOUR_TOLERANCE)).length;
    fits.push({
      index,
      panel: `#${panel.map((c) => c.toString(16).padStart(2, '0')).join('')}`,
      share: at.length ? near / at.length : 0,
      contrast: contrastRatio(parseColour(box.color), [panel[0]!, panel[1]!, panel[2]!]),
    });
  });
  return fits;
}

export function panelProblems(def: TemplateDefinition): string[] {
  return panelFits(def).flatMap((f) => [
    ...(f.share < PANEL_SHARE_MIN
      ? [
          `${def.id} box ${f.index}: only ${(f.share * 100).toFixed(1)}% of it is its panel (${f.panel}); the rest is other art`,
        ]
      : []),
    ...(f.contrast < CAPTION_CONTRAST_MIN
      ? [
          `${def.id} box ${f.index}: its ${def.textBoxes[f.index]!.color} captions have contrast ${f.contrast.toFixed(2)} on its panel (${f.panel})`,
        ]
      : []),
  ]);
}
