import { expect, test } from './fixtures';
import { corpusFile } from './tools-fixtures';

test('"Skip to main content" is the first Tab stop and moves focus to the main landmark', async ({ page }) => {
  await page.goto('/developers');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  // Shown while focused, so a sighted keyboard user sees where Tab went.
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab goes on from inside the page, past the header's links.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('on a tool screen focus goes to the file card once a file is picked, then to the result heading', async ({
  page,
}) => {
  await page.goto('/tools/optimize');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByTestId('file-input').setInputFiles(corpusFile('photos/coffee.png'));
  const card = page.getByTestId('file-card');
  await expect(card).toBeFocused();
  await expect(card).toHaveAccessibleName(/^Chosen image: coffee\.png, /);

  const compress = page.getByRole('button', { name: 'Compress Image' });
  await compress.focus();
  await page.keyboard.press('Enter');
  const heading = page.getByTestId('result-card').getByRole('heading', { level: 2 });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await expect(heading).toBeFocused();
});
