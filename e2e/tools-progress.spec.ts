import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { parseEventStream } from '../core/api/event-stream';
import type { PhaseEvent } from '../core/api/tool-progress';
import { FREE_DAILY_AI_LIMIT } from '../core/limits';
import { expect, test } from './fixtures';
import { corpusFile, toastWith } from './tools-fixtures';

// Real progress (ADR 0105): an AI job on /tools/optimize shows the upload and the server's phases in order, an
// estimate from the measured history, and Cancel stops it without spending the allowance. The e2e server runs the
// real offline AI service (ESRGAN in 128 px tiles, about half a second a tile here); nothing is stubbed.

const photo = (side: number) => sharp(corpusFile('photos/chelsea.png')).resize(side, side).png().toBuffer();
const pngFile = async (name: string, side: number) => ({ name, mimeType: 'image/png', buffer: await photo(side) });

async function remainingToday(page: Page): Promise<number> {
  const banner = page.getByTestId('ai-banner');
  await expect(banner).toContainText(/\d+ \/ \d+ remaining today/);
  return Number(/(\d+) \/ \d+ remaining today/.exec((await banner.textContent()) ?? '')![1]);
}

/** Records every text the phase line shows, from before the click to the end of the job. */
async function recordPhases(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { phases: string[] }).phases = seen;
    const note = () => {
      const text = document.querySelector('[data-testid="job-phase"]')?.textContent ?? '';
      const last = seen.at(-1);
      // "Uploading 12%", "Uploading 80%" … count as one phase.
      if (text && text.replace(/\d+%/, '') !== last?.replace(/\d+%/, '')) seen.push(text);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { phases: string[] }).phases);
}

const usedNow = async (page: Page) => (await (await page.request.get('/api/usage-limit')).json()).used as number;

test.describe('AI jobs on /tools/optimize show real progress and can be cancelled', () => {
  test('phases in order, then an estimate from the first job, then Cancel gives the unit back', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/tools/optimize?tab=upscale');
    const before = await remainingToday(page);

    // A first upscale files its duration: the next job of that kind and size has an estimate.
    await page.getByTestId('file-input').setInputFiles(await pngFile('first.png', 200));
    const phases = await recordPhases(page);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/optimize'));
    await page.getByRole('button', { name: 'Upscale with AI' }).click();
    await expect(page.getByRole('progressbar', { name: 'Processing your image...' })).toBeVisible();
    await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 120_000 });
    // The server streamed every phase it went through, in order, then the result.
    const events = parseEventStream(await (await answer).text());
    expect(events.map((e) => (e.event === 'phase' ? (JSON.parse(e.data) as PhaseEvent).phase : e.event))).toEqual([
      'queued',
      'processing',
      'storing',
      'result',
    ]);
    // The screen showed them in the same order (phases a few milliseconds apart may share one paint).
    const order = ['Uploading N%', 'Waiting for a free worker', 'Upscaling…', 'Saving'];
    const seen = (await phases()).map((t) => t.replace(/\d+%/, 'N%')).filter((t) => order.includes(t));
    expect(seen, `phases seen: ${seen.join(' → ')}`).toEqual(order.filter((t) => seen.includes(t)));
    expect(seen).toEqual(expect.arrayContaining(['Uploading N%', 'Upscaling…']));
    await expect(page.getByTestId('ai-banner')).toContainText(`${before - 1} / ${FREE_DAILY_AI_LIMIT} remaining today`);

    // A larger picture of the same size class: seconds of tiles, with the estimate counting down (or saying it runs late).
    await page.getByTestId('file-input').setInputFiles(await pngFile('second.png', 640));
    await page.getByRole('button', { name: 'Upscale with AI' }).click();
    await expect(page.getByTestId('job-phase')).toHaveText('Upscaling…', { timeout: 30_000 });
    await expect(page.getByTestId('job-estimate')).toHaveText(/About \d+ s left|Taking longer than usual…/);
    const bar = page.getByRole('progressbar', { name: 'Processing your image...' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(35);
    expect(await usedNow(page)).toBe(FREE_DAILY_AI_LIMIT - before + 2);

    const cancelAnswer = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && /\/api\/jobs\/[0-9a-f-]{36}$/.test(r.url()),
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('progress-card')).toBeHidden();
    // The banner shows the allowance the server answered to the cancel, at once: the unit is back, not one short.
    expect(await (await cancelAnswer).json()).toMatchObject({
      refunded: true,
      usage: { used: FREE_DAILY_AI_LIMIT - before + 1 },
    });
    await expect(page.getByTestId('ai-banner')).toContainText(`${before - 1} / ${FREE_DAILY_AI_LIMIT} remaining today`);
    await expect(toastWith(page, 'Cancelled')).toContainText('Nothing was counted against your daily allowance.');
    await expect(page.getByTestId('result-card')).toBeHidden();
    // The server stopped the job and refunded its unit; the banner, read afresh, says so.
    await expect.poll(() => usedNow(page), { timeout: 15_000 }).toBe(FREE_DAILY_AI_LIMIT - before + 1);
    await page.reload();
    await expect(page.getByTestId('ai-banner')).toContainText(`${before - 1} / ${FREE_DAILY_AI_LIMIT} remaining today`);
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      test(`the progress card mid-job, ${theme}, ${width} px (screenshot), and Cancel`, async ({ page }) => {
        test.setTimeout(90_000);
        await page.setViewportSize({ width, height: 900 });
        if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
        await page.goto('/tools/optimize?tab=upscale');
        const before = await remainingToday(page);
        await page.getByTestId('file-input').setInputFiles(await pngFile('mid-job.png', 640));
        await page.getByRole('button', { name: 'Upscale with AI' }).click();
        const card = page.getByTestId('progress-card');
        await expect(page.getByTestId('job-phase')).toHaveText('Upscaling…', { timeout: 30_000 });
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `e2e/screenshots/tools-progress-${width}-${theme}.png`,
          style: '[data-sonner-toaster] { display: none !important; }',
        });
        await card.screenshot({ path: `e2e/screenshots/tools-progress-card-${width}-${theme}.png` });
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect(card).toBeHidden();
        await expect.poll(() => usedNow(page), { timeout: 15_000 }).toBe(FREE_DAILY_AI_LIMIT - before);
      });
    }
  }
});
