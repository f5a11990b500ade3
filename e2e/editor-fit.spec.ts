import { axe } from './axe';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import type { Template } from '../core/api/templates';
import { CAPTION_LINE_SEPARATOR } from '../core/api/ai';
import { serverRequests } from './editor-fixtures';

/**
 * Checks at the three window sizes people reported from: every built-in template opens with its
 * captions inside their boxes, the canvas fits before and after undo, Undo/Redo work by button (by tap on the
 * phone), an AI caption fills the boxes, uploads export without bands at their own size, and leaving asks.
 */
const VIEWPORTS = [
  { name: 'desktop 1400×900', viewport: { width: 1400, height: 900 }, touch: false },
  { name: 'laptop 1366×657', viewport: { width: 1366, height: 657 }, touch: false },
  { name: 'phone 390×844', viewport: { width: 390, height: 844 }, touch: true },
];
const SHOTS = 'e2e/screenshots/editor';

type LiveEditor = {
  loadTemplate(t: Template): Promise<void>;
  fillCaption(lines: string[]): void;
  canvas: {
    width: number;
    height: number;
    getObjects(): {
      type: string;
      text?: string;
      left: number;
      top: number;
      width: number;
      fontSize?: number;
      textLines?: string[];
      memeBox?: { left: number; top: number; width: number; height: number; index: number };
      getLineWidth(i: number): number;
      calcTextHeight(): number;
    }[];
  };
};
declare global {
  interface Window {
    __MEMEFORGE_BENCH__?: boolean;
    __memeEditor?: LiveEditor;
  }
}

const layers = (page: Page) => page.getByRole('list', { name: 'Layers' }).getByRole('listitem');

async function openEditor(page: Page, url = '/meme-generator') {
  await page.addInitScript(() => (window.__MEMEFORGE_BENCH__ = true));
  await page.goto(url);
  await page.waitForFunction(() => window.__memeEditor !== undefined);
}

/**
 * Opens a template, types its first example into its boxes (they open empty, the examples only placeholders: ADR
 * 0161) and measures the captions with fabric's own layout against their boxes.
 */
async function captionProblems(page: Page, t: Template): Promise<string[]> {
  await page.evaluate(async (template) => {
    await window.__memeEditor!.loadTemplate(template);
    window.__memeEditor!.fillCaption(template.examples[0] ?? []);
  }, t);
  return boxProblems(page, t);
}

/** The captions on the canvas against their boxes, and the boxes against the canvas. */
async function boxProblems(page: Page, t: Template): Promise<string[]> {
  return page.evaluate((template) => {
    const editor = window.__memeEditor!;
    const out: string[] = [];
    const boxed = editor.canvas.getObjects().filter((o) => o.memeBox);
    if (boxed.length !== template.textBoxes.length) out.push(`${template.id}: ${boxed.length} boxed captions`);
    for (const o of boxed) {
      const box = o.memeBox!;
      const widest = Math.max(0, ...(o.textLines ?? []).map((_, i) => o.getLineWidth(i)));
      const height = o.calcTextHeight();
      const tag = `${template.id} box ${box.index} "${o.text}"`;
      if (widest > box.width + 0.5 || o.width > box.width + 0.5)
        out.push(`${tag}: ${widest.toFixed(1)} px wide in ${box.width.toFixed(1)}`);
      if (height > box.height + 0.5) out.push(`${tag}: ${height.toFixed(1)} px tall in ${box.height.toFixed(1)}`);
      if (o.top < box.top - 0.5 || o.top + height > box.top + box.height + 0.5)
        out.push(`${tag}: outside its box vertically`);
      if (
        box.left < 0 ||
        box.top < 0 ||
        box.left + box.width > editor.canvas.width + 0.5 ||
        box.top + box.height > editor.canvas.height + 0.5
      ) {
        out.push(`${tag}: box outside the canvas`);
      }
    }
    return out;
  }, t);
}

/** The canvas on screen, and whether all of it is inside the window. */
async function canvasOnScreen(page: Page) {
  const frame = (await page.getByTestId('canvas-frame').boundingBox())!;
  const view = page.viewportSize()!;
  const inside =
    frame.x >= 0 &&
    frame.y >= 0 &&
    frame.x + frame.width <= view.width + 0.5 &&
    frame.y + frame.height <= view.height + 0.5;
  return { frame, inside };
}

const press = (page: Page, name: string, touch: boolean) =>
  touch
    ? page.getByRole('button', { name, exact: true }).tap()
    : page.getByRole('button', { name, exact: true }).click();

for (const { name, viewport, touch } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport, hasTouch: touch, isMobile: touch });

    test('every built-in template opens with every caption inside its box and the canvas in view', async ({ page }) => {
      const { templates } = (await (await page.request.get('/api/templates')).json()) as { templates: Template[] };
      expect(templates.length).toBeGreaterThanOrEqual(50);
      await openEditor(page);
      const problems: string[] = [];
      for (const t of templates) {
        problems.push(...(await captionProblems(page, t)));
        const { inside, frame } = await canvasOnScreen(page);
        if (!inside) problems.push(`${t.id}: canvas ${JSON.stringify(frame)} not inside the window`);
      }
      expect(problems).toEqual([]);
    });

    test('the canvas fits before and after undo, and Undo/Redo work by button', async ({ page }) => {
      await openEditor(page);
      const { templates } = (await (await page.request.get('/api/templates')).json()) as { templates: Template[] };
      await page.evaluate((t) => window.__memeEditor!.loadTemplate(t), templates[0]!);
      await expect(layers(page)).toHaveCount(templates[0]!.textBoxes.length + 1);
      const before = await canvasOnScreen(page);
      expect(before.inside).toBe(true);
      await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();

      await press(page, '➕ Add Text', touch);
      await expect(layers(page)).toHaveCount(templates[0]!.textBoxes.length + 2);
      await press(page, 'Undo', touch);
      await expect(layers(page)).toHaveCount(templates[0]!.textBoxes.length + 1);
      await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
      const after = await canvasOnScreen(page);
      expect(after.inside).toBe(true);
      expect(after.frame.width).toBeCloseTo(before.frame.width, 0);
      expect(after.frame.height).toBeCloseTo(before.frame.height, 0);
      await press(page, 'Redo', touch);
      await expect(layers(page)).toHaveCount(templates[0]!.textBoxes.length + 2);
      await expect(page.getByRole('button', { name: 'Redo', exact: true })).toBeDisabled();
      expect((await canvasOnScreen(page)).inside).toBe(true);

      // Zoom: 100% can overflow the room and scrolls; Fit brings it back.
      await press(page, '100%', touch);
      await expect(page.locator('output[aria-label="Zoom"]')).toHaveText('100%');
      await press(page, 'Fit', touch);
      expect((await canvasOnScreen(page)).inside).toBe(true);
      await page.screenshot({ path: `${SHOTS}/fit-${viewport.width}x${viewport.height}.png` });
    });
  });
}

test.describe('phone 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('tapping a caption edits it right under the canvas, which stays in view', async ({ page }) => {
    const { templates } = (await (await page.request.get('/api/templates')).json()) as { templates: Template[] };
    const t = templates.find((x) => x.textBoxes.length === 2) ?? templates[0]!;
    await openEditor(page, `/meme-generator?template=${t.id}`);
    await expect(page.getByText('Template loaded!')).toBeVisible();
    // Tap the first caption on the canvas, then type in the field under the canvas.
    const target = await page.evaluate(() => {
      const c = window.__memeEditor!.canvas;
      const o = c.getObjects().find((x) => x.memeBox?.index === 0)!;
      return { x: o.left + o.width / 2, y: o.top + o.calcTextHeight() / 2, width: c.width };
    });
    const upper = page.locator('canvas.upper-canvas');
    const scale = (await upper.boundingBox())!.width / target.width;
    await upper.tap({ position: { x: target.x * scale, y: target.y * scale } });
    const field = page.getByRole('textbox', { name: 'Caption 1' });
    await expect(field).toBeVisible();
    await field.fill('TYPED ON A PHONE');
    const fieldBox = (await field.boundingBox())!;
    const { frame, inside } = await canvasOnScreen(page);
    expect(inside).toBe(true);
    // The field sits right under the canvas, both on screen.
    expect(fieldBox.y).toBeGreaterThanOrEqual(frame.y + frame.height - 1);
    expect(fieldBox.y + fieldBox.height).toBeLessThanOrEqual(844);
    await expect(page.getByRole('list', { name: 'Layers' })).toContainText('TYPED ON A PHONE');
    await page.screenshot({ path: `${SHOTS}/phone-editing.png` });
    // Turning the phone re-fits the canvas to the new window.
    await page.setViewportSize({ width: 844, height: 390 });
    await expect.poll(async () => (await canvasOnScreen(page)).frame.height).toBeLessThanOrEqual(390 * 0.5 + 1);
  });
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('a three-box AI caption fills the three boxes in order', async ({ page }) => {
    const { templates } = (await (await page.request.get('/api/templates')).json()) as { templates: Template[] };
    const t = templates.find((x) => x.textBoxes.length === 3)!;
    await openEditor(page, `/meme-generator?template=${t.id}`);
    await expect(page.getByText('Template loaded!')).toBeVisible();
    // Opened with a template, the left panel shows Text, AI captions first (ADR 0160).
    await page.getByRole('button', { name: '✨ AI captions' }).click();
    const list = page.getByRole('list', { name: 'Caption suggestions' });
    const choice = list.getByRole('button').filter({ hasText: CAPTION_LINE_SEPARATOR.trim() }).first();
    const caption = (await choice.textContent())!;
    const lines = caption.split(CAPTION_LINE_SEPARATOR);
    expect(lines).toHaveLength(3);
    await choice.click();
    await expect(layers(page)).toHaveCount(4);
    const texts = await page.evaluate(() =>
      window
        .__memeEditor!.canvas.getObjects()
        .filter((o) => o.memeBox)
        .sort((a, b) => a.memeBox!.index - b.memeBox!.index)
        .map((o) => o.text),
    );
    expect(texts.map((x) => x?.toLowerCase())).toEqual(lines.map((l) => l.toLowerCase()));
    expect(await boxProblems(page, t)).toEqual([]);
  });

  test('on an uploaded picture AI captions go into top and bottom text, and the disabled state says why', async ({
    page,
  }) => {
    await openEditor(page);
    await page.getByRole('tab', { name: 'Text' }).click();
    await expect(page.getByRole('button', { name: '✨ AI captions' })).toBeDisabled();
    await expect(page.getByText('Open a template or upload a picture to get caption ideas.')).toBeVisible();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload' }).click();
    await (await chooser).setFiles({ name: 'pic.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Image uploaded!')).toBeVisible();
    await page.getByRole('button', { name: '✨ AI captions' }).click();
    const choice = page
      .getByRole('list', { name: 'Caption suggestions' })
      .getByRole('button')
      .filter({ hasText: CAPTION_LINE_SEPARATOR.trim() })
      .first();
    const lines = (await choice.textContent())!.split(CAPTION_LINE_SEPARATOR);
    await choice.click();
    await expect(layers(page)).toHaveCount(3);
    const placed = await page.evaluate(() =>
      window
        .__memeEditor!.canvas.getObjects()
        .filter((o) => o.memeBox)
        .map((o) => ({ text: o.text, top: o.top })),
    );
    expect(placed.map((p) => p.text)).toEqual(lines.map((l) => l.toUpperCase()));
    expect(placed[0]!.top).toBeLessThan(placed[1]!.top);
  });

  test('an upload exports at its own size with no white bands, and the dialog measures each format', async ({
    page,
  }) => {
    // A 4000 × 3000 (12 MP) photo-like picture: a smooth gradient with shapes, dark at the top and bottom rows.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#065f46"/></linearGradient></defs>
      <rect width="4000" height="3000" fill="url(#g)"/><circle cx="2000" cy="1500" r="900" fill="#f59e0b"/></svg>`;
    const photo = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
    await openEditor(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload' }).click();
    await (await chooser).setFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByText('Image uploaded!')).toBeVisible();
    const requests = serverRequests(page);
    await page.getByRole('button', { name: 'Download Meme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Export Format' });
    await dialog.getByRole('radio', { name: /^Original size/ }).check();
    await expect(dialog.getByRole('radio', { name: /^Original size/ })).toHaveAccessibleName(/4000 × 3000 px/);
    for (const f of ['png', 'jpg', 'webp'])
      await expect(dialog.getByTestId(`size-${f}`)).toHaveText(/\d+(\.\d+)? (KB|MB)/, { timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download JPG' }).click(),
    ]);
    expect(requests).toEqual([]);
    const file = await download.path();
    const meta = await sharp(file).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 4000, height: 3000 });
    // No bands: the first and last rows are the picture's dark blue and green, not white.
    for (const top of [0, 2999]) {
      const { channels } = await sharp(file).extract({ left: 0, top, width: 4000, height: 1 }).stats();
      expect(channels[0]!.mean + channels[1]!.mean + channels[2]!.mean).toBeLessThan(3 * 160);
    }
  });

  test('leaving with edits asks first; declining stays, an untouched editor leaves freely', async ({ page }) => {
    await openEditor(page);
    // Nothing edited: Close Editor leaves without a question.
    await page.getByRole('link', { name: 'Close Editor' }).click();
    await expect(page).toHaveURL(/\/$/);

    await openEditor(page);
    await page.getByRole('button', { name: '➕ Add Text' }).click();
    const questions: string[] = [];
    page.once('dialog', (d) => {
      questions.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('link', { name: 'Close Editor' }).click();
    await expect.poll(() => questions).toEqual([expect.stringContaining('Leave the editor?')]);
    await expect(page).toHaveURL(/meme-generator/);
    // Closing the tab asks the browser's own question.
    const kinds: string[] = [];
    page.once('dialog', (d) => {
      kinds.push(d.type());
      void d.accept();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => kinds).toEqual(['beforeunload']);
  });
});

test.describe('accessibility', () => {
  for (const { name, viewport, touch } of VIEWPORTS.slice(1)) {
    test(`the editor at ${name} has no accessibility violations`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
      const page = await context.newPage();
      await openEditor(page, '/meme-generator');
      const { templates } = (await (await page.request.get('/api/templates')).json()) as { templates: Template[] };
      await page.evaluate((t) => window.__memeEditor!.loadTemplate(t), templates[0]!);
      await page.getByRole('button', { name: '100%' }).click();
      const { violations } = await axe(page).exclude('[data-sonner-toaster]').analyze();
      expect(
        violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
      await context.close();
    });
  }
});
