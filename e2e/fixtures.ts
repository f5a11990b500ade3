/**
 * The `test` every spec imports. It fails any test during which a page reported a Content-Security-Policy
 * violation, so a script, style, image or connection the CSP blocks cannot slip through unnoticed.
 */
import { test as base, expect, type BrowserContext } from '@playwright/test';

declare global {
  interface Window {
    __memeforgeCspViolation?: (report: string) => void;
  }
}

interface CspFixtures {
  /** Every violation seen in this test; a spec that provokes one on purpose empties it after checking. */
  cspViolations: string[];
  cspGuard: void;
}

/**
 * Hands every Content-Security-Policy violation in the context's pages to `report`: a listener in every page and
 * frame, and the console for what the listener cannot reach. Once per context; a spec that opens a context of its
 * own to share between tests (ADR 0197) guards it here and reports to the running test's `cspViolations`.
 */
export async function guardCsp(context: BrowserContext, report: (violation: string) => void): Promise<void> {
  await context.exposeFunction('__memeforgeCspViolation', (violation: string) => {
    report(violation);
  });
  // Runs before any page script, in every page and frame of the context.
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}` : '';
        void window.__memeforgeCspViolation?.(
          `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}${where} on ${location.pathname}`,
        );
      },
      true,
    );
  });
  // Violations in contexts the listener cannot reach (e.g. before the init script) still reach the console.
  context.on('console', (msg) => {
    // The API's own policy (`default-src 'none'`) also covers Chromium's built-in viewer when a test opens an image
    // URL directly; that viewer's inline styles are not our page, so only the site's policy is guarded here.
    const text = msg.text();
    if (msg.type() === 'error' && text.includes('Content Security Policy') && !text.includes("'default-src 'none''")) {
      report(`console: ${text}`);
    }
  });
}

export const test = base.extend<CspFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies.
  cspViolations: async ({}, provide) => {
    await provide([]);
  },
  context: async ({ context, cspViolations }, provide) => {
    await guardCsp(context, (violation) => cspViolations.push(violation));
    await provide(context);
  },
  cspGuard: [
    async ({ cspViolations }, provide) => {
      await provide();
      expect(cspViolations, 'pages must not violate the Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page, Route, Locator } from '@playwright/test';
