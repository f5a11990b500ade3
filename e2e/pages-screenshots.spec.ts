import { expect, test } from './fixtures';
import { serveTemplates } from './home-fixtures';

// Shots of the other front-door pages for a visual review (e2e/screenshots/ is gitignored).
const SHOTS: { name: string; path: string; width: number; dark: boolean; dialog?: boolean }[] = [
  { name: 'pricing-desktop-dark', path: '/pricing', width: 1280, dark: true },
  { name: 'pricing-mobile-light', path: '/pricing', width: 390, dark: false },
  { name: 'guide-mobile-dark', path: '/how-to/upload-image-meme', width: 390, dark: true },
  { name: 'get-started-mobile-light', path: '/', width: 390, dark: false, dialog: true },
];

for (const shot of SHOTS) {
  test(`screenshot ${shot.name}`, async ({ page }) => {
    await page.setViewportSize({ width: shot.width, height: 844 });
    await serveTemplates(page, []);
    if (shot.dark) await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await page.goto(shot.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (shot.dialog) {
      await page.getByRole('button', { name: 'Get Started' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    }
    await page.screenshot({ path: `e2e/screenshots/${shot.name}.png`, fullPage: !shot.dialog });
  });
}
