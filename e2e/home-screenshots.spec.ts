import { expect, test } from './fixtures';
import { fakeCatalog, serveTemplates } from './home-fixtures';

// Full-page shots of the home page for people to look at (e2e/screenshots/ is gitignored); they assert only that the
// page rendered with its carousel, so a visual review is still needed.
for (const [label, width, height] of [
  ['desktop', 1280, 800],
  ['mobile', 390, 844],
] as const) {
  for (const dark of [false, true]) {
    test(`home screenshot, ${label}, ${dark ? 'dark' : 'light'}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await serveTemplates(page, fakeCatalog(16));
      if (dark) await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
      await page.goto('/');
      await expect(page.getByTestId('carousel-tile')).toHaveCount(8);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `e2e/screenshots/home-${label}-${dark ? 'dark' : 'light'}.png`, fullPage: true });
    });
  }
}
