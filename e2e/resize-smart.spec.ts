import { expect, test } from './fixtures';
import { corpusFile } from './tools-fixtures';

// Fill's "Which part to keep" (ADR 0134): the frame moves to the window the server takes, and the server says so.
test('resize to Fill keeping the subject: the preview frames it and the result says so', async ({ page }) => {
  await page.goto('/tools/modify?tab=resize');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
  await expect(page.getByLabel('Width (px)')).toHaveValue('640');
  await page.getByRole('button', { name: /Instagram Story/ }).click();
  const preview = page.getByTestId('resize-preview');
  await expect(page.getByRole('radio', { name: 'Centre' })).toBeChecked();
  await expect(preview).toHaveAttribute('data-position', 'centre');
  await page.getByText('Keep the subject').click();
  await expect(page.getByRole('radio', { name: 'Keep the subject' })).toBeChecked();
  await expect(preview).toHaveAttribute('data-position', 'smart');
  await page.getByRole('button', { name: 'Resize Image' }).click();
  const card = page.getByTestId('result-card');
  await expect(card.getByTestId('result-dimensions')).toHaveText('1080 × 1920', { timeout: 30_000 });
  await expect(card).toContainText('Cropped to fill 1080×1920, keeping the most detailed part.');
  // Back to the centre: the frame is centred again, and Fit shows no position choice.
  await page.getByText('Centre', { exact: true }).click();
  await expect(preview).toHaveAttribute('data-position', 'centre');
  await page.getByText('Fit (add borders)').click();
  await expect(page.getByRole('radio', { name: 'Keep the subject' })).toHaveCount(0);
});
