/**
 * axe for every spec: one builder, asked only for what the specs read. Every spec reads `violations` alone, so axe is
 * told so (`resultTypes`): it still runs every rule on every node and reports every violation in full, but stops
 * building selectors for each passing and inapplicable node, which was about a third of a scan's CPU on a long page
 * such as /developers (ADR 0192).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// @axe-core/playwright is typed against its own copy of playwright-core; the page is the same object at runtime.
export const axe = (page: Page) =>
  new AxeBuilder({ page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'] }).options({
    resultTypes: ['violations'],
  });
