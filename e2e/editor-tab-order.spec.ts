import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mockTemplates, openTestTemplate } from './editor-fixtures';

/**
 * The editor's Tab order follows what is seen (WCAG 2.4.3). On a wide screen the text style bar is drawn first,
 * under the top bar and over the canvas, so Tab reaches it right after the top bar's five controls (Upload, Download
 * Meme, Share, the dark-mode switch, Close Editor), not after the captions and the whole left panel. On a phone the
 * bar is drawn under the left panel and the Tab order goes down the screen as it is drawn.
 */
declare global {
  interface Window {
    __MEMEFORGE_BENCH__?: boolean;
    __tabPath?: Element[];
  }
}

/**
 * Presses Tab from the editor's heading until the focus leaves the editor (or the stop named `until` is focused),
 * keeping each stop in `window.__tabPath`. Returns the stops' names (the aria-label, else the label, else the text),
 * "tab:" before a tab's and "toolbar:" before those inside the text style bar.
 */
async function tabFromHeading(page: Page, until?: string, max = 200): Promise<string[]> {
  await page.getByRole('heading', { name: 'Memeforge Editor', level: 1 }).focus();
  await page.evaluate(() => (window.__tabPath = []));
  const names: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body || !el.closest('[aria-label="Meme editor"]')) return null;
      window.__tabPath!.push(el);
      const label =
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.firstChild?.textContent?.trim() ??
        el.textContent?.trim().slice(0, 30);
      const prefix = el.closest('[role="toolbar"][aria-label="Text style"]')
        ? 'toolbar:'
        : el.getAttribute('role') === 'tab'
          ? 'tab:'
          : '';
      return `${prefix}${label}`;
    });
    if (name === null) break;
    names.push(name);
    if (name === until) break;
  }
  return names;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => (window.__MEMEFORGE_BENCH__ = true));
  await mockTemplates(page);
});

test('at 1280×800 Tab reaches the text style bar right after the top bar, before the canvas, captions and panels', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTestTemplate(page);
  // Nothing selected: the bar's text controls are disabled and skipped, and its first stop is Auto Crop.
  expect(await tabFromHeading(page, 'toolbar:✂️ Auto Crop', 60)).toHaveLength(6);
  // A selected caption: the bar's Font and the rest are enabled.
  await page.getByRole('list', { name: 'Layers' }).getByRole('button', { name: 'text layer: Text 1' }).click();
  const font = page.getByRole('combobox', { name: 'Font', exact: true });
  await expect(font).toBeEnabled();
  const path = await tabFromHeading(page, 'toolbar:Font', 60);
  console.log(`1280×800, heading → Font: ${path.length} Tabs: ${path.join(' → ')}`);
  await expect(font).toBeFocused();
  // The top bar's five controls, then the bar's first control.
  expect(path).toEqual(['Upload', 'Download Meme', 'Share', 'Switch to dark mode', 'Close Editor', 'toolbar:Font']);

  // The whole order: the bar, then the canvas and its captions, then the left panel, then Insert and Layers.
  const all = await tabFromHeading(page);
  const at = (name: string) => all.indexOf(name);
  for (const name of ['toolbar:✂️ Auto Crop', 'Canvas', 'Caption 1', 'tab:Text', 'Add Text Layer'])
    expect(at(name)).not.toBe(-1);
  expect(at('toolbar:Font')).toBeLessThan(at('Canvas'));
  expect(at('toolbar:✂️ Auto Crop')).toBeLessThan(at('Canvas'));
  expect(at('Canvas')).toBeLessThan(at('Caption 1'));
  expect(at('Caption 1')).toBeLessThan(at('tab:Text'));
  expect(all.filter((n) => n.startsWith('toolbar:')).length).toBeGreaterThan(0);
  const lastInBar = all.findLastIndex((n) => n.startsWith('toolbar:'));
  expect(lastInBar).toBeLessThan(at('Canvas'));

  // The window narrowed to a phone's and widened again: the bar goes under the left panel and back on top.
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await tabFromHeading(page);
  expect(phone.indexOf('toolbar:Font')).toBeGreaterThan(phone.indexOf('Add Text Layer'));
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await tabFromHeading(page, 'toolbar:Font', 60)).toHaveLength(6);
});

test('at 390×844 Tab goes down the screen as it is drawn: canvas, captions, left panel, style bar, Insert, Layers', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTestTemplate(page);
  await page.getByRole('list', { name: 'Layers' }).getByRole('button', { name: 'text layer: Text 1' }).click();
  const path = await tabFromHeading(page);
  console.log(`390×844, ${path.length} stops: ${path.join(' → ')}`);
  // Where each stop is drawn with nothing scrolled (the sticky canvas block at its own place): Tab never goes back up
  // the screen, save to the left within one row (a row's controls may differ in height by a few pixels).
  const scroller = page.getByRole('region', { name: 'Canvas' });
  await scroller.evaluate((el) => el.closest('.sticky')!.parentElement!.scrollTo(0, 0));
  const tops = await page.evaluate(() => window.__tabPath!.map((el) => Math.round(el.getBoundingClientRect().top)));
  const backwards = tops
    .map((top, i) => ({ from: path[i - 1], to: path[i], rise: i === 0 ? 0 : tops[i - 1]! - top }))
    .filter((s) => s.rise > 12);
  expect(backwards).toEqual([]);
  // (The walk goes down the whole scrolled column, well past the first screen.)
  expect(tops.at(-1)!).toBeGreaterThan(844);
  // The AI captions button and the Text field come right after the captions, before the style bar.
  const at = (name: string) => path.indexOf(name);
  expect(at('Caption 2')).toBeLessThan(at('Text'));
  expect(at('Text')).toBeLessThan(at('toolbar:Font'));
});

test('at 390×844 no Tab stop is hidden under the sticky canvas block, going down or back up (WCAG 2.4.11)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTestTemplate(page);
  await page.getByRole('tab', { name: 'Text' }).click();
  await page.getByRole('heading', { name: 'Memeforge Editor', level: 1 }).focus();
  /** The focused control, when it is in the scrolled column and its top is under the sticky block's bottom. */
  const hidden = () =>
    page.evaluate(() => {
      const el = document.activeElement!;
      const sticky = document.querySelector('[aria-label="Canvas"]')!.closest('.sticky')!;
      if (!sticky.parentElement!.contains(el) || sticky.contains(el)) return null;
      const under = Math.round(sticky.getBoundingClientRect().bottom - el.getBoundingClientRect().top);
      return under > 0 ? `${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)} (${under} px)` : null;
    });
  const seen: string[] = [];
  // Down the whole column (about 60 stops), then back up to the captions.
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press(key);
      const name = await hidden();
      if (name) seen.push(`${key}: ${name}`);
    }
  }
  expect(seen).toEqual([]);
});
