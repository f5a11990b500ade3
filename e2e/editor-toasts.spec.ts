import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { drawTemplatePng } from './editor-fixtures';

/**
 * Toasts (app/lib/toast.ts) belong to the page that raised them and never cover an open dialog: the home page's
 * "Redirecting to editor..." covered the top caption on a phone for seconds, and "Shape Added!" the export dialog.
 */
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/** Whether each point of `target` (its centre and the centre of its top edge) shows `target` itself, not something above it. */
async function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + r.width / 2, r.top + 2],
      [r.left + 8, r.top + r.height / 2],
    ].every(([x, y]) => {
      const top = document.elementFromPoint(x!, y!);
      return top !== null && (el === top || el.contains(top));
    });
  });
}

test('the home page\'s "Redirecting to editor..." toast does not follow into the editor on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page
    .getByLabel('Choose an image to upload')
    .setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: await drawTemplatePng() });
  await expect(toasts(page).filter({ hasText: 'Redirecting to editor...' })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/meme-generator');
  // Gone as the editor opens, not 4 s later over the top caption.
  await expect(toasts(page).filter({ hasText: 'Redirecting to editor...' })).toHaveCount(0, { timeout: 1000 });
  await expect(page.locator('canvas[aria-label="Meme canvas"]')).toBeVisible();
});

for (const viewport of [
  { width: 1400, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`no toast covers the export dialog at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/meme-generator');
    await page.getByRole('button', { name: 'Star', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'Shape Added!' })).toBeVisible();
    await page.getByRole('button', { name: 'Download Meme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Export Format' });
    await expect(dialog).toBeVisible();
    // A modal dialog turns pointer events off outside it, which hit-testing skips: toasts are made hittable again.
    await page.addStyleTag({ content: '[data-sonner-toast] { pointer-events: auto !important; }' });
    const parts = [
      dialog.getByRole('heading', { name: 'Choose Export Format' }),
      ...['PNG', 'JPG', 'WebP'].map((f) =>
        dialog.locator('label').filter({ has: page.getByRole('radio', { name: new RegExp(`^${f}`) }) }),
      ),
    ];
    for (const part of parts) expect(await uncovered(part)).toBe(true);
    await page.screenshot({ path: `e2e/screenshots/editor/export-dialog-after-toast-${viewport.width}.png` });
  });
}
