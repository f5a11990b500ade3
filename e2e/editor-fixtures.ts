import { expect, type Page } from '@playwright/test';
import { type Answer, answerRequests } from './answer-requests';
import sharp from 'sharp';
import type { Template } from '../core/api/templates';
import type { UsageLimit } from '../core/api/usage';

/**
 * Answers for the APIs the editor consumes, in the shapes fixed by core/api/*. They stand in for endpoints built on
 * other branches; the shapes are parsed by the same zod schemas the UI uses, so these specs stay valid after merge.
 */

/** An 800 × 500 picture with two coloured halves and a circle: never blank, no red in it. */
export async function drawTemplatePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
    <rect width="800" height="250" fill="#1d4ed8"/><rect y="250" width="800" height="250" fill="#15803d"/>
    <circle cx="400" cy="250" r="120" fill="#fde68a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const TEMPLATE: Template = {
  id: 'test-two-buttons',
  name: 'Two Buttons Test',
  description: 'A drawn test template',
  imageUrl: '/api/e2e-images/two-buttons.png',
  isPopular: 1,
  feature: 'meme-generator',
  width: 800,
  height: 500,
  textBoxes: [
    {
      anchor_x: 0,
      anchor_y: 0,
      scale_x: 1,
      scale_y: 0.2,
      angle: 0,
      align: 'center',
      style: 'upper',
      color: 'white',
      font: 'thick',
    },
    {
      anchor_x: 0,
      anchor_y: 0.8,
      scale_x: 1,
      scale_y: 0.2,
      angle: 0,
      align: 'center',
      style: 'upper',
      color: 'white',
      font: 'thick',
    },
  ],
  examples: [['top of the meme', 'bottom line']],
  keywords: ['test'],
  license: 'CC0-1.0',
  author: 'Memeforge tests',
};

/** GET /api/templates as the API answers it from `templates`: those whose name has the `search` asked. */
export function templatesAnswer(templates: Template[], url: string): Answer {
  const search = new URL(url).searchParams.get('search')?.toLowerCase() ?? '';
  const list = templates.filter((t) => t.name.toLowerCase().includes(search));
  return { json: { templates: list, templateOfTheDay: list[0] ?? null } };
}

export async function mockTemplates(page: Page, templates: Template[] = [TEMPLATE]) {
  const png = await drawTemplatePng();
  await answerRequests(page, '*/api/e2e-images/*', () => ({ body: png, contentType: 'image/png' }));
  await answerRequests(page, '*/api/templates*', (url) => templatesAnswer(templates, url));
}

/**
 * Opens the mocked test template from the Templates tab. A `?template=` URL is resolved by the route's loader on the
 * server, which Playwright's routes cannot reach, so URL opening is tested with a real catalog template instead.
 */
export async function openTestTemplate(page: Page, template: Template = TEMPLATE) {
  await page.goto('/meme-generator');
  await page.getByRole('tab', { name: 'Templates' }).click();
  await page.getByRole('list', { name: 'Templates' }).getByRole('button', { name: template.name }).click();
  await expect(page.getByText('Template loaded!')).toBeVisible();
}

export async function mockUsage(page: Page, usage: UsageLimit) {
  await answerRequests(page, '*/api/usage-limit', () => ({ json: usage }));
}

/**
 * A 4032 × 3024 (12 MP) phone-photo stand-in: gradients and flat shapes under gaussian grain, saved as a JPEG of
 * about 4.5 MB, as busy for an encoder as a real photo (grain is what makes photos big). Made once per run.
 */
let photo: Promise<Buffer> | null = null;
export function phonePhoto(): Promise<Buffer> {
  const [W, H] = [4032, 3024];
  photo ??= (async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b6ea5"/>
      <stop offset="0.55" stop-color="#c9a46b"/><stop offset="1" stop-color="#2f5d3a"/></linearGradient></defs>
      <rect width="${W}" height="${H}" fill="url(#g)"/><circle cx="${W * 0.62}" cy="${H * 0.42}" r="${H * 0.22}" fill="#e9d8a6"/>
      <rect x="${W * 0.1}" y="${H * 0.6}" width="${W * 0.3}" height="${H * 0.3}" fill="#7a3b2e"/></svg>`;
    const grain = await sharp({
      create: {
        width: W,
        height: H,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 28 },
      },
    })
      .raw()
      .toBuffer();
    return sharp(Buffer.from(svg))
      .composite([{ input: grain, raw: { width: W, height: H, channels: 3 }, blend: 'overlay' }])
      .jpeg({ quality: 85 })
      .toBuffer();
  })();
  return photo;
}

/**
 * Every request the page makes to a server from now on (http and https; blob: and data: URLs stay in the
 * browser), including ones Playwright routes answer: a download must make none. A GET of the app's own code under
 * /build/ (a chunk loaded on demand, such as the MP4 muxer, ADR 0150) carries nothing of the meme and is not counted.
 */
export function serverRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    const ownCode =
      r.method() === 'GET' &&
      url.origin === new URL(page.url()).origin &&
      url.pathname.startsWith('/build/') &&
      url.search === '';
    if (/^https?:$/.test(url.protocol) && !ownCode) seen.push(`${r.method()} ${r.url()}`);
  });
  return seen;
}

/** Counts pixels of the rendered canvas matching a predicate (r, g, b) → boolean, given as source text. */
export async function countPixels(page: Page, predicate: string): Promise<number> {
  return page.evaluate((src) => {
    const test = new Function('r', 'g', 'b', `return (${src});`) as (r: number, g: number, b: number) => boolean;
    const el = document.querySelector('canvas[aria-label="Meme canvas"]') as HTMLCanvasElement;
    const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (test(data[i]!, data[i + 1]!, data[i + 2]!)) n++;
    return n;
  }, predicate);
}

export async function canvasSize(page: Page) {
  return page.evaluate(() => {
    const el = document.querySelector('canvas[aria-label="Meme canvas"]') as HTMLCanvasElement;
    return { width: el.width, height: el.height };
  });
}

/** The leftmost and topmost canvas pixel matching a predicate (see countPixels), or null. */
export async function pixelOrigin(page: Page, predicate: string): Promise<{ left: number; top: number } | null> {
  return page.evaluate((src) => {
    const test = new Function('r', 'g', 'b', `return (${src});`) as (r: number, g: number, b: number) => boolean;
    const el = document.querySelector('canvas[aria-label="Meme canvas"]') as HTMLCanvasElement;
    const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    let left = Infinity;
    let top = Infinity;
    for (let i = 0; i < data.length; i += 4) {
      if (!test(data[i]!, data[i + 1]!, data[i + 2]!)) continue;
      const p = i / 4;
      left = Math.min(left, p % el.width);
      top = Math.min(top, Math.floor(p / el.width));
    }
    return Number.isFinite(left) ? { left, top } : null;
  }, predicate);
}

/** Width and height of the box around every canvas pixel matching a predicate (see countPixels). */
export async function pixelSize(page: Page, predicate: string): Promise<{ width: number; height: number }> {
  return page.evaluate((src) => {
    const test = new Function('r', 'g', 'b', `return (${src});`) as (r: number, g: number, b: number) => boolean;
    const el = document.querySelector('canvas[aria-label="Meme canvas"]') as HTMLCanvasElement;
    const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    let [l, t, r, b] = [Infinity, Infinity, -1, -1];
    for (let i = 0; i < data.length; i += 4) {
      if (!test(data[i]!, data[i + 1]!, data[i + 2]!)) continue;
      const x = (i / 4) % el.width;
      const y = Math.floor(i / 4 / el.width);
      [l, t, r, b] = [Math.min(l, x), Math.min(t, y), Math.max(r, x), Math.max(b, y)];
    }
    return { width: r - l + 1, height: b - t + 1 };
  }, predicate);
}
