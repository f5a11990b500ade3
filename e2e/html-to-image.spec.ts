import { axe } from './axe';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { themePairs } from './theme-pairs';
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

test('pasted HTML renders to a PNG whose pixels are the page: three blocks where the CSS put them', async ({
  page,
}) => {
  await openTab(page);
  await page.getByLabel('HTML to render').fill(PAGE);
  await page.getByLabel('What to capture').selectOption('viewport');
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
  const tall = PAGE.replace(
    '</body>',
    '<div style="left: 0; top: 1400px; height: 100px; background: #0000ff"></div></body>',
  );
  await page
    .getByLabel('HTML file')
    .setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from(tall) });
  await expect(page.getByTestId('html-source')).toContainText('From page.html');
  await page.getByLabel('Viewport width (px)').fill('640');
  await page.getByLabel('What to capture').selectOption('page');
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

/** A 420 × 240 card with rounded corners, 40 px into a page that paints no background of its own. */
const CARD = `<!doctype html><body style="margin:0"><div class="card" style="margin:40px;width:420px;height:240px;box-sizing:border-box;padding:24px;border-radius:24px;background:#4f46e5;color:#fff;font:700 32px sans-serif">Hello card</div></body>`;

test('by default the picture fits the content, not a 1280 × 800 page; a selector, 2× and a transparent backdrop work from the screen', async ({
  page,
}) => {
  await openTab(page);
  await page.getByLabel('HTML to render').fill(CARD);
  await expect(page.getByLabel('What to capture')).toHaveValue('content');
  await page.getByRole('button', { name: 'Render to PNG' }).click();
  const card = page.getByTestId('result-card');
  await expect(card.getByTestId('result-dimensions')).toHaveText('420 × 240', { timeout: 20_000 });
  await expect(card.getByTestId('result-notes')).toContainText("Fitted to the page's content: 420 × 240 px");

  await page.getByLabel('Only this element (optional)').fill('.card');
  await page.getByLabel('Sharpness').selectOption('2');
  await page.getByLabel('Transparent background').check();
  await page.getByRole('button', { name: 'Render to PNG' }).click();
  await expect(card.getByTestId('result-dimensions')).toHaveText('840 × 480', { timeout: 20_000 });
  await expect(card.getByTestId('result-notes')).toContainText('Fitted to the element ".card": 420 × 240 px.');
  // Shown at its CSS size (420 px wide), as a browser would show a 2× picture, not stretched to the card.
  expect(Math.round((await card.getByTestId('rendered-picture').boundingBox())!.width)).toBe(420);
  const file = await download(page, card.getByRole('link', { name: 'Download PNG' }));
  const { data, info } = await sharp(file.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([840, 480]);
  expect(data[3], 'the rounded corner is see-through').toBe(0);
  expect(data[(240 * info.width + 420) * 4 + 3], 'the middle is opaque').toBe(255);
  await page.screenshot({ path: 'e2e/screenshots/html-to-image-fitted.png', fullPage: true });

  // JPEG has no transparency: the box is off and says why.
  await page.getByLabel('Output format').selectOption('jpeg');
  await expect(page.getByLabel('Transparent background')).toBeDisabled();
  await expect(page.getByText('JPEG has no transparency: choose PNG or WebP.')).toBeVisible();
});

test('a selector that matches nothing, or is not CSS, is refused in words and nothing is shown', async ({ page }) => {
  await openTab(page);
  await page.getByLabel('HTML to render').fill(CARD);
  await page.getByLabel('Only this element (optional)').fill('.poster');
  await page.getByRole('button', { name: 'Render to PNG' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `No element on the page matches ".poster". Check the class or id, or leave the selector empty to fit the page's content.`,
    { timeout: 20_000 },
  );
  await page.getByLabel('Only this element (optional)').fill('div[');
  await page.getByRole('button', { name: 'Render to PNG' }).click();
  await expect(page.getByRole('alert')).toContainText('"div[" is not a CSS selector the browser understands', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('result-card')).toHaveCount(0);
});

// The dark test scans the light test's result turned dark (e2e/theme-pairs.ts): one render, not two.
const pairs = themePairs();
const rendered = async (page: Page) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openTab(page);
  await page.getByLabel('HTML to render').fill(PAGE);
  await page.getByRole('button', { name: 'Render to PNG' }).click();
};

for (const dark of [false, true]) {
  test(`the HTML to image tab has no serious or critical axe violations with a result (${dark ? 'dark' : 'light'})`, async ({
    browser,
  }) => {
    const page = await (dark ? pairs.dark : pairs.light)(browser, 'html-tab', rendered);
    await expect(page).toHaveURL(/tab=html/);
    await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(300);
    const { violations } = await axe(page).exclude('[data-sonner-toaster]').analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
    if (dark) await pairs.done('html-tab');
  });
}

test('on a phone the tab stacks settings under the HTML and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTab(page);
  await expect(page.getByLabel('HTML to render')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const text = await page.getByLabel('HTML to render').boundingBox();
  const width = await page.getByLabel('Viewport width (px)').boundingBox();
  expect(width!.y).toBeGreaterThan(text!.y);
  await page.getByLabel('HTML to render').fill(CARD);
  await page.getByRole('button', { name: 'Render to PNG' }).click();
  await expect(page.getByTestId('result-dimensions')).toHaveText('420 × 240', { timeout: 20_000 });
  // The fitted card is shown whole, within the phone's width.
  const shown = (await page.getByTestId('rendered-picture').boundingBox())!;
  expect(shown.x + shown.width).toBeLessThanOrEqual(390);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'e2e/screenshots/html-to-image-phone.png', fullPage: true });
});
