import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { axe } from './axe';
import { expect, test } from './fixtures';
import { BASE_URL } from '../playwright.config';
import { themePairs } from './theme-pairs';

const run = promisify(execFile);
const PHOTO = new URL('../../shared/corpus/photos/rocket.jpg', import.meta.url).pathname;

/** The access code the server under test was started with (npm start copies .dev.vars from the example). */
function accessCode(): string {
  const file = ['workers/api/.dev.vars', 'workers/api/.dev.vars.example']
    .map((p) => {
      try {
        return readFileSync(p, 'utf8');
      } catch {
        return '';
      }
    })
    .find(Boolean)!;
  return /DASHBOARD_ACCESS_CODE="?([^"\n]+)"?/.exec(file)![1]!;
}

test('/developers lists the routes from the API’s own document, grouped, with fields, errors and examples', async ({
  page,
}) => {
  await page.goto('/developers');
  await expect(page.getByRole('heading', { level: 1, name: 'Memeforge API' })).toBeVisible();
  for (const tag of ['Templates', 'Image tools', 'AI', 'API keys'])
    await expect(page.getByRole('heading', { level: 2, name: tag })).toBeVisible();
  const doc = await (await page.request.get('/api/openapi.json')).json();
  const documented = Object.values(doc.paths as Record<string, object>).reduce(
    (n, ops) => n + Object.keys(ops).length,
    0,
  );
  await expect(page.getByTestId('api-route')).toHaveCount(documented);
  const optimize = page.locator('article#postOptimize');
  await expect(optimize.getByRole('heading', { level: 3 })).toHaveText('POST/api/optimize');
  // Each route's details are folded away until asked for, so the page stays short to scroll.
  const table = optimize.getByRole('table', { name: /with operation=compress/ });
  await expect(table).toBeHidden();
  await optimize.getByText('Fields, answers, errors and limits').click();
  await expect(table.getByRole('rowheader', { name: 'quality' })).toBeVisible();
  await expect(optimize.getByText('quota_exceeded', { exact: true }).first()).toBeVisible();
  // A public route's example sends no key (a made-up one is refused with 401); a keyed one says where to get a key.
  await expect(page.locator('article#getTemplates [data-testid="curl-example"]')).toHaveText(
    `curl '${BASE_URL}/api/templates'`,
  );
  for (const route of await page.getByTestId('api-route').all()) {
    const example = await route.getByTestId('curl-example').innerText();
    const auth = await route.getByText('Authentication:').locator('..').innerText();
    if (auth.includes('No key needed')) expect(example, example).not.toMatch(/Authorization|mf_session/);
  }
  const dashboard = page.locator('article#getDashboard');
  await expect(dashboard.getByTestId('curl-example')).toContainText('-H "Authorization: Bearer $MEMEFORGE_KEY"');
  await expect(dashboard.getByText('export MEMEFORGE_KEY=mf_…')).toBeVisible();
  await expect(dashboard.getByRole('link', { name: 'dashboard' })).toHaveAttribute('href', '/dashboard');
  // The footer links here.
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'API for developers' }).click();
  await expect(page).toHaveURL(/\/developers$/);
});

// The dark test scans the light test's page turned dark (e2e/theme-pairs.ts).
const pairs = themePairs();
for (const dark of [false, true]) {
  test(`/developers has no serious or critical accessibility violations (${dark ? 'dark' : 'light'})`, async ({
    browser,
  }) => {
    const page = await (dark ? pairs.dark : pairs.light)(browser, '/developers', async (p) => {
      await p.goto('/developers');
    });
    await expect(page.getByTestId('api-route').first()).toBeVisible();
    const { violations } = await axe(page).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      ),
    ).toEqual([]);
    if (dark) await pairs.done('/developers');
  });
}

test('the compress curl example runs as pasted, with no key, and downloads the picture from the absolute imageUrl', async ({
  page,
}) => {
  await page.goto('/developers');
  const example = await page.locator('article#postOptimize [data-testid="curl-example"]').innerText();
  expect(example).toContain('-F image=@photo.jpg');
  expect(example).not.toContain('Authorization');
  expect(example).toContain('curl -o "picture.$(jq -r .format answer.json)" "$(jq -r .imageUrl answer.json)"');

  const dir = mkdtempSync(join(tmpdir(), 'memeforge-curl-'));
  try {
    copyFileSync(PHOTO, join(dir, 'photo.jpg'));
    // -f: any 4xx/5xx (a 401 from a placeholder key, a 404 from a relative URL) fails the paste.
    await run('bash', ['-ec', example.replace(/^curl /gm, 'curl -fsS ')], { cwd: dir, timeout: 30_000 });
    const answer = JSON.parse(readFileSync(join(dir, 'answer.json'), 'utf8')) as {
      operation: string;
      format: string;
      imageUrl: string;
    };
    expect(answer).toMatchObject({ operation: 'compress', format: 'webp' });
    // The picture's full address on the site that answered, fetched as it is.
    expect(answer.imageUrl).toMatch(new RegExp(`^${BASE_URL.replace(/[.]/g, '\\.')}/api/images/`));
    const picture = readFileSync(join(dir, 'picture.webp'));
    expect(picture.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(picture.subarray(8, 12).toString('latin1')).toBe('WEBP');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a keyed example runs as pasted once MEMEFORGE_KEY holds a real key from the dashboard', async ({ page }) => {
  await page.goto('/developers');
  const example = await page.locator('article#getDashboard [data-testid="curl-example"]').innerText();
  const session = await page.request.post('/api/session', { data: { accessCode: accessCode() } });
  expect(session.status()).toBe(200);
  const created = await page.request.post('/api/keys', { data: { name: 'developers page e2e' } });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  const paste = (env: Record<string, string>) =>
    run('bash', ['-c', `${example} -sS -o /dev/null -w '%{http_code}'`], {
      timeout: 30_000,
      env: { ...process.env, ...env },
    });
  expect((await paste({ MEMEFORGE_KEY: key })).stdout).toBe('200');
  // The variable is what carries the key: without it the same paste is refused.
  expect((await paste({ MEMEFORGE_KEY: '' })).stdout).toBe('401');
});

test('each example has a copy button that puts it on the clipboard and says Copied', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/developers');
  const article = page.locator('article#postOptimize');
  const button = article.getByRole('button', { name: 'Copy curl example for POST /api/optimize' });
  await button.click();
  await expect(article.getByRole('status')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await article.getByTestId('curl-example').innerText());
  await expect(page.getByRole('button', { name: /^Copy curl example for / })).toHaveCount(
    await page.getByTestId('api-route').count(),
  );
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
      // With every route's details folded it measured 13,560 px at 1280 and 18,495 at 390 (27,700 unfolded); with the
      // four share routes and the folded template list (ADR 0139, about 2,050 px at 1280 and 2,600 at 390 of it) and
      // the routes' longer texts since, 17,147 and 24,072; with the account's 13 routes (ADR 0170) and memes from a
      // topic (ADR 0173), 24,499 and 34,088. The contents at the top, linking every route, is how the page is read.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`/developers at ${width}px: ${height} px tall`);
      expect(height, `page height at ${width}px`).toBeLessThan(width === 390 ? 35_500 : 25_500);
    }
  }
});

test('at 1400 and 390 px the Basics cards hold their code: the long url example wraps inside its card', async ({
  page,
}) => {
  for (const [width, height] of [
    [1400, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/developers');
    const basics = page.getByRole('region', { name: 'Basics' });
    const cards = basics.locator(':scope > div');
    await expect(cards).toHaveCount(4);
    await expect(basics.getByText('url=https://example.com/cat.jpg')).toBeVisible();
    // Every piece of code (and every line of text) ends inside its card's border, on the right as on the left.
    const outside = await cards.evaluateAll((els) =>
      els.flatMap((card) => {
        const box = card.getBoundingClientRect();
        return [...card.querySelectorAll('code')].flatMap((code) =>
          [...code.getClientRects()]
            .filter((r) => r.left < box.left || r.right > box.right)
            .map(
              (r) =>
                `${code.textContent} ${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(box.left)}–${Math.round(box.right)}`,
            ),
        );
      }),
    );
    expect(outside, `code past its card at ${width}px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
