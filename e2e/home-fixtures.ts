import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { answerRequests } from './answer-requests';
import type { Template, TemplateFeature } from '../core/api/templates';

/** A template in the API's contract shape; the picture is a drawn SVG so no third-party image is involved. */
export function fakeTemplate(n: number, overrides: Partial<Template> = {}): Template {
  const hue = (n * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="hsl(${hue},70%,55%)"/><text x="100" y="115" font-size="48" text-anchor="middle" fill="white" font-family="sans-serif">${n}</text></svg>`;
  return {
    id: `tpl-${n}`,
    name: `Template ${n}`,
    description: 'Create amazing memes',
    imageUrl: `data:image/svg+xml,${encodeURIComponent(svg)}`,
    isPopular: 1,
    feature: 'meme-generator' as TemplateFeature,
    width: 200,
    height: 200,
    textBoxes: [],
    examples: [],
    keywords: [],
    license: 'CC0-1.0',
    author: 'Memeforge tests',
    ...overrides,
  };
}

export const fakeCatalog = (count: number, popular = count) =>
  Array.from({ length: count }, (_, i) => fakeTemplate(i + 1, { isPopular: i < popular ? 1 : 0 }));

/** Answers GET /api/templates with the given templates (or a failure), in the contract shape. */
export async function serveTemplates(page: Page, templates: Template[] | { status: number }) {
  await answerRequests(page, '*/api/templates*', () =>
    Array.isArray(templates)
      ? { json: { templates, templateOfTheDay: templates[0] ?? null } }
      : { status: templates.status, json: { error: 'Templates are unavailable.', code: 'internal' } },
  );
}

/** Real images live beside the repository in ../shared/corpus; tests that need them skip, loudly, without it. */
export function corpusFile(relative: string): string {
  const root = join(import.meta.dirname, '..', '..', 'shared', 'corpus');
  test.skip(!existsSync(root), `The image corpus is missing: expected ${root} (README.md, Tests).`);
  return join(root, relative);
}

/** True when the running API has a route (anything but the router's catch-all 404 'There is no such API route.'). */
export async function apiHasRoute(page: Page, method: 'GET' | 'POST', path: string): Promise<boolean> {
  const res = await page.request.fetch(path, {
    method,
    failOnStatusCode: false,
    multipart: method === 'POST' ? {} : undefined,
  });
  if (res.status() !== 404) return true;
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  return body.error !== 'There is no such API route.';
}

/**
 * Waits until the home page has hydrated: its window-level guard (use-stray-drop-guard) cancels a stray dragover
 * only once React's effects have run. Tests that dispatch page-wide events right after `goto` wait for this.
 */
export async function untilHomeHydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const dataTransfer = new DataTransfer();
        dataTransfer.items.add(new File(['x'], 'probe.png', { type: 'image/png' }));
        const over = new DragEvent('dragover', { dataTransfer, bubbles: true, cancelable: true });
        document.body.dispatchEvent(over);
        return over.defaultPrevented;
      }),
    )
    .toBe(true);
}
