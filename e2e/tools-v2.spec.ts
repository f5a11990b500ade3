import { axe } from './axe';
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { expect, test } from './fixtures';
import { MEMBER_PLAN, PLANS } from '../core/plans';
import { partnerLink } from '../core/site';
import { corpusFile, download, toastWith } from './tools-fixtures';

/** The tool screens' second round: results per job, batches like TinyPNG, one plan catalogue, the partner block and small fixes. */

test('a batch of 20 files gives a per-file savings table with a total and a ZIP of the original names', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const sources = ['photos/rocket.jpg', 'photos/chelsea.png', 'formats/sample.webp', 'photos/coffee.png'];
  const files = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const path = sources[i % sources.length]!;
      const ext = path.split('.').pop()!;
      const mimeType = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }[ext]!;
      return {
        name: `holiday-${String(i + 1).padStart(2, '0')}.${ext}`,
        mimeType,
        buffer: await readFile(corpusFile(path)),
      };
    }),
  );
  await page.goto('/tools/modify?tab=batch');
  await page.getByTestId('file-input').setInputFiles(files);
  await expect(toastWith(page, '20 images loaded!')).toBeVisible();
  await page.getByLabel('Width').fill('320');
  await page.getByLabel('Height').fill('320');
  await page.getByLabel('Output format').selectOption('webp');
  await page.getByRole('button', { name: 'Process 20 Images' }).click();
  const results = page.getByTestId('batch-results');
  await expect(results).toContainText('Successfully processed 20/20 images', { timeout: 150_000 });
  const rows = results.getByTestId('batch-row');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('holiday-01.jpg');
  await expect(rows.first()).toContainText(/−\d+%/);
  await expect(results.getByTestId('batch-total')).toContainText(/Total \(20 files\).*−\d+%/);

  const zip = await download(page, results.getByRole('button', { name: 'Download All' }));
  expect(zip.name).toBe('holiday-01-and-19-more-resized.zip');
  const names = Object.keys(unzipSync(new Uint8Array(zip.bytes))).sort();
  expect(names).toEqual(files.map((f) => f.name.replace(/\.\w+$/, '-resized.webp')).sort());
});

test('starting a job or switching tabs clears the previous result, so no download is offered for the wrong job', async ({
  page,
}) => {
  await page.goto('/tools/modify?tab=resize');
  await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
  await page.getByLabel('Width').fill('300');
  await page.getByRole('button', { name: 'Resize Image' }).click();
  const card = page.getByTestId('result-card');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Crop' }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole('tab', { name: 'Resize' }).click();
  await expect(card).toHaveCount(0);
  // While the next job runs, the old result is gone.
  await page.getByRole('button', { name: 'Resize Image' }).click();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await page.route('**/api/modify', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Resize Image' }).click();
  await expect(card).toHaveCount(0);
  await expect(card).toBeVisible({ timeout: 30_000 });
});

test('pricing and the dashboard show one plan catalogue, and billing says in words what it cannot do yet', async ({
  page,
}) => {
  await page.goto('/pricing');
  for (const p of PLANS) {
    const card = page.getByRole('article', { name: p.name });
    await expect(card).toContainText(p.price);
  }
  await expect(page.getByTestId('billing-note')).toContainText('Online billing is not available yet');
  await page.goto('/dashboard');
  // The local access code of workers/api/.dev.vars.example, which the e2e server uses.
  await page.getByLabel('Access Code').fill('memeforge-premium');
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
  await expect(page.getByTestId('current-plan')).toContainText(
    `${MEMBER_PLAN.name} (premium membership) · active · ${MEMBER_PLAN.price}`,
  );
  await expect(page.getByTestId('billing-note')).toBeVisible();
  for (const p of PLANS) await expect(page.getByRole('heading', { name: p.name, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage Billing' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ask support about billing or an invoice' })).toHaveAttribute(
    'href',
    '/contact?topic=billing',
  );
  await page.getByRole('link', { name: 'Ask support about billing or an invoice' }).click();
  await expect(page.getByTestId('billing-note')).toContainText('a copy of an invoice');
  await expect(page.getByRole('link', { name: /support@/ })).toHaveAttribute('href', /subject=Billing$/);
  await page.goto('/contact?plan=premium');
  await expect(page.getByText(`Interested in Premium (${MEMBER_PLAN.price} per month)?`)).toBeVisible();
});

test('Optimize promotes the background-removal site as an outside service, in a new tab with the referral', async ({
  page,
}) => {
  await page.goto('/tools/optimize');
  const block = page.getByTestId('partner-block');
  await expect(block).toContainText('External service · not part of Memeforge');
  const link = block.getByRole('link');
  await expect(link).toHaveAttribute('href', partnerLink());
  expect(partnerLink()).toContain('ref=memeforge');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
});

test('toasts follow dark mode', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  await page.goto('/tools/optimize');
  await page.getByTestId('file-input').setInputFiles(corpusFile('photos/rocket.jpg'));
  const toast = toastWith(page, 'Image uploaded!');
  await expect(toast).toBeVisible();
  const bg = await toast.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = bg.match(/\d+/g)!.map(Number);
  expect((r! + g! + b!) / 3).toBeLessThan(80);
  const { violations } = await axe(page).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the home carousel turns on a swipe and shows whole template names and pictures', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('group', { name: 'Popular templates' });
    const first = carousel.getByTestId('carousel-tile').first();
    await expect(first).toBeVisible();
    const before = await first.getAttribute('href');
    const box = (await carousel.boundingBox())!;
    const y = box.y + box.height / 3;
    // A left swipe by touch: pointer events from the touchscreen.
    await page.evaluate(
      ([x0, x1, yy]) => {
        const el = document.querySelector('[aria-roledescription="carousel"]')!;
        const ev = (type: string, x: number) =>
          el.dispatchEvent(
            new PointerEvent(type, { bubbles: true, clientX: x, clientY: yy, pointerType: 'touch', isPrimary: true }),
          );
        ev('pointerdown', x0!);
        ev('pointerup', x1!);
      },
      [box.x + box.width * 0.8, box.x + box.width * 0.2, y],
    );
    await expect.poll(() => first.getAttribute('href')).not.toBe(before);
    // Names wrap onto two lines rather than being cut: each fits its tile's width.
    const clipped = await carousel
      .getByTestId('carousel-tile')
      .evaluateAll(
        (tiles) => tiles.map((t) => t.querySelector('span')!).filter((s) => s.scrollWidth > s.clientWidth + 1).length,
      );
    expect(clipped).toBe(0);
    // A clamped name has room for two lines and no more: a clamped box clips at its padding edge, so padding inside
    // it showed the top of a third line ("Distracted by the… Shi").
    const roomy = await carousel.getByTestId('carousel-tile').evaluateAll(
      (tiles) =>
        tiles.filter((t) => {
          const clamp = [...t.querySelectorAll('span')].find((s) => getComputedStyle(s).webkitLineClamp === '2')!;
          return clamp.clientHeight > 2 * parseFloat(getComputedStyle(clamp).lineHeight) + 1;
        }).length,
    );
    expect(roomy).toBe(0);
    // Each picture is drawn whole in its square, not cut to fill it: a square crop took half of the Tier List's S–D
    // column and the top and bottom panels of the tall ones.
    const fits = await carousel
      .getByTestId('carousel-tile')
      .evaluateAll((tiles) => tiles.map((t) => getComputedStyle(t.querySelector('img')!).objectFit));
    expect(new Set(fits)).toEqual(new Set(['contain']));
  });

  test('searching a famous meme name finds our template for it, and an unknown name offers a way on', async ({
    page,
  }) => {
    await page.goto('/meme-generator');
    await page.getByRole('tab', { name: 'Templates' }).click();
    const search = page.getByRole('searchbox', { name: 'Search templates' });
    await search.fill('drake');
    const grid = page.getByRole('list', { name: 'Templates' });
    await expect(grid.getByRole('button', { name: 'Nope / Yep' })).toBeVisible();
    await search.fill('qwertyuiop');
    await expect(page.getByText('No template called "qwertyuiop".', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload your picture' })).toBeVisible();
  });
});
