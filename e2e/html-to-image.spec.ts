import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { download } from './tools-fixtures';

// Convert → HTML to image, end to end: the page is rendered by the offline renderer (local-render/, started with
// the stack) and the downloaded file is decoded here, in Node, to check its pixels.

/** Three blocks at known places on white; the fourth point is the background. */
const PAGE = `<!doctype html><html><head><style>
  body { margin: 0; background: #ffffff; }
  div { position: absolute; width: 120px; height: 120px; }
</style></head><body>
  <div style="left: 0; top: 0; background: #ff0000"></div>
  <div style="left: 200px; top: 100px; background: #00ff00"></div>
  <div style="left: 400px; top: 300px; background: #0000ff"></div>
</body></html>`;

const EXPECTED: [x: number, y: number, rgb: number[]][] = [
  [60, 60, [255, 0, 0]],
  [260, 160, [0, 255, 0]],
  [460, 360, [0, 0, 255]],
  [700, 500, [255, 255, 255]],
];

async function rgbAt(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

async function openTab(page: Page) {
  await page.goto('/tools/convert');
  await page.getByRole('tab', { name: 'HTML to image' }).click();
  await expect(page).toHaveURL(/tab=html/);
}

test('pasted HTML renders to a PNG whose pixels are the page: three blocks where the CSS put them', async ({ page }) => {
  await openTab(page);
  await page.getByLabel('HTML to render').fill(PAGE);
  await page.getByLabel('Viewport width (px)').fill('800');
  await page.getByLabel('Viewport height (px)').fill('600');
  await page.getByRole('button', { name: 'Render to PNG' }).click();
  const card = page.getByTestId('result-card');
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('result-dimensions')).toHaveText('800 × 600');
  await expect(card.getByRole('img', { name: 'The rendered page' })).toBeVisible();
  await expect(card.getByTestId('result-notes')).toContainText('Scripts were off.');
  const file = await download(page, card.getByRole('link', { name: 'Download PNG' }));
  expect(file.name).toBe('html-rendered.png');
  expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'png', width: 800, height: 600 });
  for (const [x, y, rgb] of EXPECTED) expect(await rgbAt(file.bytes, x, y), `pixel ${x},${y}`).toEqual(rgb);
  await page.screenshot({ path: 'e2e/screenshots/html-to-image.png', fullPage: true });
});

test('an uploaded .html file renders to JPEG, full page, and downloads named after the file', async ({ page }) => {
  await openTab(page);
  const tall = PAGE.replace('</body>', '<div style="left: 0; top: 1400px; height: 100px; background: #0000ff"></div></body>');
  await page.getByLabel('HTML file').setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from(tall) });
  await expect(page.getByTestId('html-source')).toContainText('From page.html');
  await page.getByLabel('Viewport width (px)').fill('640');
  await page.getByLabel('Full page (the whole height of the page)').check();
  await page.getByLabel('Output format').selectOption('jpeg');
  await page.getByRole('button', { name: 'Render to JPEG' }).click();
  const card = page.getByTestId('result-card');
  await expect(card.getByTestId('result-dimensions')).toHaveText('640 × 1500', { timeout: 20_000 });
  const file = await download(page, card.getByRole('link', { name: 'Download JPEG' }));
  expect(file.name).toBe('page-rendered.jpg');
  expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 1500 });
  const [r, g, b] = await rgbAt(file.bytes, 60, 1450);
  expect(b! > 200 && r! < 40 && g! < 40, `${r},${g},${b} is blue`).toBe(true);
});

test('bad input is refused in words: a viewport too narrow, and a page that never finishes', async ({ page }) => {
  test.setTimeout(60_000);
  await openTab(page);
  await page.getByLabel('HTML to render').fill('<script>for (;;) {}</script>');
  await page.getByLabel('Viewport width (px)').fill('100');
  await page.getByRole('button', { name: 'Render to PNG' }).click();
  await expect(page.getByRole('alert')).toHaveText('Viewport width must be between 320 and 1920 pixels.');
  await page.getByLabel('Viewport width (px)').fill('800');
  await page.getByLabel('Allow scripts').check();
  await page.getByRole('button', { name: 'Render to PNG' }).click();
  await expect(page.getByRole('progressbar', { name: 'Rendering the page' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('took longer than 10 seconds', { timeout: 30_000 });
  await expect(page.getByTestId('result-card')).toHaveCount(0);
});

for (const dark of [false, true]) {
  test(`the HTML to image tab has no serious or critical axe violations with a result (${dark ? 'dark' : 'light'})`, async ({ page }) => {
    if (dark) await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openTab(page);
    await page.getByLabel('HTML to render').fill(PAGE);
    await page.getByRole('button', { name: 'Render to PNG' }).click();
    await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(300);
    const { violations } = await new AxeBuilder({ page: page as ConstructorParameters<typeof AxeBuilder>[0]['page'] }).exclude('[data-sonner-toaster]').analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}

test('on a phone the tab stacks settings under the HTML and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTab(page);
  await expect(page.getByLabel('HTML to render')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const text = await page.getByLabel('HTML to render').boundingBox();
  const width = await page.getByLabel('Viewport width (px)').boundingBox();
  expect(width!.y).toBeGreaterThan(text!.y);
  await page.screenshot({ path: 'e2e/screenshots/html-to-image-phone.png', fullPage: true });
});
