import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { drawTemplatePng, mockTemplates, openTestTemplate } from './editor-fixtures';

/**
 * The editor by keyboard (ADR 0120): the captions are text fields one Tab after the canvas, Enter on the canvas
 * edits the selected caption in place, the focus never falls to the page's body, and a typed font size is kept.
 */
declare global {
  interface Window {
    __MEMEFORGE_BENCH__?: boolean;
  }
}
type LiveText = { text?: string; fontSize?: number; memeBox?: { index: number } };
const liveTexts = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __memeEditor: { canvas: { getObjects(): LiveText[] } } }).__memeEditor.canvas
      .getObjects()
      .filter((o) => o.memeBox)
      .map((o) => ({ text: o.text, fontSize: o.fontSize, index: o.memeBox!.index })),
  );
const layers = (page: Page) => page.getByRole('list', { name: 'Layers' });
const canvasRegion = (page: Page) => page.getByRole('region', { name: 'Canvas' });
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLTextAreaElement | null;
    if (!el || el === document.body) return 'body';
    return el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? el.textContent ?? el.tagName;
  });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => (window.__MEMEFORGE_BENCH__ = true));
  await page.setViewportSize({ width: 1440, height: 900 });
  await mockTemplates(page);
});

test('changing a caption by keyboard takes a handful of keys: Tab to it, select all, type', async ({ page }) => {
  await openTestTemplate(page);
  await expect(page.getByRole('list', { name: 'Captions' }).getByRole('textbox')).toHaveCount(2);
  // From the top of the editor (its first control, Upload), Tab reaches the first caption in a dozen presses…
  await page.getByRole('button', { name: 'Upload' }).focus();
  let tabs = 0;
  const path: string[] = [];
  while ((await focusedLabel(page)) !== 'Caption 1' && tabs < 40) {
    await page.keyboard.press('Tab');
    tabs++;
    path.push(await focusedLabel(page));
  }
  console.log(path.join(' → '));
  console.log(`Tabs from Upload to the first caption: ${tabs}`);
  expect(tabs).toBeLessThanOrEqual(12);
  // …and from the canvas, in one.
  await canvasRegion(page).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Caption 1' })).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('TYPED BY KEYBOARD');
  await expect(layers(page)).toContainText('TYPED BY KEYBOARD');
  expect((await liveTexts(page)).find((t) => t.index === 0)?.text).toBe('TYPED BY KEYBOARD');
  // The caption being typed is the one selected on the canvas.
  await expect(page.getByRole('combobox', { name: 'Font', exact: true })).toBeEnabled();
});

test('Enter on the canvas edits the selected caption in place; Escape gives the focus back to the canvas', async ({
  page,
}) => {
  await openTestTemplate(page);
  // Nothing selected: Enter goes to the first caption's field.
  await canvasRegion(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Caption 1' })).toBeFocused();

  // Template captions start empty, their examples only placeholders (ADR 0161): layers are named by position.
  await layers(page).getByRole('button', { name: 'text layer: Text 2' }).click();
  await canvasRegion(page).focus();
  await page.keyboard.press('Enter');
  // fabric's own editing: the whole text is selected, so typing replaces it.
  await page.keyboard.type('EDITED IN PLACE');
  await page.keyboard.press('Escape');
  await expect(layers(page)).toContainText('EDITED IN PLACE');
  expect((await liveTexts(page)).find((t) => t.index === 1)?.text).toBe('EDITED IN PLACE');
  await expect(canvasRegion(page)).toBeFocused();
});

test('after a file is picked the focus is on the canvas, never the body, one Tab from adding captions', async ({
  page,
}) => {
  const png = await drawTemplatePng();
  await page.goto('/meme-generator');
  // Enter on the button opens the picker only once React has hydrated; the editor's canvas exists only after that.
  await page.waitForFunction(() => '__memeEditor' in window);
  // Enter on Upload must open the picker: its click on the file input is seen (and the native dialog held back, which
  // Playwright's filechooser event cannot promise when the key is pressed before its interception is on), then the
  // file is given to that input as the picker would.
  await page.getByLabel('Image file').evaluate((input) =>
    input.addEventListener(
      'click',
      (e) => {
        e.preventDefault();
        input.dataset.opened = 'true';
      },
      { once: true },
    ),
  );
  await page.getByRole('button', { name: 'Upload', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Image file')).toHaveAttribute('data-opened', 'true');
  await page.getByLabel('Image file').setInputFiles({ name: 'Holiday Photo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image uploaded!')).toBeVisible();
  await expect(canvasRegion(page)).toBeFocused();
  expect(await focusedLabel(page)).not.toBe('body');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add top and bottom text' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Caption 1' })).toBeFocused();
  await page.keyboard.type('TOP TEXT');
  await page.keyboard.press('Tab');
  await page.keyboard.type('BOTTOM TEXT');
  await expect(layers(page)).toContainText('TOP TEXT');
  await expect(layers(page)).toContainText('BOTTOM TEXT');
});

test('a typed font size is kept: 120 on a template caption grows its box, 500 is clamped to 400 and says so', async ({
  page,
}) => {
  await openTestTemplate(page);
  await layers(page).getByRole('button', { name: 'text layer: Text 1' }).click();
  const size = page.getByRole('spinbutton', { name: 'Font size' });
  const before = (await liveTexts(page)).find((t) => t.index === 0)!.fontSize!;
  expect(before).toBeLessThan(120);
  await size.fill('120');
  await size.press('Enter');
  await expect.poll(async () => (await liveTexts(page)).find((t) => t.index === 0)?.fontSize).toBe(120);
  await expect(size).toHaveValue('120');

  await size.fill('500');
  await size.press('Enter');
  await expect(page.getByText('Font size set to 400 px')).toBeVisible();
  await expect(size).toHaveValue('400');
  await expect.poll(async () => (await liveTexts(page)).find((t) => t.index === 0)?.fontSize).toBe(400);
  // Typed one key at a time, as a person types it: 1, 12, 120 (never 8 from clamping the first key).
  await size.fill('');
  await size.pressSequentially('120');
  await size.press('Tab');
  await expect.poll(async () => (await liveTexts(page)).find((t) => t.index === 0)?.fontSize).toBe(120);
  await expect(page.getByText('Font size set to 8 px')).toHaveCount(0);
});
