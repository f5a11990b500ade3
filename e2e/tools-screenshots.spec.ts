import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { themePairs } from './theme-pairs';
import { corpusFile } from './tools-fixtures';

// Screenshots for people to look at (test-results/screens): each screen after real work (a result on the tool
// screens, real activity on the dashboard), at desktop and 390 px, light and dark.

async function optimize(page: Page) {
  await page.getByTestId('file-input').setInputFiles(corpusFile('photos/chelsea.png'));
  await page.getByLabel('Output format').selectOption('webp');
  await page.getByRole('button', { name: 'Compress Image' }).click();
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
}

/** Background removal answers a transparent PNG, or (without the offline program) the note that says why not. */
async function removeBackground(page: Page) {
  await page.getByTestId('file-input').setInputFiles(corpusFile('photos/chelsea.png'));
  await page.getByRole('button', { name: 'Remove Background' }).click();
  await expect(page.getByTestId('result-card').or(page.getByTestId('ai-error'))).toBeVisible({ timeout: 100_000 });
}

async function crop(page: Page) {
  await page.getByTestId('file-input').setInputFiles(corpusFile('photos/chelsea.png'));
  await page.getByRole('button', { name: '16:9' }).click();
  await page.getByRole('button', { name: 'Crop Image' }).click();
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
}

async function convert(page: Page) {
  await page
    .getByTestId('file-input')
    .setInputFiles([
      corpusFile('photos/rocket.jpg'),
      corpusFile('photos/chelsea.png'),
      corpusFile('formats/sample.webp'),
    ]);
  await page.getByRole('button', { name: 'Convert 3 Images to PNG' }).click();
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 60_000 });
}

async function security(page: Page) {
  await page.getByTestId('file-input').setInputFiles(corpusFile('photos/chelsea.png'));
  await page.getByLabel('Watermark text').fill('© 2026 Ada');
  await page.getByRole('button', { name: 'Add Watermark' }).click();
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 30_000 });
}

/** Unlocks, then makes real activity through the API (two saved memes, two AI upscales) and reloads. */
async function dashboard(page: Page) {
  await page.getByLabel('Access Code').fill('memeforge-premium');
  await page.getByLabel('Access Code').press('Enter');
  await expect(page.getByRole('heading', { name: 'Premium Dashboard', exact: true })).toBeVisible();
  const png = await readFile(corpusFile('formats/sample.png'));
  for (const filename of ['Monday mood', 'When the build passes']) {
    const res = await page.request.post('/api/download-meme', {
      data: { canvasData: `data:image/png;base64,${png.toString('base64')}`, filename, format: 'png' },
    });
    expect(res.status()).toBe(201);
  }
  for (let i = 0; i < 2; i++) {
    const res = await page.request.post('/api/optimize', {
      multipart: {
        operation: 'upscale',
        factor: '2',
        image: { name: 'sample.png', mimeType: 'image/png', buffer: png },
      },
    });
    expect(res.status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByTestId('saved-meme')).toHaveCount(2);
  await expect(page.getByRole('progressbar', { name: 'Monthly AI operations' })).toHaveAttribute('aria-valuenow', '2');
}

const SHOTS: [string, string, (page: Page) => Promise<void>][] = [
  ['optimize', '/tools/optimize', optimize],
  ['optimize-remove-background', '/tools/optimize?tab=remove-background', removeBackground],
  ['modify-crop', '/tools/modify?tab=crop', crop],
  ['convert', '/tools/convert', convert],
  ['security', '/tools/security', security],
  ['dashboard', '/dashboard', dashboard],
];

// The light and dark pictures of a screen at a width look at one page (ADR 0197): the dark test takes the light test's
// page after its work and turns it dark with the header's switch, instead of uploading and processing again.
const pairs = themePairs();
for (const [name, path, act] of SHOTS) {
  for (const width of [1280, 390]) {
    const key = `${name}-${width}`;
    const prepare = async (page: Page) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await act(page);
    };
    const picture = async (page: Page, theme: 'light' | 'dark') => {
      // Nothing may stick out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The header is sticky: scrolled, it would be drawn in the middle of a full-page picture.
      await page.evaluate(() => window.scrollTo(0, 0));
      // Toasts come and go; they would cover part of the page in a still picture.
      await page.screenshot({
        path: `test-results/screens/${name}-${width}-${theme}.png`,
        fullPage: true,
        style: '[data-sonner-toaster] { display: none !important; }',
      });
    };
    test(`screenshot ${name} at ${width}px (light)`, async ({ browser }) => {
      test.setTimeout(120_000);
      await picture(await pairs.light(browser, key, prepare), 'light');
    });
    test(`screenshot ${name} at ${width}px (dark)`, async ({ browser }) => {
      test.setTimeout(120_000);
      await picture(await pairs.dark(browser, key, prepare), 'dark');
      await pairs.done(key);
    });
  }
}
