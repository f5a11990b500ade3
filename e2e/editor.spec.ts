import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { Template } from '../core/api/templates';
import { CANVAS_INITIAL } from '../core/limits';
import { canvasSize, countPixels, mockTemplates, openTestTemplate, pixelOrigin } from './editor-fixtures';

const layers = (page: Page) => page.getByRole('list', { name: 'Layers' }).getByRole('listitem');
const RED = 'r > 200 && g < 90 && b < 90';
const SHOTS = 'e2e/screenshots/editor';

test.beforeEach(async ({ page }) => {
  await mockTemplates(page);
});

test('opens a catalog template by URL with its boxes pre-placed as text layers', async ({ page }) => {
  // The route's loader resolves ?template= on the server, so this uses a real template of the seeded catalog.
  const { templateOfTheDay: t } = (await (await page.request.get('/api/templates')).json()) as {
    templateOfTheDay: Template;
  };
  const preloads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(t.imageUrl)) preloads.push(r.url());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/meme-generator?template=${t.id}`);
  await expect(page.getByText('Template loaded!')).toBeVisible();
  // One layer per text box plus the picture, named after the template.
  await expect(layers(page)).toHaveCount(t.textBoxes.length + 1);
  await expect(layers(page).last()).toContainText(t.name.slice(0, 20));
  // The page preloads the picture and the editor reuses that download (same CORS mode): one request.
  expect(preloads).toHaveLength(1);
});

test('draws a template at its size with its example captions as placeholders over the picture', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTestTemplate(page);
  await expect(layers(page)).toHaveCount(3);
  // The captions start empty (their examples are placeholders, ADR 0161), so their layers are named by position.
  await expect(layers(page).nth(0)).toContainText('Text 2');
  await expect(layers(page).nth(1)).toContainText('Text 1');
  await expect(layers(page).nth(2)).toContainText('Two Buttons Test');
  await page.getByRole('textbox', { name: 'Caption 1' }).fill('TOP OF THE MEME');
  await page.getByRole('textbox', { name: 'Caption 2' }).fill('BOTTOM LINE');
  await expect(layers(page).nth(0)).toContainText('BOTTOM LINE');
  // 800 × 500 fits inside min(1000, 1440 − 500) × min(600, 900 − 250), so it is not scaled; margins 40 × 200.
  expect(await canvasSize(page)).toEqual({ width: 840, height: 700 });
  // White Impact text with a black outline is drawn over the picture.
  await expect.poll(() => countPixels(page, 'r > 240 && g > 240 && b > 240')).toBeGreaterThan(200);
  await page.screenshot({ path: `${SHOTS}/template.png` });
  // The site header and footer sit behind the overlay, out of the tab order.
  await expect(page.locator('body > header')).toHaveAttribute('inert', '');
  // The editor has its own dark mode switch, since the header's is covered.
  await page.getByRole('region', { name: 'Meme editor' }).getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.screenshot({ path: `${SHOTS}/template-dark.png` });
});

test('Close Editor returns home and an unknown template says so', async ({ page }) => {
  await page.goto('/meme-generator?template=no-such-template');
  await expect(page.getByText('Error loading template')).toBeVisible();
  await expect(page.getByText('No layers yet')).toBeVisible();
  await page.getByRole('link', { name: 'Close Editor' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a blank editor opens on the Templates tab', async ({ page }) => {
  await page.goto('/meme-generator');
  await expect(page.getByRole('tab', { name: 'Templates' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Templates' })).toBeVisible();
});

test('adds text and styles it from the toolbars', async ({ page }) => {
  await page.goto('/meme-generator');
  // A blank editor shows the templates; the text panel is the Text tab.
  await page.getByRole('tab', { name: 'Text' }).click();
  const font = page.getByRole('combobox', { name: 'Font', exact: true });
  await expect(font).toBeDisabled();
  await page.getByRole('button', { name: '➕ Add Text' }).click();
  await expect(page.getByText('Text Added! ✨')).toBeVisible();
  await expect(layers(page)).toHaveCount(1);
  await expect(layers(page).first()).toContainText('Double-click to edit');
  // The new layer is selected, so the controls hold its style: the meme look (ADR 0120), white Impact with a black
  // outline, centred, not bolded.
  await expect(font).toBeEnabled();
  await expect(font).toHaveValue('Impact');
  await expect(page.getByRole('spinbutton', { name: 'Font size' })).toHaveValue('30');
  await expect(page.getByRole('spinbutton', { name: 'Outline width' })).toHaveValue('3');
  await expect(page.getByLabel('Colour', { exact: true })).toHaveValue('#ffffff');
  await expect(page.getByLabel('Outline', { exact: true })).toHaveValue('#000000');
  await expect(page.getByRole('button', { name: 'Align center' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue('Double-click to edit');
  // White letters with a black outline on the white canvas: the outline's dark pixels show.
  await expect.poll(() => countPixels(page, 'r < 40 && g < 40 && b < 40')).toBeGreaterThan(300);

  await font.selectOption('Times New Roman');
  await page.getByRole('spinbutton', { name: 'Font size' }).fill('64');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.getByRole('button', { name: 'Italic' }).click();
  await page.getByRole('button', { name: 'Underline' }).click();
  await page.getByRole('button', { name: 'Align left' }).click();
  await page.getByRole('spinbutton', { name: 'Outline width' }).fill('6');
  await page.getByLabel('Colour', { exact: true }).fill('#ff0000');
  await page.getByLabel('Outline', { exact: true }).fill('#00ff00');
  await page
    .getByRole('textbox', { name: 'Text', exact: true })
    .fill('Hello мир κόσμε 😀 and a long line that wraps inside its box');

  await expect(font).toHaveValue('Times New Roman');
  await expect(page.getByRole('spinbutton', { name: 'Font size' })).toHaveValue('64');
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Italic' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Underline' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Align left' })).toHaveAttribute('aria-pressed', 'true');
  await expect(layers(page).first()).toContainText('Hello мир κόσμε 😀 an');
  await expect.poll(() => countPixels(page, RED)).toBeGreaterThan(500);
  await expect.poll(() => countPixels(page, 'g > 200 && r < 80 && b < 80')).toBeGreaterThan(200);
  await page.screenshot({ path: `${SHOTS}/styled-text.png` });

  // Clicking empty canvas clears the selection: the controls empty and disable again.
  await page.locator('canvas.upper-canvas').click({ position: { x: 5, y: 5 } });
  await expect(font).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue('');
});

test('adds every shape with its text and recolours the selection, never text', async ({ page }) => {
  await page.goto('/meme-generator');
  for (const name of ['Speech bubble', 'Thought bubble', 'Boom', 'Star', 'Heart']) {
    await page.getByRole('button', { name, exact: true }).click();
  }
  await expect(layers(page)).toHaveCount(5);
  await expect(layers(page)).toContainText(['LOVE', 'WOW!', 'BOOM!', 'Think...', 'Edit me!']);
  await expect.poll(() => countPixels(page, RED)).toBe(0);
  await page.screenshot({ path: `${SHOTS}/shapes.png` });
  const DARK = 'r < 50 && g < 50 && b < 50';
  const darkBefore = await countPixels(page, DARK);

  // The heart is selected (last added): recolour it red.
  await page.getByRole('button', { name: 'Shape colour' }).click();
  await page.getByRole('button', { name: 'Red', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Shape colours' })).toBeHidden();
  await expect.poll(() => countPixels(page, RED)).toBeGreaterThan(5000);
  // Outlines and the text LOVE stay dark: recolouring never touches text or strokes.
  expect(await countPixels(page, DARK)).toBeGreaterThan(darkBefore * 0.95);
});

test('hides and removes a layer, undo and redo by keyboard, Delete and arrow nudge', async ({ page }) => {
  await page.goto('/meme-generator');
  await page.getByRole('button', { name: 'Star', exact: true }).click();
  const yellow = 'r > 220 && g > 180 && b < 60';
  await expect.poll(() => countPixels(page, yellow)).toBeGreaterThan(3000);
  const shown = await countPixels(page, yellow);

  await page.getByRole('button', { name: 'Hide WOW!' }).click();
  await expect.poll(() => countPixels(page, yellow)).toBe(0);
  await page.getByRole('button', { name: 'Show WOW!' }).click();
  await expect.poll(() => countPixels(page, yellow)).toBe(shown);

  await page.getByRole('button', { name: 'Remove WOW!' }).click();
  await expect(page.getByText('No layers yet')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(layers(page)).toHaveCount(1);
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByText('No layers yet')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(layers(page)).toHaveCount(1);

  // Select it from the layers list, nudge it, then delete it with the keyboard.
  await page.getByRole('button', { name: /shape layer: WOW!/ }).click();
  const before = (await pixelOrigin(page, yellow))!;
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => pixelOrigin(page, yellow)).toEqual({ left: before.left + 50, top: before.top + 1 });
  await page.keyboard.press('Control+z');
  await page.getByRole('button', { name: /shape layer: WOW!/ }).click();
  await page.keyboard.press('Delete');
  await expect(page.getByText('No layers yet')).toBeVisible();
});

test('auto-crops to the objects with no padding, and says when there is nothing to crop', async ({ page }) => {
  await page.goto('/meme-generator');
  await page.getByRole('button', { name: '✂️ Auto Crop' }).click();
  await expect(page.getByText('Nothing to crop')).toBeVisible();
  expect(await canvasSize(page)).toEqual({ width: 900, height: 650 });

  await page.getByRole('button', { name: 'Star', exact: true }).click();
  await page.getByRole('button', { name: '✂️ Auto Crop' }).click();
  await expect(page.getByText('Auto-cropped! ✂️')).toBeVisible();
  const size = await canvasSize(page);
  // The star's points span 2·90·cos 18° ≈ 171 × 90·(1 + cos 36°) ≈ 163 px, plus its 3 px outline, and nothing
  // more (ADR 0120: the original brief's 20 px padding was a white frame on every export).
  expect(size.width).toBeGreaterThanOrEqual(172);
  expect(size.width).toBeLessThanOrEqual(177);
  expect(size.height).toBeGreaterThanOrEqual(164);
  expect(size.height).toBeLessThanOrEqual(169);
  // The star touches every side: each edge row and column has the star's outline or fill on it.
  const edges = await page.evaluate(() => {
    const el = document.querySelector('canvas[aria-label="Meme canvas"]') as HTMLCanvasElement;
    const d = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    const ink = (x: number, y: number) => {
      const i = (y * el.width + x) * 4;
      return d[i]! < 200 || d[i + 2]! < 200;
    };
    const row = (y: number) => Array.from({ length: el.width }, (_, x) => ink(x, y)).some(Boolean);
    const col = (x: number) => Array.from({ length: el.height }, (_, y) => ink(x, y)).some(Boolean);
    return [row(1), row(el.height - 2), col(1), col(el.width - 2)];
  });
  expect(edges).toEqual([true, true, true, true]);
  await page.keyboard.press('Control+z');
  expect(await canvasSize(page)).toEqual({ width: 900, height: 650 });
});

test('the background palette has 18 colours and closes on pick', async ({ page }) => {
  await page.goto('/meme-generator');
  await page.getByRole('button', { name: 'Background colour' }).click();
  const palette = page.getByRole('group', { name: 'Background palette' });
  await expect(palette.getByRole('button')).toHaveCount(18);
  await palette.getByRole('button', { name: 'Background #ef4444' }).click();
  await expect(palette).toBeHidden();
  const { width, height } = await canvasSize(page);
  await expect.poll(() => countPixels(page, 'r === 239 && g === 68 && b === 68')).toBe(width * height);
});

test('a blank editor shows its white canvas in dark mode, and says there is nothing to download until something is on it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/meme-generator');
  await expect(page.locator('html')).toHaveClass(/dark/);
  // The canvas is drawn in its background colour (white, as the download would be), not left transparent on black.
  await expect.poll(() => canvasSize(page)).toEqual(CANVAS_INITIAL);
  const { width, height } = CANVAS_INITIAL;
  await expect.poll(() => countPixels(page, 'r > 250 && g > 250 && b > 250')).toBe(width * height);
  await page.screenshot({ path: `${SHOTS}/blank-dark.png` });

  const dialog = page.getByRole('dialog', { name: 'Choose Export Format' });
  for (const button of ['Download Meme', 'Share']) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Nothing to download yet' }).last(),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);
  }
  await page.getByRole('tab', { name: 'Text' }).click();
  await page.getByRole('button', { name: '➕ Add Text' }).click();
  await page.getByRole('button', { name: 'Download Meme' }).click();
  await expect(dialog).toBeVisible();
});

test("adding a shape keeps the captions' numbers: a shape's text is listed as the shape's", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/meme-generator?template=two-buttons');
  await expect(page.getByText('Template loaded!')).toBeVisible();
  const field = (name: string) =>
    page.getByRole('list', { name: 'Captions' }).getByRole('textbox', { name, exact: true });
  for (const [i, line] of ['LEFT', 'RIGHT', 'ME AT MIDNIGHT'].entries()) await field(`Caption ${i + 1}`).fill(line);
  await page.getByRole('button', { name: 'Star', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Captions' }).getByRole('textbox')).toHaveCount(4);
  for (const [i, line] of ['LEFT', 'RIGHT', 'ME AT MIDNIGHT'].entries())
    await expect(field(`Caption ${i + 1}`)).toHaveValue(line);
  await expect(field('Caption 4')).toHaveCount(0);
  await expect(field('Shape 1')).toHaveValue('WOW!');
});

test('a caption of two lines, or one that wraps, is shown whole in its field', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/meme-generator?template=two-buttons');
  await expect(page.getByText('Template loaded!')).toBeVisible();
  const field = page.getByRole('list', { name: 'Captions' }).getByRole('textbox', { name: 'Caption 1', exact: true });
  const hidden = () => field.evaluate((el: HTMLTextAreaElement) => el.scrollHeight - el.clientHeight);
  await field.fill('WHEN THE FIRST LINE\nMEETS THE SECOND');
  await expect.poll(hidden).toBeLessThanOrEqual(1);
  await field.fill('a caption long enough to wrap onto a second line in the narrow left column of the editor');
  await expect.poll(hidden).toBeLessThanOrEqual(1);
  // Short again, the field is one line tall again.
  const oneLine = await page
    .getByRole('list', { name: 'Captions' })
    .getByRole('textbox', { name: 'Caption 2', exact: true })
    .evaluate((el) => el.getBoundingClientRect().height);
  await field.fill('SHORT');
  await expect.poll(() => field.evaluate((el) => el.getBoundingClientRect().height)).toBeCloseTo(oneLine, 0);
});
