import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { HTML_MAX_BODY_BYTES, HTML_MAX_BYTES, HTML_MAX_PAGE_HEIGHT } from '../../../../core/tools/html';
import { readHeader } from '../../../../core/images/sniff';
import type { ToolResult } from '../../../../core/api/tools';
import { decode } from '../../src/imaging/codecs/decode';
import { getHtmlRenderer } from '../../src/render';
import { localRenderer } from '../../src/render/local';
import type { RendererError } from '../../src/render/types';
import { postConvertHtml } from '../../src/routes/tools/html';
import { RATE_LIMITS_PER_MINUTE } from '../../../../core/limits';
import { api, awayFromMinuteBoundary, cookiesFrom } from '../helpers';
import { createExecutionContext } from 'cloudflare:test';
import { notBilled } from '../../src/billed-calls';
import { RequestContext } from '../../src/identity/request-context';

// POST /api/convert/html against the real offline renderer (local-render/, Debian's Chromium, bound in-process as
// LOCAL_RENDER) and the real local R2.

const post = (body: unknown, contentType = 'application/json') =>
  api('/api/convert/html', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const storedCount = async () => (await env.BUCKET.list({ prefix: 'tmp/' })).objects.length;

async function picture(result: ToolResult) {
  const res = await api(result.imageUrl);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, header: readHeader(bytes)! };
}

async function rgbAt(bytes: Uint8Array, x: number, y: number) {
  const raster = await decode(bytes, readHeader(bytes)!);
  const at = (y * raster.width + x) * 4;
  return [...raster.data.subarray(at, at + 3)];
}

const BLOCKS = `<!doctype html><style>body{margin:0;background:#fff}div{position:absolute;width:100px;height:100px}</style>
<div style="left:0;top:0;background:#ff0000"></div><div style="left:150px;top:50px;background:#00ff00"></div><div style="left:300px;top:200px;background:#0000ff"></div>`;

describe('POST /api/convert/html', () => {
  it('renders a page to a stored PNG and answers like every tool result', async () => {
    const res = await post({ html: BLOCKS, width: 640, height: 400, fit: 'viewport' });
    const result = await res.json<ToolResult>();
    expect(res.status, JSON.stringify(result)).toBe(200);
    expect(result).toMatchObject({
      format: 'png',
      width: 640,
      height: 400,
      operation: 'html-to-image',
      engine: 'browser',
      compressionRatio: 0,
    });
    expect(result.originalSize).toBe(new TextEncoder().encode(BLOCKS).length);
    expect(result.notes).toContain('Scripts were off.');
    const { res: image, bytes, header } = await picture(result);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(bytes.length).toBe(result.size);
    expect(header).toMatchObject({ format: 'png', width: 640, height: 400 });
    expect(await rgbAt(bytes, 50, 50)).toEqual([255, 0, 0]);
    expect(await rgbAt(bytes, 200, 100)).toEqual([0, 255, 0]);
    expect(await rgbAt(bytes, 350, 250)).toEqual([0, 0, 255]);
  });

  it('writes JPEG and WebP at the quality asked', async () => {
    for (const format of ['jpeg', 'webp'] as const) {
      const result = await (
        await post({ html: BLOCKS, width: 400, height: 300, format, quality: 70, fit: 'viewport' })
      ).json<ToolResult>();
      expect(result).toMatchObject({ format, width: 400, height: 300, quality: 70 });
      expect((await picture(result)).header.format).toBe(format);
    }
  });

  it('captures the full page, and a page taller than the cap to the cap with a note', async () => {
    const tall = (px: number) => `<body style="margin:0"><div style="height:${px}px;background:#0000ff"></div></body>`;
    const full = await (await post({ html: tall(1800), width: 320, fullPage: true })).json<ToolResult>();
    expect([full.width, full.height]).toEqual([320, 1800]);
    const capped = await (await post({ html: tall(30_000), width: 320, fullPage: true })).json<ToolResult>();
    expect(capped.height).toBe(HTML_MAX_PAGE_HEIGHT);
    expect(capped.notes.join(' ')).toMatch(
      /The page is 320 × 30,000 px; the picture shows its top-left 320 × 16,000 px/,
    );
    expect((await picture(capped)).header.height).toBe(HTML_MAX_PAGE_HEIGHT);
  });

  it('fits the picture to a 420 px card by default, doubles it at 2×, and to the element a selector names', async () => {
    const card = `<!doctype html><body style="margin:0;background:#f3f4f6"><div class="card" style="margin:40px;width:420px;height:240px;box-sizing:border-box;padding:24px;border-radius:16px;background:#ffffff;box-shadow:0 8px 24px #0003">
      <h1 style="margin:0;font:700 32px sans-serif">Hello</h1></div><p class="note" style="position:absolute;left:600px;top:400px;margin:0">far away</p></body>`;
    const fitted = await (await post({ html: card, selector: '.card' })).json<ToolResult>();
    expect([fitted.width, fitted.height]).toEqual([420, 240]);
    expect(fitted.notes[0]).toBe('Fitted to the element ".card": 420 × 240 px.');
    expect((await picture(fitted)).header).toMatchObject({ width: 420, height: 240 });
    const double = await (await post({ html: card, selector: '.card', scale: 2 })).json<ToolResult>();
    expect([double.width, double.height]).toEqual([840, 480]);
    expect(double.notes.join(' ')).toMatch(/At 2×: every CSS pixel is 2 × 2 pixels, so the picture is 840 × 480/);
    // With no selector, the content is everything painted: the card and the far paragraph, not the grey backdrop.
    const content = await (await post({ html: card })).json<ToolResult>();
    expect(content.notes[0]).toMatch(/^Fitted to the page's content: \d+ × \d+ px of a page laid out 1,280 px wide\.$/);
    // From the card's corner (40, 40) to the end of the paragraph's text (600 + its width, 400 + a line).
    expect(content.width).toBeGreaterThan(600);
    expect(content.width).toBeLessThan(700);
    expect(content.height).toBeGreaterThan(370);
    expect(content.height).toBeLessThan(390);
    // The card alone, without a selector: the picture is its box.
    const alone = await (await post({ html: card.replace(/<p class="note".*<\/p>/, '') })).json<ToolResult>();
    expect([alone.width, alone.height]).toEqual([420, 240]);
  });

  it('leaves the backdrop transparent when asked: a rounded corner is see-through, the middle opaque', async () => {
    const html =
      '<body style="margin:0"><div style="width:200px;height:100px;border-radius:50px;background:#ff0000"></div></body>';
    for (const format of ['png', 'webp'] as const) {
      const result = await (await post({ html, format, transparent: true })).json<ToolResult>();
      expect([result.format, result.width, result.height]).toEqual([format, 200, 100]);
      expect(result.notes.join(' ')).toMatch(/transparent where the page paints none/);
      const raster = await decode((await picture(result)).bytes, (await picture(result)).header);
      expect(raster.data[3], format).toBe(0);
      expect(raster.data[(50 * 200 + 100) * 4 + 3], format).toBe(255);
    }
  });

  it('a page that paints nothing is captured as its viewport, and says so', async () => {
    const result = await (
      await post({ html: '<body style="background:#00ff00"></body>', width: 400, height: 300 })
    ).json<ToolResult>();
    expect([result.width, result.height]).toEqual([400, 300]);
    expect(result.notes[0]).toBe('The page paints nothing to fit to, so the 400 × 300 px viewport was captured.');
  });

  it('refuses a selector the browser cannot parse, or one that matches nothing shown, with 400 and stores nothing', async () => {
    const before = await storedCount();
    const html =
      '<div class="hidden" style="display:none">x</div><p class="empty" style="width:0;height:0;margin:0"></p><p>text</p>';
    for (const [selector, code, message] of [
      ['div[', 'invalid_selector', /"div\[" is not a CSS selector the browser understands/],
      ['p >> a', 'invalid_selector', /not a CSS selector/],
      ['.missing', 'selector_not_found', /No element on the page matches "\.missing"/],
      ['.hidden', 'selector_not_found', /is not shown/],
      ['.empty', 'selector_not_found', /has no size/],
    ] as const) {
      const res = await post({ html, selector });
      expect(res.status, selector).toBe(400);
      expect(await res.json(), selector).toMatchObject({ code, error: expect.stringMatching(message) });
    }
    expect(await storedCount()).toBe(before);
  });

  it('lets a page reach no network: an <img> on example.com, a stylesheet, a fetch and a beacon to a live server', async () => {
    const { url } = await (await env.NETWORK_PROBE.fetch('http://probe/url')).json<{ url: string }>();
    const html = `<body style="margin:0;background:#fff"><img src="http://example.com/x.png"><img src="${url}/picture.png">
      <link rel="stylesheet" href="${url}/style.css">
      <script>fetch('${url}/fetch').catch(() => {}); navigator.sendBeacon('${url}/beacon', 'x');</script></body>`;
    const result = await (
      await post({ html, width: 320, height: 200, allowScripts: true, fit: 'viewport' })
    ).json<ToolResult>();
    expect(result.notes.join(' ')).toMatch(/requests to the network were blocked/);
    expect(result.notes).toContain('Scripts ran, as you allowed.');
    // The probe's stylesheet would have painted the page red.
    expect(await rgbAt((await picture(result)).bytes, 300, 190)).toEqual([255, 255, 255]);
    await new Promise((r) => setTimeout(r, 300));
    expect((await (await env.NETWORK_PROBE.fetch('http://probe/hits')).json<{ hits: string[] }>()).hits).toEqual([]);
  });

  it('lets a page send no UDP: peer connections to a STUN and a TURN server on a live loopback socket send nothing', async () => {
    const { port } = await (await env.NETWORK_PROBE.fetch('http://probe/udp')).json<{ port: number }>();
    const probe = async () =>
      (await (await env.NETWORK_PROBE.fetch('http://probe/hits')).json<{ datagrams: number }>()).datagrams;
    const before = await probe();
    // The page is held 1.5 s after the offer, so ICE gathering has time to send (local-render/sandbox.test.ts shows
    // the same page sending datagrams from a Chromium without the renderer's locks).
    const html = `<body><script>(() => {
      const pc = window.RTCPeerConnection && new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${port}' }, { urls: 'turn:127.0.0.1:${port}?transport=udp', username: 'u', credential: 'p' }] });
      document.body.textContent = pc ? 'peer connection' : 'no peer connection';
      if (pc) { pc.createDataChannel('x'); pc.createOffer().then((offer) => pc.setLocalDescription(offer)).then(() => { const t = Date.now(); while (Date.now() - t < 1500) {} }); }
    })()</script></body>`;
    const res = await post({ html, width: 320, height: 200, allowScripts: true });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await probe()).toBe(before);
  });

  it('runs scripts only when asked', async () => {
    const html =
      '<body style="margin:0;background:#fff"><script>document.body.style.background = "#00ff00"</script></body>';
    const off = await (await post({ html, width: 320, height: 200 })).json<ToolResult>();
    expect(await rgbAt((await picture(off)).bytes, 5, 5)).toEqual([255, 255, 255]);
    const on = await (await post({ html, width: 320, height: 200, allowScripts: true })).json<ToolResult>();
    expect(await rgbAt((await picture(on)).bytes, 5, 5)).toEqual([0, 255, 0]);
  });

  it('stops a page that never finishes loading with 422 render_timeout and stores nothing', async () => {
    const before = await storedCount();
    const res = await post({ html: '<script>for (;;) {}</script>', width: 320, allowScripts: true });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'render_timeout',
      error: expect.stringMatching(/longer than 10 seconds/),
    });
    expect(await storedCount()).toBe(before);
  }, 40_000);

  it('refuses every bad request with the right status and a JSON reason, storing nothing', async () => {
    const before = await storedCount();
    const cases: [body: unknown, status: number, code: string, message: RegExp, type?: string][] = [
      [BLOCKS, 415, 'unsupported_media_type', /Send the page as JSON/, 'text/html'],
      ['{"html": ', 400, 'invalid_json', /not valid JSON/],
      [{}, 400, 'validation_failed', /paste some HTML/],
      [{ html: ' \n ' }, 400, 'validation_failed', /The HTML is empty/],
      [{ html: '' }, 400, 'validation_failed', /The HTML is empty/],
      [{ html: BLOCKS, width: 100 }, 400, 'validation_failed', /Viewport width must be between 320 and 1920/],
      [{ html: BLOCKS, width: 5000 }, 400, 'validation_failed', /Viewport width must be between 320 and 1920/],
      [{ html: BLOCKS, height: 99_999 }, 400, 'validation_failed', /Viewport height must be between/],
      [{ html: BLOCKS, format: 'gif' }, 400, 'validation_failed', /Format must be one of png, jpeg, webp/],
      [{ html: BLOCKS, fullPage: 'yes' }, 400, 'validation_failed', /Full page must be true or false/],
      [{ html: BLOCKS, format: 'jpeg', quality: 5 }, 400, 'validation_failed', /Quality must be between 10 and 100/],
      [
        { html: BLOCKS, format: 'jpeg', transparent: true },
        400,
        'validation_failed',
        /JPEG has no transparency\. Choose PNG or WebP/,
      ],
      [
        { html: BLOCKS, fit: 'viewport', selector: '.card' },
        400,
        'validation_failed',
        /A selector picks the element the picture fits, so it needs fit=content/,
      ],
      [{ html: BLOCKS, fit: 'middle' }, 400, 'validation_failed', /Fit must be one of content, viewport, page/],
      [{ html: BLOCKS, scale: 3 }, 400, 'validation_failed', /Scale must be 1 or 2/],
      [{ html: BLOCKS, selector: '' }, 400, 'validation_failed', /The selector is empty/],
      [
        { html: BLOCKS, selector: 'div '.repeat(100) },
        400,
        'validation_failed',
        /The selector is longer than 300 characters/,
      ],
      [{ html: BLOCKS, transparent: 'yes' }, 400, 'validation_failed', /Transparent must be true or false/],
      [{ html: 'é'.repeat(HTML_MAX_BYTES / 2 + 1) }, 413, 'payload_too_large', /the most we render is 1 MB/],
      [{ html: '"'.repeat(HTML_MAX_BODY_BYTES) }, 413, 'payload_too_large', /The request is too large/],
    ];
    for (const [body, status, code, message, type] of cases) {
      const res = await post(body, type);
      const answer = await res.json<{ error: string; code: string }>();
      expect(res.status, `${JSON.stringify(body).slice(0, 50)} → ${JSON.stringify(answer)}`).toBe(status);
      expect(answer.code).toBe(code);
      expect(answer.error).toMatch(message);
    }
    expect(await storedCount()).toBe(before);
  });

  it('is rate limited with the other tools: past the budget of a minute it answers 429 with Retry-After', async () => {
    await awayFromMinuteBoundary();
    let cookie = '';
    for (let i = 0; i < RATE_LIMITS_PER_MINUTE.tools; i++) {
      // Cheap requests (refused for their JSON) count like any other.
      const res = await api('/api/convert/html', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: '{',
      });
      expect(res.status).toBe(400);
      cookie = cookiesFrom(res, cookie);
    }
    const res = await api('/api/convert/html', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ html: BLOCKS }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('answers 503 with a clear message when no renderer is running or configured', async () => {
    const stopped = localRenderer({ fetcher: undefined, url: 'http://127.0.0.1:9' });
    await expect(
      stopped.render({
        html: BLOCKS,
        width: 320,
        height: 200,
        fullPage: false,
        format: 'png',
        quality: 90,
        transparent: false,
        scale: 1,
        allowScripts: false,
      }),
    ).rejects.toMatchObject({
      status: 503,
      code: 'renderer_unavailable',
      message: expect.stringMatching(/not running. Start the app with `npm start`/),
    } satisfies Partial<RendererError>);
    // Production without its [browser] binding, and an unknown renderer name.
    for (const changed of [{ HTML_RENDERER: 'cloudflare', BROWSER: undefined }, { HTML_RENDERER: 'nothing' }]) {
      const request = new Request('http://local/api/convert/html', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ html: BLOCKS }),
      });
      await expect(
        postConvertHtml(request, { ...env, ...changed }, createExecutionContext(), new RequestContext()),
      ).rejects.toMatchObject({ status: 503, code: 'renderer_unavailable' });
      expect(getHtmlRenderer({ ...env, ...changed }, notBilled).name).toBeDefined();
    }
  });
});
