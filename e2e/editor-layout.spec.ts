import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The editor's layout (ADR 0160) at the three windows of a new user's walk, in one page resized between them: the
 * text controls and AI captions come first in the left panel, the canvas takes the middle of a laptop's window,
 * toasts cover no field, Share is in the top bar, and the focus starts on the editor's heading. The layout follows
 * the window's width only (Tailwind's breakpoints and the canvas's fit), so a resized page is what a phone shows.
 * Opened on the built-in Two Buttons, a tall template: the hardest case for the canvas's size. Axe runs on the same
 * screens in editor-a11y.spec.ts (1440 × 900 and 390 × 844, light and dark).
 */
// The laptop first: the canvas is measured as a laptop opens it (a picture is fitted to the window it loads in).
const SIZES = [
  { width: 1366, height: 657 },
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const SHOTS = 'e2e/screenshots/editor';
const FIELDS = 'input:not([type=hidden]):not([type=file]), textarea, select';

/**
 * The fields (inputs, text areas, selects) a toast covers, by their names: those under its box that would be seen
 * there without it (a field scrolled under the phone's sticky canvas is hidden anyway).
 */
async function fieldsUnder(page: Page, over: Locator): Promise<string[]> {
  const box = (await over.boundingBox())!;
  return page.evaluate(
    ({ box, selector }) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          if (r.width < 2 || r.height < 2) return false;
          const left = Math.max(r.left, box.x);
          const right = Math.min(r.right, box.x + box.width);
          const top = Math.max(r.top, box.y);
          const bottom = Math.min(r.bottom, box.y + box.height);
          if (left >= right || top >= bottom) return false;
          const under = document
            .elementsFromPoint((left + right) / 2, (top + bottom) / 2)
            .find((e) => !e.closest('[data-sonner-toaster]'));
          return under !== undefined && (under === el || el.contains(under));
        })
        .map((el) => el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.tagName),
    { box, selector: FIELDS },
  );
}

/** A toast, once it rests (it slides in for 0.4 s), covers no field. */
async function toastClear(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => fieldsUnder(page, toast)).toEqual([]);
}

test('at 1366×657, 1280×800 and 390×844, light and dark: text tools first, the canvas in the middle, toasts clear of fields, Share in the top bar', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(SIZES[0]);
  await page.goto('/meme-generator?template=two-buttons');
  await expect(page.getByText('Template loaded!')).toBeVisible({ timeout: 30_000 });
  // The focus starts on the editor, not on the page's body.
  await expect(page.getByRole('heading', { name: 'Memeforge Editor', level: 1 })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  // Caption 1 is the left button's (it sits lower than the right one's), its example only a placeholder.
  await expect(page.getByRole('textbox', { name: 'Caption 1' })).toHaveAttribute('placeholder', 'sleep');
  await expect(page.getByRole('textbox', { name: 'Caption 1' })).toHaveValue('');

  const ai = page.getByRole('button', { name: '✨ AI captions' });
  const text = page.getByRole('textbox', { name: 'Text', exact: true });
  for (const dark of [false, true]) {
    if (dark)
      await page
        .getByRole('region', { name: 'Meme editor' })
        .getByRole('button', { name: 'Switch to dark mode' })
        .click();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const phone = size.width < 1024;
      // The canvas re-fits to its room: wait for it to settle inside the window.
      const frame = page.getByTestId('canvas-frame');
      await expect.poll(async () => (await frame.boundingBox())!.width).toBeLessThanOrEqual(size.width);
      await expect(page.getByRole('textbox', { name: 'Caption 1' })).toBeInViewport({ ratio: 1 });
      // Nothing scrolled: AI captions and the text panel are in the first screen, beside the canvas or (a phone)
      // right under the canvas and its captions, which stay at the top while the rest scrolls under them.
      const controls = phone
        ? [ai, text]
        : [
            ai,
            text,
            page.getByRole('combobox', { name: 'Font family' }),
            page.getByRole('button', { name: 'Add Text Layer' }),
          ];
      for (const el of controls) await expect(el).toBeInViewport({ ratio: 1 });
      if (phone) {
        const sticky = await page
          .getByRole('region', { name: 'Canvas' })
          .evaluate((el) => el.closest('.sticky')!.getBoundingClientRect().bottom);
        expect((await ai.boundingBox())!.y).toBeGreaterThanOrEqual(sticky);
      }
      if (size.width === 1366) {
        const stage = (await page.getByRole('region', { name: 'Canvas' }).boundingBox())!;
        const box = (await frame.boundingBox())!;
        const share = (box.width * box.height) / (size.width * size.height);
        console.log(
          `1366×657: canvas ${Math.round(box.width)} × ${Math.round(box.height)} (was 227 × 344), ${Math.round((box.width / size.width) * 100)}% of the width, ` +
            `${Math.round(share * 100)}% of the area; its column ${Math.round(stage.width)} px`,
        );
        expect(stage.width).toBeGreaterThan(size.width / 2);
        expect(box.width).toBeGreaterThanOrEqual(size.width / 5);
        // At least a fifth of the window (Undo, Redo and the zoom stand in a column at the canvas's left).
        expect(box.width * box.height).toBeGreaterThanOrEqual((size.width * size.height) / 5);
      }
      await page.screenshot({ path: `${SHOTS}/layout-${size.width}x${size.height}-${dark ? 'dark' : 'light'}.png` });
    }
  }

  // Toasts rest over the canvas's top margin, at each size: a toolbar's, a panel's, and one from a phone's panel
  // scrolled down (the last also says where the caption ideas came from: offline, the caption bank).
  await page.setViewportSize(SIZES[0]);
  await page.getByRole('button', { name: '✂️ Auto Crop' }).click();
  await toastClear(page, 'Auto-cropped!');
  await page.setViewportSize(SIZES[1]);
  await page.getByRole('button', { name: '➕ Add Text' }).click();
  await toastClear(page, 'Text Added!');
  await page.setViewportSize(SIZES[2]);
  await page.getByRole('heading', { name: 'Layers' }).scrollIntoViewIfNeeded();
  await ai.click();
  await toastClear(page, 'Caption ideas ready');
  await page.screenshot({ path: `${SHOTS}/layout-toast-390x844.png` });

  // Share in the phone's top bar opens the share flow: the link first, made in one press, the focus back on Share.
  await page.getByRole('textbox', { name: 'Caption 1' }).fill('sharing');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share your meme' });
  await expect(dialog.getByRole('button', { name: 'Share a link' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('textbox', { name: 'Your link' })).toHaveValue(/\/m\/[a-z0-9]{12}$/, {
    timeout: 30_000,
  });
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeFocused();
  // Download Meme still opens the download first.
  await page.getByRole('button', { name: 'Download Meme' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Choose Export Format' }).getByRole('button', { name: /^Download / }),
  ).toBeFocused();
});
