import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_MAX_BYTES, HTML_MAX_PAGE_HEIGHT } from '../core/tools/html';
import { closeBrowser, MAX_PAGES, MAX_WAITING } from './renderer';
import { handle } from './server';

// The offline renderer through its HTTP surface, with Debian's Chromium. The same cases through the Worker's client
// are in workers/api/test/routes/html-to-image.test.ts.

const render = (body: unknown) =>
  handle(
    new Request('http://local/render', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

async function pixel(bytes: ArrayBuffer | Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(Buffer.from(bytes as ArrayBuffer))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}
const near = (got: number[], want: number[], tolerance = 8) =>
  expect(
    got.every((v, i) => Math.abs(v - want[i]!) <= tolerance),
    `${got} ≈ ${want}`,
  ).toBe(true);

const BLOCKS = `<!doctype html><style>body{margin:0;background:#fff}div{position:absolute;width:100px;height:100px}</style>
<div style="left:0;top:0;background:#ff0000"></div><div style="left:150px;top:50px;background:#00ff00"></div><div style="left:300px;top:200px;background:#0000ff"></div>`;

/** A loopback server that counts every request: a page that reaches it has reached the network. */
let probe: Server;
let probeUrl = '';
let hits: string[] = [];
let scratch = '';

beforeAll(async () => {
  probe = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/css' }).end('body{background:#ff0000 !important}');
  });
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  probeUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  scratch = await mkdtemp(join(tmpdir(), 'local-render-'));
});
afterAll(async () => {
  probe.close();
  await closeBrowser();
  await rm(scratch, { recursive: true, force: true });
});

// Each case launches or drives Chromium: on a busy machine one takes several seconds, past vitest's 5 s default.
describe('local HTML renderer', { timeout: 30_000 }, () => {
  it('renders three coloured blocks to a PNG of the viewport with each block where the CSS put it', async () => {
    const res = await render({ html: BLOCKS, width: 640, height: 400, fit: 'viewport' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect([res.headers.get('x-image-width'), res.headers.get('x-image-height')]).toEqual(['640', '400']);
    const png = await res.arrayBuffer();
    expect(await sharp(Buffer.from(png)).metadata()).toMatchObject({ format: 'png', width: 640, height: 400 });
    expect(await pixel(png, 50, 50)).toEqual([255, 0, 0]);
    expect(await pixel(png, 200, 100)).toEqual([0, 255, 0]);
    expect(await pixel(png, 350, 250)).toEqual([0, 0, 255]);
    expect(await pixel(png, 500, 350)).toEqual([255, 255, 255]);
  });

  it('writes JPEG and WebP at the quality asked', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const res = await render({ html: BLOCKS, width: 480, height: 320, format, quality: 80, fit: 'viewport' });
      expect(res.headers.get('content-type')).toBe(`image/${format}`);
      const bytes = await res.arrayBuffer();
      expect(await sharp(Buffer.from(bytes)).metadata()).toMatchObject({ format, width: 480, height: 320 });
      near(await pixel(bytes, 50, 50), [255, 0, 0], 24);
    }
  });

  it('captures the whole page when asked, and stops at the height cap', async () => {
    const tall = (px: number) =>
      `<body style="margin:0"><div style="height:${px}px;background:linear-gradient(#ff0000 50%,#0000ff 50%)"></div></body>`;
    const full = await render({ html: tall(2400), width: 400, height: 300, fullPage: true });
    expect(full.headers.get('x-image-height')).toBe('2400');
    const png = await full.arrayBuffer();
    near(await pixel(png, 10, 2300), [0, 0, 255]);

    const huge = await render({ html: tall(40_000), width: 320, height: 300, fullPage: true });
    expect(huge.status).toBe(200);
    expect(huge.headers.get('x-image-height')).toBe(String(HTML_MAX_PAGE_HEIGHT));
    expect(JSON.parse(huge.headers.get('x-capture')!)).toMatchObject({
      fit: 'page',
      clipped: true,
      wanted: { width: 320, height: 40_000 },
    });
  });

  it('fits the picture to what the page paints by default, or to the element a selector names, at 1× or 2×', async () => {
    const card = `<!doctype html><body style="margin:0;background:#fff"><div class="card" style="position:absolute;left:37px;top:21px;width:420px;height:180px;background:#0000ff;box-shadow:0 4px 12px #0004"><p style="margin:20px">Hello</p></div></body>`;
    const fitted = await render({ html: card, width: 1280, height: 800 });
    expect([fitted.headers.get('x-image-width'), fitted.headers.get('x-image-height')]).toEqual(['420', '180']);
    expect(JSON.parse(fitted.headers.get('x-capture')!)).toMatchObject({
      fit: 'content',
      box: { x: 37, y: 21, width: 420, height: 180 },
    });
    near(await pixel(await fitted.arrayBuffer(), 2, 2), [0, 0, 255]);
    const double = await render({ html: card, width: 1280, height: 800, selector: '.card', scale: 2 });
    expect([double.headers.get('x-image-width'), double.headers.get('x-image-height')]).toEqual(['840', '360']);
    expect(JSON.parse(double.headers.get('x-capture')!)).toMatchObject({ fit: 'element' });
  });

  it('leaves the backdrop transparent when asked, in PNG and WebP', async () => {
    const html =
      '<body style="margin:0"><div style="width:100px;height:60px;border-radius:30px;background:#ff0000"></div></body>';
    for (const format of ['png', 'webp'] as const) {
      const res = await render({ html, width: 320, height: 200, format, transparent: true });
      const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([100, 60]);
      expect(data[3], `${format}: a rounded corner is see-through`).toBe(0);
      expect(data[(30 * info.width + 50) * 4 + 3], `${format}: the middle is opaque`).toBe(255);
    }
  });

  it('refuses a selector the browser cannot parse, or that matches nothing shown, with 400', async () => {
    for (const [selector, code] of [
      ['div[', 'invalid_selector'],
      ['.missing', 'selector_not_found'],
      ['.hidden', 'selector_not_found'],
    ] as const) {
      const res = await render({
        html: '<div class="hidden" style="display:none">x</div><p>hi</p>',
        width: 320,
        height: 200,
        selector,
      });
      expect(res.status, selector).toBe(400);
      expect(await res.json()).toMatchObject({ code });
    }
  });

  it('runs no script unless scripts are allowed', async () => {
    const html = `<body style="margin:0;background:#fff"><script>document.body.style.background = '#00ff00'</script></body>`;
    expect(await pixel(await (await render({ html, width: 320, height: 200 })).arrayBuffer(), 10, 10)).toEqual([
      255, 255, 255,
    ]);
    expect(
      await pixel(await (await render({ html, width: 320, height: 200, allowScripts: true })).arrayBuffer(), 10, 10),
    ).toEqual([0, 255, 0]);
  });

  it('lets the page reach no network: pictures, styles, frames, fetch, WebSocket and beacons are all refused', async () => {
    hits = [];
    const html = `<body style="margin:0;background:#fff">
      <link rel="stylesheet" href="${probeUrl}/style.css"><img src="${probeUrl}/picture.png" width="50" height="50">
      <img src="http://example.com/x.png"><iframe src="${probeUrl}/frame" style="width:10px;height:10px;border:0"></iframe>
      <script>fetch('${probeUrl}/fetch').catch(() => {}); new WebSocket('${probeUrl.replace('http', 'ws')}/socket');
      navigator.sendBeacon('${probeUrl}/beacon', 'x'); new Image().src = '${probeUrl}/script-image';</script></body>`;
    const res = await render({ html, width: 320, height: 200, allowScripts: true, fit: 'viewport' });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-blocked-requests'))).toBeGreaterThanOrEqual(5);
    // The probe's stylesheet would paint the page red.
    expect(await pixel(await res.arrayBuffer(), 300, 190)).toEqual([255, 255, 255]);
    await new Promise((r) => setTimeout(r, 300));
    expect(hits).toEqual([]);
  });

  it('does not read local files through file:// URLs', async () => {
    const red = join(scratch, 'red.png');
    await writeFile(
      red,
      await sharp({ create: { width: 60, height: 60, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer(),
    );
    const html = `<body style="margin:0;background:#fff"><img src="file://${red}" style="display:block;width:60px;height:60px"><iframe src="file:///etc/hostname"></iframe></body>`;
    const res = await render({ html, width: 320, height: 200 });
    expect(res.status).toBe(200);
    expect(await pixel(await res.arrayBuffer(), 30, 30)).not.toEqual([255, 0, 0]);
  });

  it('stops a page that never finishes with a clear 422, and renders the next page normally', async () => {
    const started = Date.now();
    const res = await render({ html: '<script>for (;;) {}</script>', width: 320, height: 200, allowScripts: true });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'render_timeout', error: expect.stringContaining('10 seconds') });
    expect(Date.now() - started).toBeLessThan(17_000);
    expect((await render({ html: BLOCKS, width: 640, height: 400 })).status).toBe(200);
  }, 30_000);

  it(`renders ${MAX_PAGES} pages at once, queues ${MAX_WAITING} more, and answers 503 renderer_busy beyond that`, async () => {
    // Each page holds its slot for a moment (scripts on, a short busy loop), so the requests overlap.
    const html = '<script>const t = Date.now(); while (Date.now() - t < 400) {}</script>';
    const answers = await Promise.all(
      Array.from({ length: MAX_PAGES + MAX_WAITING + 1 }, () =>
        render({ html, width: 320, height: 200, allowScripts: true }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array<number>(MAX_PAGES + MAX_WAITING).fill(200), 503]);
    expect(await answers.find((r) => r.status === 503)!.json()).toMatchObject({
      code: 'renderer_busy',
      error: expect.stringMatching(/busy/),
    });
  }, 30_000);

  it('refuses bad requests with a JSON reason', async () => {
    const cases: [unknown, number, string][] = [
      ['{not json', 400, 'invalid_json'],
      [{ html: '   ' }, 400, 'validation_failed'],
      [{ html: BLOCKS, width: 100 }, 400, 'validation_failed'],
      [{ html: BLOCKS, width: 4000 }, 400, 'validation_failed'],
      [{ html: BLOCKS, format: 'gif' }, 400, 'validation_failed'],
      [{ html: BLOCKS, format: 'jpeg', transparent: true }, 400, 'validation_failed'],
      [{ html: BLOCKS, fit: 'page', selector: 'div' }, 400, 'validation_failed'],
      [{ html: BLOCKS, scale: 3 }, 400, 'validation_failed'],
      [{ html: 'x'.repeat(HTML_MAX_BYTES + 1) }, 413, 'payload_too_large'],
    ];
    for (const [body, status, code] of cases) {
      const res = await render(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(await res.json()).toMatchObject({ code, error: expect.any(String) });
    }
  });
});
