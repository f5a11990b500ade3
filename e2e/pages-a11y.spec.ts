import { axe } from './axe';
import { expect, test, type Page } from './fixtures';
import { fakeCatalog, serveTemplates } from './home-fixtures';
import { themePairs } from './theme-pairs';

// No serious or critical axe violations on the front door, in light and dark, with the carousel populated. The dark
// test scans the light test's page turned dark (e2e/theme-pairs.ts).
const pairs = themePairs();
const visit = (path: string) => async (page: Page) => {
  await serveTemplates(page, fakeCatalog(16));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(path);
};

for (const path of ['/', '/pricing', '/how-to/upload-image-meme', '/no-such-page']) {
  for (const dark of [false, true]) {
    test(`${path} has no serious or critical accessibility violations (${dark ? 'dark' : 'light'})`, async ({
      browser,
    }) => {
      const page = await (dark ? pairs.dark : pairs.light)(browser, path, visit(path));
      if (path === '/') await expect(page.getByTestId('carousel-tile')).toHaveCount(8);
      const { violations } = await axe(page).analyze();
      const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      if (dark) await pairs.done(path);
    });
  }
}

test('the Get Started dialog has no serious or critical violations', async ({ page }) => {
  await serveTemplates(page, []);
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const { violations } = await axe(page).include('[role="dialog"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
