import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeProblems, apiShare, makeShare } from './share-fixtures';
import { toastWith } from './tools-fixtures';

/**
 * 'Your share links' on the dashboard (ADR 0141): the links this browser made, from what localStorage keeps (the
 * record written by the editor, or a token alone for a link made before the list), each checked against the API.
 * Copy link, Delete (asked first; the page then answers 410), a link deleted elsewhere, a gone one removed, the
 * empty state; locked for anyone, unlocked for a member; axe clean at 1280 px light and 390 px dark.
 */
const SHOTS = 'e2e/screenshots/share-links';
// The local access code of workers/api/.dev.vars.example, which the e2e server uses.
const CODE = 'memeforge-premium';
const EMPTY = "No share links yet — make one from the editor's Download dialog.";

const kept = (page: Page, id: string) => page.evaluate((key) => localStorage.getItem(key), `memeforge.share.${id}`);
/** Keeps tokens as a browser did before the dashboard listed links: the token alone, as the whole value. */
const keepOldShape = (page: Page, entries: [string, string][]) =>
  page.evaluate((list) => {
    for (const [key, value] of list) localStorage.setItem(key, value);
  }, entries);

test('the dashboard lists the links this browser made: copy, delete, one deleted elsewhere, a gone one removed, then empty', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: /^Your share links/ });
  await expect(section.getByTestId('share-links-empty')).toHaveText(EMPTY);
  await expect(section.getByRole('link', { name: 'editor' })).toHaveAttribute('href', '/meme-generator');

  // Two links from before the list (the token alone): one since deleted through the API, one still live.
  const gone = await apiShare(page, 'an old one', 'nope-yep');
  expect(
    (await page.request.delete(`/api/shares/${gone.id}`, { headers: { 'X-Delete-Token': gone.deleteToken } })).status(),
  ).toBe(204);
  const older = await apiShare(page, 'one from before');
  // One made in the editor's Download dialog (the record), and a broken value that is ignored.
  const url = await makeShare(page);
  const id = url.split('/').pop()!;
  await keepOldShape(page, [
    [`memeforge.share.${gone.id}`, gone.deleteToken],
    [`memeforge.share.${older.id}`, older.deleteToken],
    ['memeforge.share.brokenbroken', '{"v":1,"token":'],
  ]);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Premium Dashboard Access' })).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Your share links (3)' })).toBeVisible();
  const rows = section.getByTestId('share-link');
  // Newest first; the old link's details come from its page's answer; the gone one (nothing known) last.
  await expect(rows.nth(1)).toContainText('“one from before”');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Nope / Yep meme');
  await expect(rows.nth(0)).toContainText('“writing it by hand” / “sharing a link”');
  await expect(rows.nth(0).getByTestId('share-link-dates')).toHaveText(
    /^Made [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)Works until [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
  );
  await expect(rows.nth(1)).toContainText('A meme');
  await expect(rows.nth(1).getByTestId('share-link-dates')).toContainText('Works until');
  await expect(rows.nth(2)).toContainText('Gone');
  await expect(rows.nth(2)).toContainText('This link expired or was taken down.');
  await expect(rows.nth(2).getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  // The old link now keeps its details; the broken value is left alone and not listed.
  expect(JSON.parse((await kept(page, older.id))!)).toMatchObject({
    v: 1,
    token: older.deleteToken,
    title: 'A meme',
    captions: ['one from before'],
  });
  expect(await kept(page, 'brokenbroken')).toBe('{"v":1,"token":');

  // Each live link's thumbnail is its public picture.
  const thumb = rows.nth(0).locator('img');
  await expect(thumb).toHaveAttribute('src', `/api/shares/${id}/image`);
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(rows.nth(0).getByRole('link', { name: 'Open Nope / Yep meme' })).toHaveAttribute('href', `/m/${id}`);
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/locked-desktop-light.png`, fullPage: true });

  await rows.nth(0).getByRole('button', { name: 'Copy link to Nope / Yep meme' }).click();
  await expect(section.getByTestId('share-links-said')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // Delete asks first, with the focus on Keep it; Keep it puts the question away and the focus back.
  const del = rows.nth(0).getByRole('button', { name: 'Delete Nope / Yep meme' });
  await del.click();
  const confirm = rows.nth(0).getByRole('group', { name: 'Delete Nope / Yep meme for everyone?' });
  await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/confirm-desktop-light.png` });
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(del).toBeFocused();
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Delete for everyone' }).click();
  await expect(toastWith(page, 'Link Deleted')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(section.getByRole('heading', { name: 'Your share links (2)' })).toBeFocused();
  expect(await kept(page, id)).toBeNull();
  expect((await page.request.get(url)).status()).toBe(410);
  expect((await page.request.get(`/api/shares/${id}/image`)).status()).toBe(410);

  // A link deleted elsewhere since the list was read: the 410 takes it off the list, and the dashboard says so.
  expect(
    (
      await page.request.delete(`/api/shares/${older.id}`, { headers: { 'X-Delete-Token': older.deleteToken } })
    ).status(),
  ).toBe(204);
  await rows.nth(0).getByRole('button', { name: 'Delete A meme' }).click();
  await rows.nth(0).getByRole('button', { name: 'Delete for everyone' }).click();
  await expect(toastWith(page, 'Link Already Gone')).toContainText('taken off this list');
  await expect(rows).toHaveCount(1);
  expect(await kept(page, older.id)).toBeNull();

  // A gone link is only forgotten here.
  await rows.nth(0).getByRole('button', { name: 'Remove Shared meme from this list' }).click();
  await expect(section.getByTestId('share-links-empty')).toHaveText(EMPTY);
  await expect(section.getByRole('heading', { name: 'Your share links (0)' })).toBeFocused();
  expect(await kept(page, gone.id)).toBeNull();
  await page.reload();
  await expect(section.getByTestId('share-links-empty')).toHaveText(EMPTY);
});

test("a member's links on the unlocked dashboard, on a 390 px phone in dark mode: kept until deleted", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  await page.goto('/dashboard');
  expect((await page.request.post('/api/session', { data: { accessCode: CODE } })).status()).toBe(200);
  const kept1 = await apiShare(page, 'a member keeps this one', 'nope-yep');
  expect(kept1.expiresAt).toBeNull();
  const gone = await apiShare(page, 'deleted already');
  expect(
    (await page.request.delete(`/api/shares/${gone.id}`, { headers: { 'X-Delete-Token': gone.deleteToken } })).status(),
  ).toBe(204);
  await keepOldShape(page, [
    [`memeforge.share.${kept1.id}`, kept1.deleteToken],
    [`memeforge.share.${gone.id}`, gone.deleteToken],
  ]);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Premium Dashboard', exact: true })).toBeVisible();
  const section = page.getByRole('region', { name: /^Your share links/ });
  const rows = section.getByTestId('share-link');
  await expect(rows.nth(0).getByTestId('share-link-dates')).toContainText('Kept until you delete it');
  await expect(rows.nth(1)).toContainText('Gone');
  await expect
    .poll(() =>
      rows
        .nth(0)
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeProblems(page)).toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/unlocked-mobile-dark.png`, fullPage: true });
  await section.screenshot({ path: `${SHOTS}/section-mobile-dark.png` });
  await rows.nth(0).getByRole('button', { name: 'Delete Nope / Yep meme' }).click();
  expect(await axeProblems(page)).toEqual([]);
  await section.screenshot({ path: `${SHOTS}/confirm-mobile-dark.png` });

  // A share made in another tab of this browser shows up without a reload.
  const tab = await page.context().newPage();
  await tab.goto('/about');
  const more = await apiShare(tab, 'made in another tab');
  await keepOldShape(tab, [[`memeforge.share.${more.id}`, more.deleteToken]]);
  await expect(section.getByRole('heading', { name: 'Your share links (3)' })).toBeVisible();
  await expect(rows.nth(0)).toContainText('“made in another tab”');
  await tab.close();
});
