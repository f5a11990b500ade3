import { expect, test } from './fixtures';
import { templatesResponseSchema } from '../core/api/templates';

// The must-show of the catalog issue: a fresh `npm start` (this server starts with --fresh) lists at least
// 50 templates, 16 of them popular, and every image loads with the stored size.
test('a fresh start serves at least 50 seeded templates whose images all load at their stored size', async ({
  request,
}) => {
  const res = await request.get('/api/templates');
  expect(res.status()).toBe(200);
  const body = templatesResponseSchema.parse(await res.json());
  expect(body.templates.length).toBeGreaterThanOrEqual(50);
  expect(body.templates.filter((t) => t.isPopular === 1)).toHaveLength(16);
  expect(body.templateOfTheDay).not.toBeNull();

  for (const t of body.templates) {
    const image = await request.get(t.imageUrl);
    expect(image.status(), t.imageUrl).toBe(200);
    const bytes = await image.body();
    // Animated templates are looping GIFs (docs/decisions/0138-animated-meme-export.md); the rest PNGs.
    if (t.animated) {
      expect(image.headers()['content-type'], t.imageUrl).toBe('image/gif');
      expect([bytes.readUInt16LE(6), bytes.readUInt16LE(8)], t.imageUrl).toEqual([t.width, t.height]);
      continue;
    }
    expect(image.headers()['content-type'], t.imageUrl).toBe('image/png');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], t.imageUrl).toEqual([t.width, t.height]);
  }
});

test('searching the catalog through the site finds by keyword and refuses a control character', async ({ request }) => {
  const found = templatesResponseSchema.parse(await (await request.get('/api/templates?search=Coffee')).json());
  expect(found.templates.map((t) => t.id)).toContain('everything-is-fine');
  const bad = await request.get('/api/templates?search=%01');
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ code: 'validation_failed' });
});

test('the whole catalog as a grid of thumbnails (a screenshot for review)', async ({ page, request }) => {
  const { templates } = templatesResponseSchema.parse(await (await request.get('/api/templates')).json());
  await page.setViewportSize({ width: 1280, height: 800 });
  // A site page (its CSP, its origin), so the relative image URLs resolve and load exactly as the UI's do.
  await page.goto('/about');
  await page.setContent(
    `<base href="${page.url()}"><body style="margin:0;display:grid;grid-template-columns:repeat(10,1fr);gap:4px;background:#ddd">${templates
      .map(
        (t) =>
          `<img src="${t.imageUrl}" alt="${t.name}" style="width:100%;aspect-ratio:1;object-fit:contain;background:#fff">`,
      )
      .join('')}</body>`,
    { waitUntil: 'load' },
  );
  const broken = await page.$$eval('img', (imgs) => imgs.filter((i) => !(i as HTMLImageElement).naturalWidth).length);
  expect(broken).toBe(0);
  await page.screenshot({ path: 'e2e/screenshots/template-catalog.png', fullPage: true });
});
