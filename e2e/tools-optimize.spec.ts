import { expect, test } from './fixtures';
import { corpusFile, decodedSize, download, expectSizeText, sniff, toastWith } from './tools-fixtures';

test.describe('Optimize', () => {
  test('compress a real photo to WebP: the card, the compare slider and the downloaded file agree', async ({ page }) => {
    const photo = corpusFile('photos/coffee.png');
    await page.goto('/tools/optimize');
    await expect(page.getByRole('tab', { name: 'Compress' })).toHaveAttribute('aria-selected', 'true');
    const compress = page.getByRole('button', { name: 'Compress Image' });
    await expect(compress).toBeDisabled();

    await page.getByTestId('file-input').setInputFiles(photo);
    await expect(page.getByTestId('file-name')).toHaveText('coffee.png');
    await expect(toastWith(page, 'Image uploaded!')).toBeVisible();

    await page.getByLabel('Quality: 80%').fill('60');
    await page.getByLabel('Output format').selectOption('webp');
    await compress.click();
    const card = page.getByTestId('result-card');
    await expect(card.getByRole('heading', { name: 'Processing Complete' })).toBeVisible({ timeout: 30_000 });
    await expect(toastWith(page, 'Image compressed successfully!')).toBeVisible();
    await expect(card.getByTestId('result-format')).toHaveText('WEBP');
    await expect(card.getByTestId('saved')).toContainText(/Saved: \d+%/);

    const file = await download(page, card.getByRole('link', { name: 'Download Optimized Image' }));
    expect(file.name).toMatch(/^optimized-\d+\.webp$/);
    expect(sniff(file.bytes)).toBe('webp');
    await expectSizeText(card.getByTestId('new-size'), file.bytes);
    const { width, height } = await decodedSize(page, file.bytes, 'image/webp');
    await expect(card.getByTestId('result-dimensions')).toHaveText(`${width} × ${height}`);

    // The compare slider moves with the keyboard.
    const slider = card.getByRole('slider', { name: 'Compare original and result' });
    await slider.focus();
    await page.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuenow', '2');

    // A new file clears the old result.
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
    await expect(page.getByTestId('result-card')).toHaveCount(0);
  });

  test('target-size mode keeps the file under the target', async ({ page }) => {
    await page.goto('/tools/optimize');
    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/chelsea.png'));
    await page.getByLabel('Target size').check();
    await page.getByLabel('Target size (KB)').fill('30');
    await page.getByLabel('Output format').selectOption('jpeg');
    await page.getByRole('button', { name: 'Compress Image' }).click();
    const card = page.getByTestId('result-card');
    await expect(card).toBeVisible({ timeout: 30_000 });
    const file = await download(page, card.getByRole('link', { name: 'Download Optimized Image' }));
    expect(file.bytes.length).toBeLessThanOrEqual(30 * 1024);
    expect(sniff(file.bytes)).toBe('jpeg');
  });

  test('?tab= opens the named tab and the URL follows tab changes; AI errors are shown', async ({ page }) => {
    await page.goto('/tools/optimize?tab=upscale');
    await expect(page.getByRole('tab', { name: 'AI Upscale' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('ai-banner')).toContainText(/\d+ \/ \d+ remaining today|Unlimited/);
    await page.getByRole('tab', { name: 'Remove Background' }).click();
    await expect(page).toHaveURL(/tab=remove-background/);
    await page.getByRole('tab', { name: 'Remove Background' }).press('ArrowLeft');
    await expect(page).toHaveURL(/tab=upscale/);

    await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
    const upscale = page.getByRole('button', { name: 'Upscale with AI' });
    await expect(upscale).toBeEnabled();
    const answer = page.waitForResponse('**/api/optimize');
    await upscale.click();
    const res = await answer;
    if (res.ok()) {
      await expect(toastWith(page, 'Image upscaled successfully!')).toBeVisible();
      await expect(page.getByTestId('result-card')).toBeVisible();
    } else {
      // Without an AI provider the server's own message is what people see.
      const body = (await res.json()) as { error: string };
      await expect(toastWith(page, 'Upscaling failed')).toContainText(body.error);
    }
  });

  test('a spent allowance swaps the controls for the upgrade prompt', async ({ page }) => {
    await page.route('**/api/usage-limit', (r) => r.fulfill({ json: { used: 10, totalLimit: 10, remaining: 0, canGenerate: false, premium: false } }));
    await page.goto('/tools/optimize?tab=remove-background');
    await expect(page.getByTestId('ai-banner')).toContainText('0 / 10 remaining today');
    await expect(page.getByTestId('upgrade-prompt')).toContainText('AI Background Removal');
    await expect(page.getByRole('button', { name: 'Remove Background' })).toHaveCount(0);
  });

  test('a non-image is refused with the spec toast', async ({ page }) => {
    await page.goto('/tools/optimize');
    await page.getByTestId('file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(toastWith(page, 'Invalid file type')).toContainText('Please upload an image file');
    await expect(page.getByTestId('file-card')).toHaveCount(0);
  });
});
