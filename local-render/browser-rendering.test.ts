import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from '@cloudflare/puppeteer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HtmlRenderOptions } from '../core/tools/html';
import { renderInSession } from '../workers/api/src/render/cloudflare';
import type { RendererError } from '../workers/api/src/render/types';
import { CHROMIUM_PATH } from './browser';
import { globalsPage, loopbackPeer, peerPage, plainWindowNames, type LoopbackPeer } from './test-pages';

// The production renderer's page code (workers/api/src/render/cloudflare.ts, @cloudflare/puppeteer) on Debian's
// Chromium started with none of the offline renderer's switches, as Browser Rendering gives us a browser we cannot
// configure: whatever keeps the page in here is the production code's own doing. Only the session (launch with
// guardrails, join a free one) is left out; that needs the BROWSER binding.

const options = (
  html: string,
  allowScripts = true,
  more: Partial<HtmlRenderOptions> = { fit: 'viewport' },
): HtmlRenderOptions => ({
  html,
  width: 320,
  height: 200,
  fullPage: false,
  format: 'png',
  quality: 90,
  transparent: false,
  scale: 1,
  allowScripts,
  ...more,
});

async function rgbAt(bytes: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

interface Chromium {
  browser: Browser;
  process: ChildProcess;
}

let scratch = '';
let profiles = 0;

/**
 * A bare headless Chromium with DevTools on loopback. Background networking is off, so the tests stay on loopback;
 * popups are allowed, as puppeteer's own launch does (--disable-popup-blocking), so only our code can stop them.
 */
async function startChromium(): Promise<Chromium> {
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-popup-blocking',
    '--remote-debugging-port=0',
  ];
  const child = spawn(
    CHROMIUM_PATH,
    [...args, `--user-data-dir=${join(scratch, `profile-${profiles++}`)}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (found) resolve(found[1]!);
    });
    child.on('exit', () => reject(new Error(`Chromium exited before DevTools answered: ${seen.slice(-300)}`)));
  });
  return { browser: await puppeteer.connect({ browserWSEndpoint: endpoint }), process: child };
}

async function stopChromium({ browser, process: child }: Chromium) {
  void browser.disconnect().catch(() => undefined);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

let chromium: Chromium;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'browser-rendering-'));
  chromium = await startChromium();
}, 30_000);
afterAll(async () => {
  await stopChromium(chromium);
  await rm(scratch, { recursive: true, force: true });
});

describe('the production renderer on a Chromium with no locks of its own', () => {
  it('renders the page in a fresh incognito context, counts no request it did not make, and leaves no context behind', async () => {
    const html =
      '<body style="margin:0;background:#fff"><div style="width:100px;height:100px;background:#ff0000"></div></body>';
    const out = await renderInSession(chromium.browser, options(html, false), 10_000);
    expect([out.width, out.height, out.blocked]).toEqual([320, 200, 0]);
    expect(await rgbAt(out.bytes, 50, 50)).toEqual([255, 0, 0]);
    expect(await rgbAt(out.bytes, 200, 150)).toEqual([255, 255, 255]);
    expect(chromium.browser.browserContexts()).toHaveLength(1); // the default one only
  });

  it('fits the content, or the element a selector names, at 1× or 2×, with a transparent backdrop when asked', async () => {
    const html =
      '<body style="margin:0"><div class="card" style="position:absolute;left:30px;top:20px;width:120px;height:80px;border-radius:20px;background:#0000ff"></div></body>';
    const fitted = await renderInSession(chromium.browser, options(html, false, {}), 10_000);
    expect([fitted.width, fitted.height, fitted.capture.fit]).toEqual([120, 80, 'content']);
    expect((await sharp(fitted.bytes).metadata()).width).toBe(120);
    const double = await renderInSession(
      chromium.browser,
      options(html, false, { selector: '.card', scale: 2, transparent: true }),
      10_000,
    );
    expect([double.width, double.height]).toEqual([240, 160]);
    const { data, info } = await sharp(double.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, data[3]]).toEqual([240, 160, 0]); // the rounded corner
    await expect(
      renderInSession(chromium.browser, options(html, false, { selector: 'div[' }), 10_000),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_selector' } satisfies Partial<RendererError>);
    await expect(
      renderInSession(chromium.browser, options(html, false, { selector: '#none' }), 10_000),
    ).rejects.toMatchObject({ status: 400, code: 'selector_not_found' } satisfies Partial<RendererError>);
  }, 30_000);

  it('lets the page reach no server: subresources, fetch, beacon, WebSocket, popups, links, forms and redirects', async () => {
    const hits: string[] = [];
    const probe: Server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/css' }).end('html,body{background:#ff0000 !important}');
    });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    try {
      const html = `<body style="margin:0;background:#fff"><link rel="stylesheet" href="${url}/style.css"><img src="${url}/img.png">
        <iframe src="${url}/frame"></iframe><form id="f" action="${url}/form" method="post" target="_blank"></form>
        <a id="a" href="${url}/link" target="_blank">x</a><script>(() => {
          fetch('${url}/fetch').catch(() => {}); navigator.sendBeacon('${url}/beacon', 'x');
          try { new WebSocket('${url.replace('http', 'ws')}/socket'); } catch {}
          window.open('${url}/popup'); document.getElementById('a').click(); document.getElementById('f').submit();
          setTimeout(() => { location.href = '${url}/navigate'; }, 50);
        })()</script></body>`;
      const out = await renderInSession(chromium.browser, options(html), 10_000);
      expect(out.blocked).toBeGreaterThanOrEqual(3);
      expect(await rgbAt(out.bytes, 300, 190)).not.toEqual([255, 0, 0]);
      await new Promise((r) => setTimeout(r, 500));
      expect(hits).toEqual([]);
      expect((await chromium.browser.pages()).every((p) => !p.url().startsWith(url))).toBe(true);
    } finally {
      probe.close();
    }
  }, 30_000);

  it('puts nothing of the automation into the page', async () => {
    const out = await renderInSession(chromium.browser, options(globalsPage(await plainWindowNames(scratch))), 10_000);
    expect(await rgbAt(out.bytes, 10, 10)).toEqual([0, 255, 0]);
  }, 60_000);

  describe('WebRTC', () => {
    let peer: LoopbackPeer;
    beforeAll(async () => {
      peer = await loopbackPeer();
    });
    afterAll(() => peer.close());

    it('this browser sends STUN/TURN datagrams for a page opened without the renderer (the control)', async () => {
      const context = await chromium.browser.createBrowserContext();
      try {
        const page = await context.newPage();
        await page.goto(`data:text/html,${encodeURIComponent(peerPage(peer.port))}`);
        await new Promise((r) => setTimeout(r, 2000));
      } finally {
        await context.close();
      }
      expect(peer.datagrams).toBeGreaterThan(0);
    }, 30_000);

    it('the same page through the renderer sends no datagram and opens no connection', async () => {
      peer.datagrams = 0;
      peer.connections = 0;
      expect((await renderInSession(chromium.browser, options(peerPage(peer.port)), 10_000)).width).toBe(320);
      await new Promise((r) => setTimeout(r, 1000));
      expect([peer.datagrams, peer.connections]).toEqual([0, 0]);
    }, 30_000);
  });
});

describe('the production renderer when its browser fails', () => {
  it('a browser that goes away mid-page is a 503 renderer_unavailable in words', async () => {
    const own = await startChromium();
    try {
      const pending = renderInSession(
        own.browser,
        options('<script>const t = Date.now(); while (Date.now() - t < 5000) {}</script>'),
        10_000,
      );
      await new Promise((r) => setTimeout(r, 1000));
      own.process.kill('SIGKILL');
      await expect(pending).rejects.toMatchObject({
        status: 503,
        code: 'renderer_unavailable',
        message: expect.stringMatching(/stopped while drawing/),
      } satisfies Partial<RendererError>);
    } finally {
      await stopChromium(own);
    }
  }, 30_000);

  it('a browser that stops answering is a 503 at the deadline, and the session is let go', async () => {
    const own = await startChromium();
    try {
      own.process.kill('SIGSTOP');
      const started = Date.now();
      await expect(renderInSession(own.browser, options('<p>x</p>', false), 3_000)).rejects.toMatchObject({
        status: 503,
        code: 'renderer_unavailable',
        message: expect.stringMatching(/stopped answering/),
      } satisfies Partial<RendererError>);
      // The deadline, then at most the grace for closing the context and the grace for closing the browser.
      expect(Date.now() - started).toBeLessThan(3_000 + 2 * 5_000 + 1_000);
    } finally {
      await stopChromium(own);
    }
  }, 30_000);
});
