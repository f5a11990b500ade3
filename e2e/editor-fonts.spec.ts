import type { Page } from '@playwright/test';
import { FONT_FAMILIES } from '../core/fonts';
import { expect, test } from './fixtures';

/** A fingerprint of the meme canvas's pixels, to compare two renders of the same document. */
async function canvasPixels(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const el = document.querySelector('canvas[aria-label="Meme canvas"]') as HTMLCanvasElement;
    const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    const digest = await crypto.subtle.digest('SHA-256', data);
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  });
}

for (const family of ['Times New Roman', 'Comic Sans MS', 'Arial']) {
  test(`a caption switched to ${family} is redrawn in it as soon as it loads, as a fresh render draws it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/meme-generator');
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByRole('button', { name: '➕ Add Text' }).click();
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('MANY SMALL WORDS IN ONE CAPTION');
    const undo = page.getByRole('button', { name: 'Undo' });
    await page.getByRole('combobox', { name: 'Font', exact: true }).selectOption(family);
    await page.evaluate((f) => document.fonts.load(`400 30px "${f}"`), family);
    // The change is one undo step once recorded; undo then redo rebuilds the caption from scratch, with the font loaded.
    await expect(undo).toBeEnabled();
    await page.waitForTimeout(1500);
    // Redo leaves nothing selected: the selection's frame is cleared here too.
    await page.locator('canvas.upper-canvas').click({ position: { x: 5, y: 5 } });
    const shown = await canvasPixels(page);
    await undo.click();
    await expect.poll(() => canvasPixels(page)).not.toBe(shown);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => canvasPixels(page)).toBe(shown);
  });
}

test("the toolbar's Font and the panel's Font family offer the same fonts, in the same order", async ({ page }) => {
  await page.goto('/meme-generator');
  await page.getByRole('tab', { name: 'Text' }).click();
  await page.getByRole('button', { name: '➕ Add Text' }).click();
  const options = (name: string) => page.getByRole('combobox', { name, exact: true }).locator('option').allInnerTexts();
  const toolbar = await options('Font');
  expect(toolbar).toEqual(FONT_FAMILIES);
  expect(toolbar).toEqual(await options('Font family'));
  // Picking one of the fonts the toolbar lacked before works from the toolbar too.
  await page.getByRole('combobox', { name: 'Font', exact: true }).selectOption('Courier New');
  await expect(page.getByRole('combobox', { name: 'Font family', exact: true })).toHaveValue('Courier New');
});
