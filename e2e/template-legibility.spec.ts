import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Template } from '../core/api/templates';
import { CAPTION_CONTRAST_MIN, contrastRatio, relativeLuminance, type Rgb } from '../scripts/templates/contrast';

/**
 * Every built-in template, opened in the real editor with its longest example captions, measured in fabric's own
 * rendering at a desktop and a phone window: (a) no caption puts ink outside its box, (b) every caption contrasts
 * with what is under it, and a caption that relies on its panel's colour stays on that panel. The drawings
 * themselves (art cut by the border, boxes against their panels) are checked in Node by
 * scripts/templates/art-checks.test.ts. Screenshots of every template land in e2e/screenshots/templates/.
 */
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1400, height: 900 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
];

/**
 * How far past its box a caption's ink may reach: 1 px of antialiasing and 1 px of glyph overhang (a letter's ink
 * may start a little before its advance, as Arial Black's S does); the page adds half the outline, which is centred
 * on the letters' edges while the editor fits the letters themselves to the box.
 */
const OVERHANG_PX = 2;
/** A caption that relies on its panel's colour may have this share of its ink over other art (antialiasing). */
const OFF_PANEL_MAX = 0.005;
/** Share of a caption's letter pixels that may sit on something they do not contrast with (antialiasing). */
const LOW_CONTRAST_MAX = 0.01;
/**
 * The outline must be really drawn: at least this share of the caption's ink is outline-coloured (the editor's 2 px
 * outline is 2–4% of a caption's ink at 1×; without an outline it is 0).
 */
const OUTLINE_SHARE_MIN = 0.01;

/** One caption as measured in the page. Colours are [r, g, b, pixel count] histograms. */
interface CaptionPixels {
  index: number;
  text: string;
  fill: Rgb;
  stroke: Rgb;
  ink: number;
  outside: number;
  outsideAt: [number, number][];
  outline: number;
  underInk: [number, number, number, number][];
  underFill: [number, number, number, number][];
  offPanel: number;
  panel: Rgb;
}

/**
 * Runs in the page. Loads the template and fills its boxes, renders the canvas with fabric once without captions
 * (what lies under them), then each caption alone on transparent (its ink), and compares the pixels.
 */
function measureInPage({
  template,
  lines,
  overhang,
}: {
  template: Template;
  lines: string[];
  overhang: number;
}): Promise<CaptionPixels[]> {
  type Obj = {
    type: string;
    visible: boolean;
    text?: string;
    fill?: unknown;
    stroke?: unknown;
    strokeWidth: number;
    angle: number;
    memeBox?: { left: number; top: number; width: number; height: number; index: number };
  };
  type Editor = {
    loadTemplate(t: Template): Promise<void>;
    fillCaption(lines: string[]): void;
    canvas: { backgroundColor: unknown; getObjects(): Obj[]; toCanvasElement(multiplier: number): HTMLCanvasElement };
  };
  const editor = (window as unknown as { __memeEditor: Editor }).__memeEditor;
  const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  const rgbOf = (css: unknown): [number, number, number] => {
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = '#000';
    probe.fillStyle = String(css);
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!];
  };
  const near = (d: Uint8ClampedArray, i: number, c: readonly number[], tolerance: number) =>
    Math.abs(d[i]! - c[0]!) <= tolerance &&
    Math.abs(d[i + 1]! - c[1]!) <= tolerance &&
    Math.abs(d[i + 2]! - c[2]!) <= tolerance;
  const distance = (d: Uint8ClampedArray, i: number, c: readonly number[]) =>
    (d[i]! - c[0]!) ** 2 + (d[i + 1]! - c[1]!) ** 2 + (d[i + 2]! - c[2]!) ** 2;
  const histogram = (m: Map<number, number>) =>
    [...m].map(([k, n]): [number, number, number, number] => [k >> 16, (k >> 8) & 255, k & 255, n]);
  const add = (m: Map<number, number>, d: Uint8ClampedArray, i: number) => {
    const k = (d[i]! << 16) | (d[i + 1]! << 8) | d[i + 2]!;
    m.set(k, (m.get(k) ?? 0) + 1);
  };

  return (async () => {
    await editor.loadTemplate(template);
    editor.fillCaption(lines);
    const canvas = editor.canvas;
    const objects = canvas.getObjects();
    const captions = objects.filter((o) => o.memeBox).sort((a, b) => a.memeBox!.index - b.memeBox!.index);
    const picture = objects.filter((o) => !o.memeBox);
    const pixels = () => {
      const el = canvas.toCanvasElement(1);
      return el.getContext('2d')!.getImageData(0, 0, el.width, el.height);
    };
    for (const c of captions) c.visible = false;
    const under = pixels().data;
    const background = canvas.backgroundColor;
    const out: CaptionPixels[] = [];
    for (const c of captions) {
      c.visible = true;
      for (const o of picture) o.visible = false;
      canvas.backgroundColor = '';
      const alone = pixels();
      for (const o of picture) o.visible = true;
      canvas.backgroundColor = background;
      c.visible = false;

      const box = c.memeBox!;
      const fill = rgbOf(c.fill);
      const stroke = rgbOf(c.stroke);
      const slack = overhang + c.strokeWidth / 2;
      // The caption turns about its box's top-left corner; pixels are taken back into the box's own frame.
      const turn = (-c.angle * Math.PI) / 180;
      const cos = Math.cos(turn);
      const sin = Math.sin(turn);
      const d = alone.data;
      const inBox = new Map<number, number>();
      const underInk = new Map<number, number>();
      const underFill = new Map<number, number>();
      const inked: number[] = [];
      let outside = 0;
      let outline = 0;
      const outsideAt: [number, number][] = [];
      const toBox = (px: number, py: number) => {
        const dx = px + 0.5 - box.left;
        const dy = py + 0.5 - box.top;
        return [dx * cos - dy * sin, dx * sin + dy * cos] as const;
      };
      // What the box covers: its corners' bounds, then each pixel taken into the box's frame.
      const corners = [
        [0, 0],
        [box.width, 0],
        [0, box.height],
        [box.width, box.height],
      ].map(([u, v]) => [
        box.left + u! * Math.cos(-turn) - v! * Math.sin(-turn),
        box.top + u! * Math.sin(-turn) + v! * Math.cos(-turn),
      ]);
      const [x0, x1] = [Math.min(...corners.map((c) => c[0]!)), Math.max(...corners.map((c) => c[0]!))];
      const [y0, y1] = [Math.min(...corners.map((c) => c[1]!)), Math.max(...corners.map((c) => c[1]!))];
      for (let py = Math.max(0, Math.floor(y0)); py < Math.min(alone.height, Math.ceil(y1)); py++) {
        for (let px = Math.max(0, Math.floor(x0)); px < Math.min(alone.width, Math.ceil(x1)); px++) {
          const [x, y] = toBox(px, py);
          if (x >= 0 && y >= 0 && x <= box.width && y <= box.height) add(inBox, under, (py * alone.width + px) * 4);
        }
      }
      // The caption's ink, wherever it is.
      for (let i = 0; i < d.length; i += 4) {
        if (d[i + 3]! < 32) continue;
        inked.push(i);
        add(underInk, under, i);
        const [x, y] = toBox((i / 4) % alone.width, Math.floor(i / 4 / alone.width));
        if (x < -slack || y < -slack || x > box.width + slack || y > box.height + slack) {
          outside++;
          if (outsideAt.length < 5) outsideAt.push([Math.round(x), Math.round(y)]);
        }
        if (d[i + 3]! < 250) continue;
        // An opaque pixel nearer the outline's colour than the fill's is outline (at 1× the outline is a 1 px ring,
        // mostly blended with the fill); one close to the fill is a letter pixel.
        if (distance(d, i, stroke) < distance(d, i, fill)) outline++;
        else if (near(d, i, fill, 40)) add(underFill, under, i);
      }
      const [panelKey] = [...inBox].reduce((best, e) => (e[1] > best[1] ? e : best), [0, 0]);
      const panel: [number, number, number] = [panelKey >> 16, (panelKey >> 8) & 255, panelKey & 255];
      const offPanel = inked.filter((i) => !near(under, i, panel, 28)).length;
      out.push({
        index: box.index,
        text: c.text ?? '',
        fill,
        stroke,
        ink: inked.length,
        outside,
        outsideAt,
        outline,
        underInk: histogram(underInk),
        underFill: histogram(underFill),
        offPanel,
        panel,
      });
    }
    for (const c of captions) c.visible = true;
    return out;
  })();
}

/** The median luminance of a colour histogram. */
function medianLuminance(h: [number, number, number, number][]): number {
  const rows = h.map(([r, g, b, n]) => [relativeLuminance([r, g, b]), n] as const).sort((a, b) => a[0] - b[0]);
  const total = rows.reduce((s, [, n]) => s + n, 0);
  let seen = 0;
  for (const [l, n] of rows) {
    seen += n;
    if (seen * 2 >= total) return l;
  }
  return NaN;
}

/** What a reader would object to in one caption, in words; empty when it reads well. */
function captionProblems(id: string, c: CaptionPixels): string[] {
  const tag = `${id} box ${c.index} "${c.text}"`;
  const problems: string[] = [];
  if (c.ink === 0) return [`${tag}: nothing drawn`];
  if (c.outside > 0)
    problems.push(`${tag}: ${c.outside} px of ink outside its box, e.g. at ${JSON.stringify(c.outsideAt)} (box px)`);

  // The meme convention, light letters in a dark outline, reads on any picture; everything else must contrast by
  // its own colour, and stay on the panel whose colour it was chosen for.
  const classic =
    relativeLuminance(c.fill) > relativeLuminance(c.stroke) &&
    contrastRatio(c.fill, c.stroke) >= CAPTION_CONTRAST_MIN &&
    c.outline >= OUTLINE_SHARE_MIN * c.ink;
  if (classic) return problems;
  const background = medianLuminance(c.underInk);
  const ratio = contrastRatio(c.fill, background);
  if (ratio < CAPTION_CONTRAST_MIN)
    problems.push(`${tag}: contrast ${ratio.toFixed(2)} between its fill and the picture under it`);
  const letters = c.underFill.reduce((s, [, , , n]) => s + n, 0);
  const weak = c.underFill
    .filter(([r, g, b]) => contrastRatio(c.fill, [r, g, b]) < CAPTION_CONTRAST_MIN)
    .reduce((s, [, , , n]) => s + n, 0);
  if (letters > 0 && weak / letters > LOW_CONTRAST_MAX) {
    problems.push(
      `${tag}: ${((100 * weak) / letters).toFixed(1)}% of its letters sit on colours they do not contrast with`,
    );
  }
  if (c.offPanel / c.ink > OFF_PANEL_MAX) {
    problems.push(
      `${tag}: ${((100 * c.offPanel) / c.ink).toFixed(1)}% of its ink runs over art other than its panel (rgb ${c.panel.join(', ')})`,
    );
  }
  return problems;
}

/** The longest of the template's example lines for each box: the hardest of what we suggest. */
const longestExamples = (t: Template) =>
  t.textBoxes.map((_, i) => t.examples.map((e) => e[i] ?? '').reduce((a, b) => (b.length > a.length ? b : a), ''));

async function openEditor(page: Page) {
  await page.addInitScript(() => ((window as { __MEMEFORGE_BENCH__?: boolean }).__MEMEFORGE_BENCH__ = true));
  await page.goto('/meme-generator');
  await page.waitForFunction(() => (window as { __memeEditor?: unknown }).__memeEditor !== undefined);
}

for (const { name, viewport, touch } of VIEWPORTS) {
  test.describe(`${name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, hasTouch: touch, isMobile: touch });

    test('every built-in template keeps long captions inside their boxes and readable on the picture', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const { templates } = (await (await page.request.get('/api/templates')).json()) as { templates: Template[] };
      expect(templates.length).toBeGreaterThanOrEqual(50);
      await openEditor(page);
      const problems: string[] = [];
      let measured = 0;
      for (const t of templates) {
        const captions = await page.evaluate(measureInPage, {
          template: t,
          lines: longestExamples(t),
          overhang: OVERHANG_PX,
        });
        expect(captions).toHaveLength(t.textBoxes.length);
        for (const c of captions) problems.push(...captionProblems(t.id, c));
        measured += captions.length;
        await page.getByTestId('canvas-frame').screenshot({ path: `e2e/screenshots/templates/${name}/${t.id}.png` });
      }
      expect(measured).toBeGreaterThan(templates.length);
      expect(problems).toEqual([]);
    });
  });
}
