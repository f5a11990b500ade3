import sharp from 'sharp';
import { expect, test } from './fixtures';
import { movingSquareGif } from './moving-square-gif';
import { axeProblems } from './share-fixtures';

/**
 * An animated meme shared by link (docs/decisions/0142-animated-share-links.md): a GIF uploaded to the editor, a
 * caption, Share a link in the animated export dialog; the link opens in a fresh browser with the picture as a GIF of
 * every frame, its card typed image/gif and its alt text from the caption; the dialog keeps the dashboard's record.
 */
const FRAMES = 8;

/** An 8-frame, 80 ms, looping 200 × 140 GIF: a square moving right over a changing background. */
const animatedGif = () =>
  movingSquareGif(FRAMES, 200, 140, (i) => ({
    background: [30, 60 + i * 15, 200 - i * 15],
    square: { left: 10 + i * 18, top: 50, right: 40 + i * 18, bottom: 90 },
  }));

test('an animated meme made in the editor is shared as a GIF that plays on its page in another browser', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/meme-generator');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name: 'Moving.gif', mimeType: 'image/gif', buffer: await animatedGif() });
  await expect(page.getByText('Image uploaded!')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Animated picture, ${FRAMES} frames`)).toBeVisible();
  await page.getByRole('button', { name: 'Add top and bottom text' }).click();
  await page.getByRole('textbox', { name: 'Caption 1' }).fill('IT MOVES');

  await page.getByRole('button', { name: 'Download Meme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Export Format' });
  await expect(dialog).toContainText(`${FRAMES} frames`);
  await expect(dialog.getByText('for 30 days')).toBeVisible();
  await dialog.getByRole('button', { name: 'Share a link' }).click();
  const link = dialog.getByRole('textbox', { name: 'Your link' });
  await expect(link).toHaveValue(/\/m\/[a-z0-9]{12}$/, { timeout: 60_000 });
  await expect(dialog.getByTestId('share-result')).toContainText('This link works until');
  expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
  const url = await link.inputValue();
  const id = url.split('/').pop()!;
  // The dashboard's record (ADR 0141), as the still dialog writes it.
  const record = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `memeforge.share.${id}`))!) as {
    v: number;
    token: string;
    captions: string[];
  };
  expect(record).toMatchObject({ v: 1, captions: ['IT MOVES'] });
  expect(record.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other = await context.newPage();
  expect((await other.goto(url))!.status()).toBe(200);
  const image = other.getByTestId('shared-meme');
  await expect(image).toHaveAttribute('alt', 'Meme: “IT MOVES”');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await other.locator('meta[property="og:image:type"]').getAttribute('content')).toBe('image/gif');
  const served = await context.request.get(new URL(`/api/shares/${id}/image`, url).href);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/gif');
  const meta = await sharp(await served.body(), { pages: -1 }).metadata();
  expect(meta.format).toBe('gif');
  expect(meta.pages).toBe(FRAMES);
  expect(await axeProblems(other)).toEqual([]);
  await context.close();
});
