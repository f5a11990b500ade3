import { axe } from './axe';
import { expect, test, type Page } from './fixtures';
import { mockTemplates, mockUsage, openTestTemplate } from './editor-fixtures';
import { nextUtcMidnight } from './tools-fixtures';

const serious = async (page: Page) => {
  // As in tools-a11y.spec.ts: toasts come and go during the run, and one caught mid-fade has translucent text that
  // axe measures as low contrast (a flaky failure seen here); the toaster is checked by its owner.
  const { violations } = await axe(page).exclude('[data-sonner-toaster]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

for (const dark of [false, true]) {
  test(`the editor has no serious or critical accessibility violations (${dark ? 'dark' : 'light'})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await mockTemplates(page);
    await mockUsage(page, {
      used: 8,
      totalLimit: 10,
      remaining: 2,
      canGenerate: true,
      premium: false,
      resetsAt: nextUtcMidnight(),
    });
    if (dark) await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await openTestTemplate(page);
    // A text layer selected, so the style controls are enabled and checked too.
    await page.getByRole('button', { name: '➕ Add Text' }).click();
    expect(await serious(page)).toEqual([]);
    // The AI tab with the low-allowance warning.
    await page.getByRole('tab', { name: 'AI ✨' }).click();
    await expect(page.getByText('2 AI operations remaining today')).toBeVisible();
    expect(await serious(page)).toEqual([]);
    await page.getByRole('button', { name: 'Download Meme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Export Format' });
    // Measured sizes and the format choice, as a person sees them.
    await expect(dialog.getByTestId('size-webp')).toHaveText(/\d/);
    expect(await serious(page)).toEqual([]);
    await page.screenshot({ path: `e2e/screenshots/editor/export-dialog-${dark ? 'dark' : 'light'}.png` });
  });
}

for (const dark of [false, true]) {
  test(`the editor at 390 × 844 has no serious or critical accessibility violations (${dark ? 'dark' : 'light'})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await mockTemplates(page);
    if (dark) await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await openTestTemplate(page);
    // The captions list under the canvas, with a caption selected.
    await page.getByRole('textbox', { name: 'Caption 1' }).focus();
    expect(await serious(page)).toEqual([]);
    await page.getByRole('button', { name: 'Download Meme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Export Format' });
    await expect(dialog.getByTestId('size-webp')).toHaveText(/\d/);
    expect(await serious(page)).toEqual([]);
    await page.screenshot({ path: `e2e/screenshots/editor/export-dialog-phone-${dark ? 'dark' : 'light'}.png` });
  });
}
