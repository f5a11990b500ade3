import { expect, test } from './fixtures';
import { corpusFile } from './tools-fixtures';

// Screenshots for people to look at (test-results/screens): each screen at desktop and 390 px, light and dark.
const SHOTS: [string, string][] = [
  ['optimize', '/tools/optimize'],
  ['modify-crop', '/tools/modify?tab=crop'],
  ['convert', '/tools/convert'],
  ['security', '/tools/security'],
  ['dashboard', '/dashboard'],
];

for (const [name, path] of SHOTS) {
  for (const width of [1280, 390]) {
    test(`screenshot ${name} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      if (width === 390) await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
      await page.goto(path);
      if (name === 'dashboard') {
        await page.getByLabel('Access Code').fill('memeforge-premium');
        await page.getByLabel('Access Code').press('Enter');
        await expect(page.getByTestId('usage-chart')).toBeVisible();
      } else {
        await page.getByTestId('file-input').setInputFiles(name === 'convert' ? [corpusFile('photos/rocket.jpg'), corpusFile('photos/chelsea.png')] : corpusFile('photos/chelsea.png'));
        await page.waitForTimeout(500);
      }
      // Nothing may stick out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
    });
  }
}
