import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { FREE_DAILY_AI_LIMIT } from '../core/limits';
import { expect, test } from './fixtures';
import { corpusFile, download } from './tools-fixtures';

// Fill keeps the subject by default (ADR 0136): faces found by the real offline detector (local-ai) frame the crop,
// the preview's frame moves to the window the server kept, and Centre stays a choice.

/** Where the astronaut's face is in the 512×512 corpus photo (by eye, as in local-ai/models.test.ts). */
const FACE = { x: 175, y: 85, width: 95, height: 100 };
const LEFT = 140;

/** The astronaut portrait cut at x 140, so her face is near the left edge (a temporary file, never in the repo). */
async function faceNearTheEdge(): Promise<string> {
  const png = await sharp(corpusFile('photos/astronaut.png'))
    .extract({ left: LEFT, top: 0, width: 512 - LEFT, height: 512 })
    .png()
    .toBuffer();
  const path = join(await mkdtemp(join(tmpdir(), 'memeforge-e2e-')), 'astronaut-left.png');
  await writeFile(path, png);
  return path;
}

/** The preview frame's rectangle in the photo's pixels, read from its style (percentages of the photo). */
async function frameOf(page: Page, natural: { width: number; height: number }) {
  const style = await page
    .getByTestId('resize-frame')
    .evaluate((el) => ({ left: el.style.left, top: el.style.top, width: el.style.width, height: el.style.height }));
  const px = (v: string, of: number) => Math.round((parseFloat(v) / 100) * of);
  return {
    x: px(style.left, natural.width),
    y: px(style.top, natural.height),
    width: px(style.width, natural.width),
    height: px(style.height, natural.height),
  };
}

const holds = (w: { x: number; y: number; width: number; height: number }, r: typeof w) =>
  r.x >= w.x && r.y >= w.y && r.x + r.width <= w.x + w.width && r.y + r.height <= w.y + w.height;

test('a 1:3 Fill of a photo with the face near the edge keeps the whole face; the preview shows the server’s window', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const natural = { width: 512 - LEFT, height: 512 };
  const face = { ...FACE, x: FACE.x - LEFT };
  await page.goto('/tools/modify?tab=resize');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByTestId('file-input').setInputFiles(await faceNearTheEdge());
  await expect(page.getByLabel('Width (px)')).toHaveValue(String(natural.width));
  await page.getByLabel('Width (px)').fill('200');
  await page.getByLabel('Height (px)').fill('600');
  await expect(page.getByTestId('resize-outcome')).toHaveText('Result: 200 × 600 px, edges cropped to fill');
  // Keeping the subject is the default; before the run the frame is the browser's estimate, and says so.
  await expect(page.getByRole('radio', { name: 'Keep the subject' })).toBeChecked();
  const preview = page.getByTestId('resize-preview');
  await expect(preview).toHaveAttribute('data-framing', 'estimate');
  await expect(page.getByTestId('resize-frame-note')).toContainText('an estimate from detail');

  await page.getByRole('button', { name: 'Resize Image' }).click();
  const card = page.getByTestId('result-card');
  await expect(card.getByTestId('result-dimensions')).toHaveText('200 × 600', { timeout: 60_000 });
  await expect(card).toContainText('Cropped to fill 200×600, keeping the face in frame.');
  await expect(preview).toHaveAttribute('data-framing', 'faces');
  await expect(page.getByTestId('resize-frame-note')).toHaveText(
    'The frame is where the server cropped: on the faces.',
  );
  const frame = await frameOf(page, natural);
  expect(holds(frame, face), JSON.stringify({ frame, face })).toBe(true);

  // The downloaded picture is that window of the photo, not the centred one (both compared at 50×150, where two
  // scalers' differences are small).
  const file = await download(page, card.getByRole('link', { name: 'Download Resized Image' }));
  const photo = await sharp(corpusFile('photos/astronaut.png'))
    .extract({ left: LEFT, top: 0, width: natural.width, height: natural.height })
    .toBuffer();
  const small = (b: Buffer) => sharp(b).resize(50, 150, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const cut = async (w: typeof frame) =>
    small(await sharp(photo).extract({ left: w.x, top: w.y, width: w.width, height: w.height }).toBuffer());
  const got = await small(file.bytes);
  const diff = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
  const centredWindow = {
    x: Math.floor((natural.width - frame.width) / 2),
    y: 0,
    width: frame.width,
    height: frame.height,
  };
  const [toFrame, toCentre] = [diff(got, await cut(frame)), diff(got, await cut(centredWindow))];
  expect(toFrame, JSON.stringify({ toFrame, toCentre })).toBeLessThan(4);
  expect(toCentre).toBeGreaterThan(toFrame * 3);
  await page.screenshot({ path: info.outputPath('resize-faces-1280.png'), fullPage: true });
  await writeFile(info.outputPath('result-200x600.png'), file.bytes);

  // Centre: the frame is centred again (and cuts the face), labelled as no estimate.
  await page.getByText('Centre', { exact: true }).click();
  await expect(preview).toHaveAttribute('data-position', 'centre');
  const centred = await frameOf(page, natural);
  expect(holds(centred, face)).toBe(false);
  await page.getByText('Keep the subject').click();
  await expect(preview).toHaveAttribute('data-framing', 'faces');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(preview)
    .toBeInViewport({ ratio: 0.5 })
    .catch(() => undefined);
  await page.screenshot({ path: info.outputPath('resize-faces-390.png'), fullPage: true });
});

test('a photo with no face is framed on its most detailed part, and the result says so', async ({ page }) => {
  await page.goto('/tools/modify?tab=resize');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
  await expect(page.getByLabel('Width (px)')).toHaveValue('640');
  await page.getByRole('button', { name: /Instagram Story/ }).click();
  const preview = page.getByTestId('resize-preview');
  await expect(page.getByRole('radio', { name: 'Keep the subject' })).toBeChecked();
  await expect(preview).toHaveAttribute('data-position', 'smart');
  await page.getByRole('button', { name: 'Resize Image' }).click();
  const card = page.getByTestId('result-card');
  await expect(card.getByTestId('result-dimensions')).toHaveText('1080 × 1920', { timeout: 30_000 });
  await expect(card).toContainText('Cropped to fill 1080×1920, keeping the most detailed part.');
  await expect(preview).toHaveAttribute('data-framing', 'detail');
  // Centre puts the frame in the middle, and Fit shows no position choice.
  await page.getByText('Centre', { exact: true }).click();
  await expect(preview).toHaveAttribute('data-position', 'centre');
  await page.getByText('Fit (add borders)').click();
  await expect(page.getByRole('radio', { name: 'Keep the subject' })).toHaveCount(0);
});

test('looking for faces spends one of the day’s AI operations; past them the crop keeps the detail and the screen says why', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const used = async () => ((await (await page.request.get('/api/usage-limit')).json()) as { used: number }).used;
  await page.goto('/tools/modify?tab=resize');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const photo = await faceNearTheEdge();
  await page.getByTestId('file-input').setInputFiles(photo);
  await expect(page.getByLabel('Width (px)')).toHaveValue(String(512 - LEFT));
  await page.getByLabel('Width (px)').fill('200');
  await page.getByLabel('Height (px)').fill('600');
  await expect(page.getByTestId('resize-faces-cost')).toHaveText(
    `Looking for faces uses one of your ${FREE_DAILY_AI_LIMIT} free AI operations a day; when they are used up, the crop keeps the most detailed part instead, at no cost.`,
  );
  // A fresh browser: locally the allowance counts on its cookie alone (ADR 0148).
  const before = await used();
  expect(before).toBe(0);
  const card = page.getByTestId('result-card');
  await page.getByRole('button', { name: 'Resize Image' }).click();
  await expect(card).toContainText('Cropped to fill 200×600, keeping the face in frame.', { timeout: 60_000 });
  expect(await used()).toBe(before + 1);

  // The rest of the day's operations, spent by the same browser (smart crops of the same photo through the API).
  const bytes = await readFile(photo);
  while ((await used()) < FREE_DAILY_AI_LIMIT) {
    const res = await page.request.post('/api/modify', {
      multipart: {
        image: { name: 'photo.png', mimeType: 'image/png', buffer: bytes },
        operation: 'resize',
        width: '200',
        height: '600',
        fit: 'cover',
      },
    });
    expect(res.status()).toBe(200);
  }
  await page.getByRole('button', { name: 'Resize Image' }).click();
  await expect(card).toContainText(
    `Faces were not looked for: today’s ${FREE_DAILY_AI_LIMIT} free AI operations are used up; they come back at midnight UTC. The crop keeps the most detailed part instead, which costs nothing.`,
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('resize-preview')).toHaveAttribute('data-framing', 'detail');
  expect(await used()).toBe(FREE_DAILY_AI_LIMIT);
});
