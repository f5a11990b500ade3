/**
 * One screen for a light test and its dark twin (ADR 0197). Loading a screen costs Chromium and the stack about as much
 * as scanning it, and the pair looked at the same screen twice. The light test opens it in a context of its own and
 * prepares it; the dark test takes that same page and turns it dark with the header's own switch, as a visitor does.
 * Dark mode is classes on <html> alone (app/lib/theme.ts), so what the dark test checks is what a dark load draws.
 *
 * Each test stays whole on its own: a dark test that runs without its light one (a --grep, a retry in a new worker)
 * opens and prepares the screen itself. The pages live in this file's module and are closed after its tests, so no
 * other spec sees them (ADR 0192). Every context is guarded for CSP violations as the `page` fixture's is, reporting to
 * the running test (e2e/fixtures.ts).
 */
import type { Browser, Page } from '@playwright/test';
import { expect, guardCsp, test } from './fixtures';

/** What makes the screen the one the tests look at: routes, emulation, the visit and the steps after it. */
type Prepare = (page: Page) => Promise<void>;

/** Registers the file's hooks; call once at the top level of a spec. */
export function themePairs() {
  const screens = new Map<string, Page>();
  let reportCsp: (violation: string) => void = () => {};
  test.beforeEach(({ cspViolations }) => {
    reportCsp = (violation) => cspViolations.push(violation);
  });
  test.afterAll(async () => {
    for (const page of screens.values()) await page.context().close();
    screens.clear();
  });

  async function open(browser: Browser, key: string, prepare: Prepare): Promise<Page> {
    const context = await browser.newContext();
    await guardCsp(context, (violation) => reportCsp(violation));
    const page = await context.newPage();
    screens.set(key, page);
    await prepare(page);
    return page;
  }

  return {
    /** The light test's screen, kept for its dark twin. */
    light: (browser: Browser, key: string, prepare: Prepare) => open(browser, key, prepare),

    /** The light test's screen switched to dark (opened and prepared here when there is none). */
    async dark(browser: Browser, key: string, prepare: Prepare): Promise<Page> {
      const page = screens.get(key) ?? (await open(browser, key, prepare));
      // A synthetic click: no pointer left hovering the switch, no focus ring, as on a page loaded dark.
      await page.getByRole('button', { name: 'Switch to dark mode' }).dispatchEvent('click');
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      // Colours that ease into the theme (transition-colors) are judged once they arrived, as a dark load paints them.
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState === 'finished'),
      );
      return page;
    },

    /** Closes a pair's screen once its dark test is done with it. */
    async done(key: string): Promise<void> {
      const page = screens.get(key);
      screens.delete(key);
      await page?.context().close();
    },
  };
}
