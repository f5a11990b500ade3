import { axe } from './axe';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { corpusFile } from './home-fixtures';

/** What share specs share (ADR 0139): a share made in the editor's export dialog or through the API, and axe. */
export const SHARE_TEMPLATE = 'nope-yep';

/** Serious or critical axe findings on the page (or inside `within`), as `rule: targets`. */
export async function axeProblems(page: Page, within?: string): Promise<string[]> {
  const builder = axe(page);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Share in the editor's Download dialog, on the Nope / Yep template with two captions; answers the link. */
export async function makeShare(page: Page, shot?: string): Promise<string> {
  await page.goto(`/meme-generator?template=${SHARE_TEMPLATE}`);
  await expect(page.getByText('Template loaded!')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Caption 1' }).fill('writing it by hand');
  await page.getByRole('textbox', { name: 'Caption 2' }).fill('sharing a link');
  await page.getByRole('button', { name: 'Download Meme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Export Format' });
  await expect(dialog.getByText('for 30 days')).toBeVisible();
  await dialog.getByRole('button', { name: 'Share a link' }).click();
  const link = dialog.getByRole('textbox', { name: 'Your link' });
  await expect(link).toHaveValue(/\/m\/[a-z0-9]{12}$/, { timeout: 30_000 });
  await expect(dialog.getByTestId('share-result')).toContainText('This link works until');
  await expect(dialog.getByTestId('share-result')).toContainText(
    'find it again under Your share links on the dashboard',
  );
  if (shot) await page.screenshot({ path: shot });
  return link.inputValue();
}

/** A share made through the API with the page's cookies (so a premium session counts): a corpus PNG and one caption. */
export async function apiShare(
  page: Page,
  caption: string,
  template?: string,
): Promise<{ id: string; deleteToken: string; expiresAt: string | null }> {
  const png = await readFile(corpusFile('formats/sample.png'));
  const res = await page.request.post('/api/shares', {
    multipart: {
      image: { name: 'meme.png', mimeType: 'image/png', buffer: png },
      ...(template ? { template } : {}),
      captions: caption,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; deleteToken: string; expiresAt: string | null };
}
