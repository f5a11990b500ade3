import { describe, expect, it } from 'vitest';
import { htmlRenderSchema, HTML_MAX_OUTPUT_PIXELS } from './html';
import { captureNotes, contentBox, limitBox, measureCapture, type DevTools, type DomSnapshot } from './html-capture';

const STYLE = (
  background: string,
  extra: Partial<Record<'visibility' | 'opacity' | 'image' | 'border' | 'shadow', string>> = {},
) => [
  extra.visibility ?? 'visible',
  extra.opacity ?? '1',
  background,
  extra.image ?? 'none',
  extra.border ?? '0px',
  '0px',
  '0px',
  '0px',
  extra.shadow ?? 'none',
];

/** A snapshot the way DOMSnapshot.captureSnapshot answers it: every string once, referred to by index. */
function snapshot(
  nodes: { name: string; bounds: number[]; style: string[] }[],
  text: { of: number; bounds: number[] }[] = [],
): DomSnapshot {
  const strings: string[] = [];
  const id = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  return {
    strings,
    documents: [
      {
        nodes: { nodeName: nodes.map((n) => id(n.name)) },
        layout: {
          nodeIndex: nodes.map((_, i) => i),
          bounds: nodes.map((n) => n.bounds),
          styles: nodes.map((n) => n.style.map(id)),
        },
        textBoxes: { layoutIndex: text.map((t) => t.of), bounds: text.map((t) => t.bounds) },
      },
    ],
  };
}

const PAGE = [
  { name: '#document', bounds: [0, 0, 1280, 800], style: [] },
  { name: 'HTML', bounds: [0, 0, 1280, 800], style: STYLE('rgb(255, 255, 255)') },
  { name: 'BODY', bounds: [8, 8, 1264, 300], style: STYLE('rgb(240, 240, 240)') },
];

describe('contentBox', () => {
  it('is the box of what paints: a red card (rgb with a 0 channel is opaque), not the page backdrop', () => {
    const s = snapshot([...PAGE, { name: 'DIV', bounds: [37, 21, 420, 180], style: STYLE('rgb(255, 0, 0)') }]);
    expect(contentBox(s)).toEqual({ x: 37, y: 21, width: 420, height: 180 });
  });

  it('joins text, pictures, borders, shadows and background images; skips see-through, hidden and invisible boxes', () => {
    const s = snapshot(
      [
        ...PAGE,
        { name: 'H1', bounds: [8, 8, 1264, 40], style: STYLE('rgba(0, 0, 0, 0)') },
        { name: '#text', bounds: [8, 8, 120, 37], style: STYLE('rgba(0, 0, 0, 0)') },
        { name: 'img', bounds: [300, 100, 50, 50], style: STYLE('transparent') },
        { name: 'SECTION', bounds: [10, 400, 30, 30], style: STYLE('rgba(0, 0, 0, 0)', { border: '1px' }) },
        {
          name: 'ASIDE',
          bounds: [500, 20, 10, 10],
          style: STYLE('rgba(0, 0, 0, 0)', { shadow: 'rgb(0, 0, 0) 0px 4px 12px 0px' }),
        },
        { name: 'DIV', bounds: [0, 0, 2000, 2000], style: STYLE('rgb(0, 0, 255)', { visibility: 'hidden' }) },
        { name: 'DIV', bounds: [0, 0, 2000, 2000], style: STYLE('rgb(0, 0, 255)', { opacity: '0' }) },
        { name: 'DIV', bounds: [0, 0, 2000, 2000], style: STYLE('color(srgb 1 0 0 / 0)') },
      ],
      [{ of: 4, bounds: [8, 9.5, 119.6, 36] }],
    );
    // The h1's own box is page-wide, but it paints only its text: 8…510 across, 9.5…430 down.
    expect(contentBox(s)).toEqual({ x: 8, y: 9.5, width: 502, height: 420.5 });
  });

  it('is null for a page that paints nothing', () => {
    expect(contentBox(snapshot(PAGE))).toBeNull();
    expect(contentBox({ documents: [], strings: [] })).toBeNull();
  });
});

describe('limitBox', () => {
  it('keeps a box inside 1920 px across and the pixel cap, more tightly at 2×', () => {
    expect(limitBox({ x: 0, y: 0, width: 420, height: 180 }, 2)).toEqual({
      box: { x: 0, y: 0, width: 420, height: 180 },
      clipped: false,
    });
    const tall = limitBox({ x: 0, y: 0, width: 1920, height: 40_000 }, 2);
    expect(tall.clipped).toBe(true);
    expect(tall.box.width * tall.box.height * 4).toBeLessThanOrEqual(HTML_MAX_OUTPUT_PIXELS);
    expect(limitBox({ x: 0, y: 0, width: 5000, height: 10 }, 1).box.width).toBe(1920);
  });
});

describe('measureCapture', () => {
  const options = (o: Record<string, unknown>) =>
    htmlRenderSchema.parse({ html: '<p>x</p>', width: 800, height: 600, ...o });
  const devtools =
    (answers: Record<string, unknown>): DevTools =>
    async (method) => {
      const answer = answers[method];
      if (answer instanceof Error) throw answer;
      return answer;
    };

  it('rounds a content box out to whole pixels, and falls back to the viewport for an empty page', async () => {
    const send = devtools({
      'DOMSnapshot.captureSnapshot': snapshot([
        ...PAGE,
        { name: 'DIV', bounds: [10.5, 20.25, 420, 99.5], style: STYLE('rgb(0, 0, 0)') },
      ]),
    });
    expect((await measureCapture(send, options({}))).box).toEqual({ x: 10, y: 20, width: 421, height: 100 });
    const empty = await measureCapture(devtools({ 'DOMSnapshot.captureSnapshot': snapshot(PAGE) }), options({}));
    expect(empty).toMatchObject({ fit: 'viewport', empty: true, box: { width: 800, height: 600 } });
  });

  it('reads the element a selector names, and says why a selector fails', async () => {
    const root = { root: { nodeId: 1 } };
    const box = { model: { border: [8, 8, 428, 8, 428, 188, 8, 188] } };
    expect(
      (
        await measureCapture(
          devtools({ 'DOM.getDocument': root, 'DOM.querySelector': { nodeId: 5 }, 'DOM.getBoxModel': box }),
          options({ selector: '.card' }),
        )
      ).box,
    ).toEqual({ x: 8, y: 8, width: 420, height: 180 });
    await expect(
      measureCapture(
        devtools({ 'DOM.getDocument': root, 'DOM.querySelector': new Error('DOM Error while querying') }),
        options({ selector: 'div[' }),
      ),
    ).rejects.toMatchObject({ code: 'invalid_selector' });
    await expect(
      measureCapture(
        devtools({ 'DOM.getDocument': root, 'DOM.querySelector': { nodeId: 0 } }),
        options({ selector: '.none' }),
      ),
    ).rejects.toMatchObject({
      code: 'selector_not_found',
      message: expect.stringMatching(/No element on the page matches "\.none"/),
    });
    await expect(
      measureCapture(
        devtools({
          'DOM.getDocument': root,
          'DOM.querySelector': { nodeId: 5 },
          'DOM.getBoxModel': new Error('Could not compute box model.'),
        }),
        options({ selector: '.hidden' }),
      ),
    ).rejects.toMatchObject({ code: 'selector_not_found', message: expect.stringMatching(/not shown/) });
  });

  it('captures the whole page up to the cap, and the viewport as it is', async () => {
    const page = await measureCapture(
      devtools({ 'Page.getLayoutMetrics': { cssContentSize: { width: 800, height: 30_000 } } }),
      options({ fit: 'page' }),
    );
    expect(page).toMatchObject({
      fit: 'page',
      clipped: true,
      box: { width: 800, height: 16_000 },
      wanted: { height: 30_000 },
    });
    expect(captureNotes(page, { width: 800, scale: 1, transparent: false })).toContain(
      'The page is 800 × 30,000 px; the picture shows its top-left 800 × 16,000 px, the most we make at 1×.',
    );
    expect((await measureCapture(devtools({}), options({ fit: 'viewport' }))).box).toEqual({
      x: 0,
      y: 0,
      width: 800,
      height: 600,
    });
  });
});

describe('htmlRenderSchema', () => {
  it('fits the content by default, and reads the older fullPage as fit=page', () => {
    expect(htmlRenderSchema.parse({ html: 'x' })).toMatchObject({ scale: 1, transparent: false });
    expect(htmlRenderSchema.parse({ html: 'x' }).fit).toBeUndefined();
  });

  it('refuses a transparent JPEG, a selector with another fit, a scale of 3 and an empty selector', () => {
    const issue = (o: Record<string, unknown>) =>
      htmlRenderSchema.safeParse({ html: 'x', ...o }).error?.issues[0]?.message;
    expect(issue({ format: 'jpeg', transparent: true })).toMatch(/JPEG has no transparency/);
    expect(issue({ fit: 'viewport', selector: '.card' })).toMatch(/needs fit=content/);
    expect(issue({ fullPage: true, selector: '.card' })).toMatch(/needs fit=content/);
    expect(issue({ scale: 3 })).toBe('Scale must be 1 or 2.');
    expect(issue({ selector: '   ' })).toMatch(/The selector is empty/);
  });
});
