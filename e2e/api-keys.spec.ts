import { readFile } from 'node:fs/promises';
import { axe } from './axe';
import type { Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { expect, test } from './fixtures';
import { themePairs } from './theme-pairs';
import { corpusFile } from './tools-fixtures';

// The local access code of workers/api/.dev.vars.example; playwright.config.ts gives this stack API_MONTHLY_CALLS = 5.
const CODE = 'memeforge-premium';
const LIMIT = 5;

async function unlock(page: Page) {
  await page.goto('/dashboard');
  await page.getByLabel('Access Code').fill(CODE);
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
}

/** A multipart compress from Node's own fetch: no browser, no cookie, only the key. */
async function compress(key: string, photo: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'rocket.jpg');
  form.append('operation', 'compress');
  form.append('quality', '70');
  form.append('format', 'webp');
  return fetch(`${BASE_URL}/api/optimize`, { method: 'POST', body: form, headers: { authorization: `Bearer ${key}` } });
}

/** Serious and critical axe findings inside the API keys section. */
async function seriousViolations(page: Page) {
  const { violations } = await axe(page).include('[data-testid="api-keys"]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const secondsToNextMonth = () => {
  const now = new Date();
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000;
};

test('API keys: created on the dashboard, shown once, authenticate a compress from Node, stop at the allowance, and stop working when revoked', async ({
  page,
}) => {
  const photo = await readFile(corpusFile('photos/rocket.jpg'));
  await unlock(page);
  const section = page.getByTestId('api-keys');
  await expect(section.getByRole('link', { name: 'How to use the API' })).toHaveAttribute('href', '/developers');
  await expect(section).toContainText(`Each key may make ${LIMIT} calls a month`);
  await expect(section).toContainText('No active keys.');

  await section.getByLabel('Key name').fill('Nightly build');
  await section.getByRole('button', { name: 'Create key' }).click();
  const panel = page.getByTestId('new-api-key-panel');
  await expect(panel).toContainText('this is the only time it is shown');
  await expect(panel.getByRole('button', { name: 'Copy key' })).toBeVisible();
  const key = (await page.getByTestId('new-api-key').textContent())!.trim();
  expect(key).toMatch(/^mf_[A-Za-z0-9_-]{43}$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: 'Copy key' }).click();
  await expect(panel.getByRole('status')).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const row = section.getByTestId('api-key');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('api-key-prefix')).toHaveText(`${key.slice(0, 7)}…`);
  await expect(row).toContainText('never used');

  // The key authenticates a multipart compress; the RateLimit headers count down.
  for (let i = 1; i <= LIMIT; i++) {
    const res = await compress(key, photo);
    const body = (await res.json()) as { format?: string; size?: number; originalSize?: number };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ format: 'webp', originalSize: photo.length });
    expect(res.headers.get('ratelimit-limit')).toBe(String(LIMIT));
    expect(res.headers.get('ratelimit-remaining')).toBe(String(LIMIT - i));
    expect(res.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - i));
    expect(Math.abs(Number(res.headers.get('ratelimit-reset')) - secondsToNextMonth())).toBeLessThan(30);
    expect(res.headers.get('set-cookie')).toBeNull();
  }
  // Past the allowance: 429 with Retry-After and a JSON error that does not repeat the key.
  const refused = await compress(key, photo);
  const refusedText = await refused.text();
  expect(refused.status).toBe(429);
  expect(JSON.parse(refusedText)).toMatchObject({ code: 'quota_exceeded' });
  expect(refusedText).not.toContain(key);
  expect(Math.abs(Number(refused.headers.get('retry-after')) - secondsToNextMonth())).toBeLessThan(30);
  expect(refused.headers.get('ratelimit-remaining')).toBe('0');

  // Dismissed, the key is never shown again; the list shows the month's calls and a full bar.
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toHaveCount(0);
  await page.reload();
  await expect(row.getByTestId('api-key-calls')).toHaveText(`${LIMIT} of ${LIMIT}`);
  await expect(row.getByRole('progressbar', { name: 'Calls this month' })).toHaveAttribute(
    'aria-valuenow',
    String(LIMIT),
  );
  await expect(row).toContainText('last used');
  await expect(section.getByTestId('api-calls-total')).toContainText(`This month: ${LIMIT} calls`);
  expect(await page.content()).not.toContain(key);

  // Revoke in the UI (with a confirmation); the key then gets 401.
  await row.getByRole('button', { name: 'Revoke Nightly build' }).click();
  await row.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(section).toContainText('No active keys.');
  const revoked = await compress(key, photo);
  expect(revoked.status).toBe(401);
  expect(await revoked.json()).toMatchObject({ code: 'unauthorized' });
});

/**
 * The section as a person sees it at `width`: two keys made and one used, a revoke confirmation open, and the
 * shown-once panel of a third. The light and dark screenshots look at one such screen (ADR 0197).
 */
const keysScreen = (width: number) => async (page: Page) => {
  // Tall enough that the section needs no scrolling, so the sticky header does not cover it in the picture.
  await page.setViewportSize({ width, height: 4000 });
  await unlock(page);
  const section = page.getByTestId('api-keys');
  for (const name of ['Zapier integration', 'Build server']) {
    await section.getByLabel('Key name').fill(name);
    await section.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByTestId('new-api-key-panel')).toContainText(name);
  }
  const key = (await page.getByTestId('new-api-key').textContent())!.trim();
  await fetch(`${BASE_URL}/api/health`, { headers: { authorization: `Bearer ${key}` } });
  await page.getByTestId('new-api-key-panel').getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(section.getByTestId('api-key')).not.toHaveCount(0);
  // A key with an open confirmation and the shown-once panel of a new key, as a person sees them.
  await section
    .getByTestId('api-key')
    .first()
    .getByRole('button', { name: /^Revoke / })
    .click();
  await section.getByLabel('Key name').fill('Staging');
  await section.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByTestId('new-api-key-panel')).toBeVisible();
};

const pairs = themePairs();
for (const width of [1280, 390]) {
  const key = `api-keys-${width}`;
  const picture = async (page: Page, theme: 'light' | 'dark') => {
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('api-keys').screenshot({ path: `e2e/screenshots/api-keys-${width}-${theme}.png` });
  };
  test(`API keys section screenshot at ${width} px, light`, async ({ browser }) => {
    await picture(await pairs.light(browser, key, keysScreen(width)), 'light');
  });
  test(`API keys section screenshot at ${width} px, dark`, async ({ browser }) => {
    await picture(await pairs.dark(browser, key, keysScreen(width)), 'dark');
    await pairs.done(key);
  });
}
