import sharp from 'sharp';
import { expect, test } from './fixtures';
import { download } from './tools-fixtures';

/** 12 frames of 120 × 80, 80 ms each, looping for ever: a bright bar moving right over a dark ground. */
async function animatedGif(): Promise<Buffer> {
  const [w, h, n] = [120, 80, 12];
  const raw = Buffer.alloc(w * h * n * 3, 40);
  for (let f = 0; f < n; f++)
    for (let y = 20; y < 60; y++) raw.fill(230, ((f * h + y) * w + f * 8) * 3, ((f * h + y) * w + f * 8 + 16) * 3);
  return sharp(raw, { raw: { width: w, height: h * n, channels: 3, pageHeight: h } })
    .gif({ delay: Array(n).fill(80), loop: 0 })
    .toBuffer();
}

test('an animated GIF on the Resize screen: the card says it is animated, and the result still animates (docs/product.md §5.1)', async ({
  page,
}) => {
  await page.goto('/tools/modify?tab=resize');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'moving.gif', mimeType: 'image/gif', buffer: await animatedGif() });
  await expect(page.getByTestId('file-animation')).toHaveText('Animated, 12 frames: the tools keep them.');
  const width = page.getByLabel('Width (px)');
  await expect(width).toHaveValue('120');
  await width.fill('60');
  await expect(page.getByLabel('Height (px)')).toHaveValue('40');
  await page.getByRole('button', { name: 'Resize Image' }).click();
  const card = page.getByTestId('result-card');
  await expect(card.getByTestId('result-frames')).toHaveText('12, animated', { timeout: 30_000 });
  await expect(card.getByTestId('result-dimensions')).toHaveText('60 × 40');
  await expect(card.getByTestId('result-notes')).toContainText(
    'All 12 frames were kept, with their timing, as an animated GIF.',
  );
  const file = await download(page, card.getByRole('link', { name: 'Download Resized Image' }));
  const meta = await sharp(file.bytes, { animated: true }).metadata();
  expect(meta).toMatchObject({ format: 'gif', width: 60, pageHeight: 40, pages: 12, loop: 0 });
  expect(meta.delay).toEqual(Array(12).fill(80));
});

test('an animated GIF on Convert: WebP keeps the frames and the result says how many; "Use the first frame only" gives a still picture', async ({
  page,
}) => {
  await page.goto('/tools/convert');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'moving.gif', mimeType: 'image/gif', buffer: await animatedGif() });
  await expect(page.getByTestId('convert-animated')).toContainText('This image is animated');
  await page.getByLabel('Output format').selectOption('webp');
  await page.getByRole('button', { name: 'Convert 1 Image to WEBP' }).click();
  let card = page.getByTestId('result-card');
  await expect(card.getByTestId('result-frames')).toHaveText('12, animated', { timeout: 30_000 });
  let file = await download(page, card.getByRole('link', { name: 'Download WEBP' }));
  expect(await sharp(file.bytes, { animated: true }).metadata()).toMatchObject({
    format: 'webp',
    pages: 12,
    pageHeight: 80,
  });

  // The choice is a real checkbox, reached and ticked with the keyboard.
  const toggle = page.getByRole('checkbox', { name: 'Use the first frame only' });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  await page.getByRole('button', { name: 'Convert 1 Image to WEBP' }).click();
  card = page.getByTestId('result-card');
  await expect(card.getByTestId('result-notes')).toContainText(
    'Only the first frame of the animation was used, as asked',
    { timeout: 30_000 },
  );
  await expect(card.getByTestId('result-frames')).toHaveCount(0);
  file = await download(page, card.getByRole('link', { name: 'Download WEBP' }));
  const still = await sharp(file.bytes, { animated: true }).metadata();
  expect(still.format).toBe('webp');
  expect(still.pages ?? 1).toBe(1);
  expect([still.width, still.height]).toEqual([120, 80]);
});

test('an animated GIF on Blur: the screen asks for the first frame before blurring instead of failing after the upload', async ({
  page,
}) => {
  await page.goto('/tools/security?tab=blur');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'moving.gif', mimeType: 'image/gif', buffer: await animatedGif() });
  await expect(page.getByTestId('file-animation')).toHaveText('Animated, 12 frames: this tool works on one picture.');
  await expect(page.getByTestId('blur-animated')).toContainText('Blur works on still pictures only');
  const apply = page.getByRole('button', { name: 'Apply Blur Protection' });
  await expect(apply).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Use the first frame only' }).check();
  await expect(page.getByTestId('file-animation')).toHaveText('Animated, 12 frames: only the first will be used.');
  await expect(page.getByTestId('blur-animated')).toHaveCount(0);
  // Selective blur needs no AI: one centred region, then the first frame is blurred as a still picture.
  await page.getByLabel('Method').selectOption('selective');
  await page.getByRole('button', { name: 'Add centre area' }).click();
  await expect(apply).toBeEnabled();
  await apply.click();
  const card = page.getByTestId('result-card');
  await expect(card.getByTestId('security-result')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('result-frames')).toHaveCount(0);
});
