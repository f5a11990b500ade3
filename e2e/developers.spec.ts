import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { BASE_URL } from '../playwright.config';

const run = promisify(execFile);
const axe = (page: unknown) => new AxeBuilder({ page: page as ConstructorParameters<typeof AxeBuilder>[0]['page'] });
const PHOTO = new URL('../../shared/corpus/photos/rocket.jpg', import.meta.url).pathname;

/** The access code the server under test was started with (npm start copies .dev.vars from the example). */
function accessCode(): string {
  const file = ['workers/api/.dev.vars', 'workers/api/.dev.vars.example'].map((p) => {
    try {
      return readFileSync(p, 'utf8');
    } catch {
      return '';
    }
  }).find(Boolean)!;
  return /DASHBOARD_ACCESS_CODE="?([^"\n]+)"?/.exec(file)![1]!;
}

test('/developers lists the routes from the API’s own document, grouped, with fields, errors and examples', async ({ page }) => {
  await page.goto('/developers');
  await expect(page.getByRole('heading', { level: 1, name: 'Memeforge API' })).toBeVisible();
  for (const tag of ['Templates', 'Image tools', 'AI', 'API keys']) await expect(page.getByRole('heading', { level: 2, name: tag })).toBeVisible();
  const doc = await (await page.request.get('/api/openapi.json')).json();
  const documented = Object.values(doc.paths as Record<string, object>).reduce((n, ops) => n + Object.keys(ops).length, 0);
  await expect(page.getByTestId('api-route')).toHaveCount(documented);
  const optimize = page.locator('article#postOptimize');
  await expect(optimize.getByRole('heading', { level: 3 })).toHaveText('POST/api/optimize');
  await expect(optimize.getByRole('table', { name: /with operation=compress/ }).getByRole('rowheader', { name: 'quality' })).toBeVisible();
  await expect(optimize.getByText('quota_exceeded', { exact: true }).first()).toBeVisible();
  await expect(page.locator('article#getTemplates [data-testid="curl-example"]')).toHaveText(`curl '${BASE_URL}/api/templates' \\\n  -H 'Authorization: Bearer mf_…'`);
  // The footer links here.
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'API for developers' }).click();
  await expect(page).toHaveURL(/\/developers$/);
});

for (const dark of [false, true]) {
  test(`/developers has no serious or critical accessibility violations (${dark ? 'dark' : 'light'})`, async ({ page }) => {
    if (dark) await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/developers');
    await expect(page.getByTestId('api-route').first()).toBeVisible();
    const { violations } = await axe(page).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('the compress curl example on the page runs as written with a real key and a corpus photo', async ({ page }) => {
  await page.goto('/developers');
  const example = await page.locator('article#postOptimize [data-testid="curl-example"]').innerText();
  expect(example).toContain('-F image=@photo.jpg');

  // A premium member makes a key, as on the dashboard; the example's placeholder becomes that key.
  const session = await page.request.post('/api/session', { data: { accessCode: accessCode() } });
  expect(session.status()).toBe(200);
  const created = await page.request.post('/api/keys', { data: { name: 'developers page e2e' } });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  const command = example.replace('mf_…', key);

  const dir = mkdtempSync(join(tmpdir(), 'memeforge-curl-'));
  try {
    copyFileSync(PHOTO, join(dir, 'photo.jpg'));
    const { stdout } = await run('bash', ['-c', `${command} -sS -o answer.json -w '%{http_code}'`], { cwd: dir, timeout: 30_000 });
    expect(stdout).toBe('200');
    const answer = JSON.parse(readFileSync(join(dir, 'answer.json'), 'utf8')) as { operation: string; format: string; imageUrl: string };
    expect(answer).toMatchObject({ operation: 'compress', format: 'webp' });
    expect((await page.request.get(answer.imageUrl)).headers()['content-type']).toBe('image/webp');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('screenshots of /developers at 1280 and 390 px, light and dark', async ({ page }) => {
  for (const width of [1280, 390]) {
    for (const dark of [false, true]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.evaluate((d) => localStorage.setItem('darkMode', String(d)), dark).catch(() => undefined);
      await page.goto('/developers#postOptimize');
      await page.evaluate((d) => localStorage.setItem('darkMode', String(d)), dark);
      await page.reload();
      await expect(page.getByTestId('api-route').first()).toBeVisible();
      await page.screenshot({ path: `e2e/screenshots/developers-${width}-${dark ? 'dark' : 'light'}.png` });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
    }
  }
});
