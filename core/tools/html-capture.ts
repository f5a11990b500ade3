/**
 * What part of a rendered page becomes the picture, worked out the same way by both renderers (local-render/ and
 * Browser Rendering) through DevTools (ADR 0104, 0124). Nothing runs in the page: `DOMSnapshot.captureSnapshot` and
 * `DOM.querySelector` are answered by the browser's own DevTools agents, so the page's world gains no script,
 * binding or global, and it works with the page's scripts off.
 *
 * - `content` (the default): the smallest box around everything the page paints: text, pictures and form controls,
 *   and every element with a background, a border or a shadow; the html and body boxes are the page's backdrop and
 *   do not count. A page that paints nothing falls back to the viewport.
 * - `content` with a `selector`: the border box of the first element it matches.
 * - `viewport`: the viewport; `page`: the whole page from the top.
 *
 * The box is in CSS pixels; the picture is that times the scale, and no picture is over HTML_MAX_OUTPUT_PIXELS.
 */
import {
  fitOf,
  HTML_MAX_OUTPUT_PIXELS,
  HTML_MAX_PAGE_HEIGHT,
  HTML_VIEWPORT_WIDTH,
  type Box,
  type Capture,
  type HtmlRenderOptions,
} from './html';

/** A request a page cannot satisfy: the selector is not valid CSS, or matches nothing that is shown. */
export class CaptureProblem extends Error {
  constructor(
    readonly code: 'invalid_selector' | 'selector_not_found',
    message: string,
  ) {
    super(message);
    this.name = 'CaptureProblem';
  }
}

/** A DevTools session of the page: Playwright's CDPSession and puppeteer's both fit. */
export type DevTools = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

/** The computed styles the snapshot reads, in this order. */
const STYLES = [
  'visibility',
  'opacity',
  'background-color',
  'background-image',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'box-shadow',
] as const;
/** Elements that paint by themselves, whatever their style. */
const REPLACED = new Set([
  'IMG',
  'SVG',
  'CANVAS',
  'VIDEO',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'INPUT',
  'TEXTAREA',
  'SELECT',
  'BUTTON',
  'HR',
  'PROGRESS',
  'METER',
]);
/** The page's backdrop: their boxes span the page whatever it shows. */
const BACKDROP = new Set(['#DOCUMENT', 'HTML', 'BODY']);

/** The part of DOMSnapshot.captureSnapshot's answer read here (https://chromedevtools.github.io/devtools-protocol/tot/DOMSnapshot/). */
export interface DomSnapshot {
  documents: {
    nodes: { nodeName?: number[] };
    layout: { nodeIndex: number[]; bounds: number[][]; styles: number[][] };
    textBoxes: { layoutIndex: number[]; bounds: number[][] };
  }[];
  strings: string[];
}

/** A computed colour with no opacity: `rgba(…, 0)` as Chromium writes it, `… / 0)` in the newer syntaxes, or `transparent`. */
const transparentColour = (c: string) =>
  c === 'transparent' || /^rgba\([^,]+,[^,]+,[^,]+,\s*0(\.0+)?\)$/.test(c) || /\/\s*0(\.0+)?\)$/.test(c);

/** The box around what the main document paints, or null when it paints nothing. */
export function contentBox(snapshot: DomSnapshot): Box | null {
  const doc = snapshot.documents[0];
  if (!doc) return null;
  const text = (i: number | undefined) => (i === undefined || i < 0 ? '' : (snapshot.strings[i] ?? ''));
  const styleOf = (layoutIndex: number) =>
    Object.fromEntries(STYLES.map((name, k) => [name, text(doc.layout.styles[layoutIndex]?.[k])]));
  const shown = (s: Record<string, string>) =>
    s.visibility !== 'hidden' && s.visibility !== 'collapse' && s.opacity !== '0';
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const add = ([x, y, w, h]: number[]) => {
    if (!(w! > 0 && h! > 0)) return;
    x0 = Math.min(x0, x!);
    y0 = Math.min(y0, y!);
    x1 = Math.max(x1, x! + w!);
    y1 = Math.max(y1, y! + h!);
  };
  doc.layout.nodeIndex.forEach((node, i) => {
    const name = text(doc.nodes.nodeName?.[node]).toUpperCase();
    if (BACKDROP.has(name) || name === '#TEXT') return;
    const s = styleOf(i);
    if (!shown(s)) return;
    const border = ['border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width'].some(
      (b) => parseFloat(s[b]!) > 0,
    );
    const paints =
      REPLACED.has(name) ||
      !transparentColour(s['background-color']!) ||
      (s['background-image'] !== 'none' && s['background-image'] !== '') ||
      border ||
      (s['box-shadow'] !== 'none' && s['box-shadow'] !== '');
    if (paints) add(doc.layout.bounds[i]!);
  });
  doc.textBoxes.layoutIndex.forEach((layout, i) => {
    if (shown(styleOf(layout))) add(doc.textBoxes.bounds[i]!);
  });
  return Number.isFinite(x0) ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/** The whole CSS pixels a box covers, inside the page: rounded outwards, never left of or above the page. */
function pixelBox(b: Box): Box {
  const x = Math.max(0, Math.floor(b.x));
  const y = Math.max(0, Math.floor(b.y));
  return { x, y, width: Math.max(1, Math.ceil(b.x + b.width) - x), height: Math.max(1, Math.ceil(b.y + b.height) - y) };
}

/** The largest part of `box` (from its top-left) a picture at `scale` may show. */
export function limitBox(box: Box, scale: number): { box: Box; clipped: boolean } {
  const width = Math.min(box.width, HTML_VIEWPORT_WIDTH.max);
  const height = Math.min(
    box.height,
    HTML_MAX_PAGE_HEIGHT,
    Math.floor(HTML_MAX_OUTPUT_PIXELS / (width * scale * scale)),
  );
  return { box: { ...box, width, height }, clipped: width < box.width || height < box.height };
}

async function elementBox(send: DevTools, selector: string): Promise<Box> {
  const { root } = (await send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } };
  let nodeId: number;
  try {
    ({ nodeId } = (await send('DOM.querySelector', { nodeId: root.nodeId, selector })) as { nodeId: number });
  } catch {
    // DevTools answers "DOM Error while querying" for a selector the browser cannot parse.
    throw new CaptureProblem(
      'invalid_selector',
      `"${selector}" is not a CSS selector the browser understands. Try one like .card, #poster or main > section.`,
    );
  }
  if (!nodeId)
    throw new CaptureProblem(
      'selector_not_found',
      `No element on the page matches "${selector}". Check the class or id, or leave the selector empty to fit the page's content.`,
    );
  let quad: number[];
  try {
    quad = ((await send('DOM.getBoxModel', { nodeId })) as { model: { border: number[] } }).model.border;
  } catch {
    throw new CaptureProblem(
      'selector_not_found',
      `The element "${selector}" matches is not shown (display: none, or not rendered), so it has no box to capture.`,
    );
  }
  // A transformed element's box is a quad: its bounding rectangle.
  const xs = [quad[0]!, quad[2]!, quad[4]!, quad[6]!];
  const ys = [quad[1]!, quad[3]!, quad[5]!, quad[7]!];
  const box = {
    x: Math.min(...xs),
    y: Math.min(...ys),
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
  };
  if (box.width < 0.5 || box.height < 0.5)
    throw new CaptureProblem(
      'selector_not_found',
      `The element "${selector}" matches has no size (${Math.round(box.width)} × ${Math.round(box.height)} px), so there is nothing to capture.`,
    );
  return box;
}

/** Works out the capture of a loaded page through DevTools. Throws CaptureProblem for a bad selector. */
export async function measureCapture(
  send: DevTools,
  options: Pick<HtmlRenderOptions, 'fit' | 'fullPage' | 'selector' | 'width' | 'height' | 'scale'>,
): Promise<Capture> {
  const fit = fitOf(options);
  const viewport = { x: 0, y: 0, width: options.width, height: options.height };
  const finish = (kind: Capture['fit'], wanted: Box, empty = false): Capture => {
    const { box, clipped } = limitBox(pixelBox(wanted), options.scale);
    return {
      fit: kind,
      box,
      empty,
      clipped,
      wanted: { width: pixelBox(wanted).width, height: pixelBox(wanted).height },
    };
  };
  if (fit === 'viewport') return finish('viewport', viewport);
  if (fit === 'page') {
    const metrics = (await send('Page.getLayoutMetrics')) as { cssContentSize: { height: number } };
    return finish('page', { ...viewport, height: metrics.cssContentSize.height });
  }
  if (options.selector) return finish('element', await elementBox(send, options.selector));
  const snapshot = (await send('DOMSnapshot.captureSnapshot', { computedStyles: [...STYLES] })) as DomSnapshot;
  const box = contentBox(snapshot);
  return box ? finish('content', box) : finish('viewport', viewport, true);
}

const px = (n: number) => n.toLocaleString('en-US');

/** What the notes say was captured. */
export function captureNotes(
  c: Capture,
  o: Pick<HtmlRenderOptions, 'width' | 'scale' | 'selector' | 'transparent'>,
): string[] {
  const size = `${px(c.box.width)} × ${px(c.box.height)} px`;
  const what = {
    content: `Fitted to the page's content: ${size} of a page laid out ${px(o.width)} px wide.`,
    element: `Fitted to the element "${o.selector}": ${size}.`,
    viewport: c.empty
      ? `The page paints nothing to fit to, so the ${size} viewport was captured.`
      : `Captured the ${size} viewport.`,
    page: `Captured the whole page: ${size}.`,
  }[c.fit];
  const notes = [what];
  if (o.scale === 2)
    notes.push(
      `At 2×: every CSS pixel is 2 × 2 pixels, so the picture is ${px(c.box.width * 2)} × ${px(c.box.height * 2)}.`,
    );
  if (o.transparent) notes.push('The background is transparent where the page paints none of its own.');
  if (c.clipped)
    notes.push(
      `The ${c.fit === 'page' ? 'page' : 'content'} is ${px(c.wanted.width)} × ${px(c.wanted.height)} px; the picture shows its top-left ${size}, the most we make at ${o.scale}×.`,
    );
  return notes;
}
