/**
 * The offline HTML renderer's browser side (ADR 0104): one warm Debian Chromium driven by playwright-core, a fresh
 * browser context (and so a fresh page, cookies and cache) per request, at most MAX_PAGES at once.
 *
 * The network rule (`renderMayLoad`: data: URLs only) is enforced three times: the page is served with RENDER_CSP,
 * every request and WebSocket of the page is routed and refused, and the browser's only way out is a proxy on
 * loopback that refuses everything, for whatever slips past interception (beacons do).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { captureHeight, RENDER_CSP, RENDER_URL, renderMayLoad, type HtmlRenderOptions, type RenderOutcome } from '../core/tools/html';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Pages rendered at once; more wait their turn. */
export const MAX_PAGES = 2;
/** Requests allowed to wait for a page; beyond that the service is busy (503). */
export const MAX_WAITING = 8;
const CLOSE_GRACE_MS = 5_000;

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // WebRTC may not send UDP around the proxy.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

export class RenderProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: 'render_timeout' | 'renderer_busy' | 'renderer_unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** Counts what reached the refusing proxy: a test can see that nothing went further. */
export const sealed = { attempts: 0 };

/** The browser's only route out: answers every request and CONNECT with 403 and closes. */
async function startRefusingProxy(): Promise<Server> {
  const server = createServer((_req, res) => {
    sealed.attempts++;
    res.writeHead(403).end();
  });
  server.on('connect', (_req, socket) => {
    sealed.attempts++;
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return server;
}

let browserPromise: Promise<Browser> | null = null;
let proxy: Server | null = null;

/** The warm browser, launched on first use and again if it ever goes away. */
export function warmBrowser(): Promise<Browser> {
  browserPromise ??= (async () => {
    proxy ??= await startRefusingProxy();
    const { port } = proxy.address() as AddressInfo;
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...LAUNCH_ARGS, `--proxy-server=http://127.0.0.1:${port}`, '--proxy-bypass-list=<-loopback>'],
    });
    browser.on('disconnected', () => (browserPromise = null));
    return browser;
  })().catch((err: unknown) => {
    browserPromise = null;
    console.error('local-render: could not start Chromium', err);
    throw new RenderProblem(503, 'renderer_unavailable', `The local renderer could not start Chromium (${CHROMIUM_PATH}). Install Debian's chromium and try again.`);
  });
  return browserPromise;
}

export async function closeBrowser(): Promise<void> {
  const pending = browserPromise;
  browserPromise = null;
  await (await pending?.catch(() => null))?.close();
  proxy?.close();
  proxy = null;
}

let active = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (active < MAX_PAGES) active++;
  else if (waiting.length >= MAX_WAITING) throw new RenderProblem(503, 'renderer_busy', 'The renderer is busy with other pages. Please try again in a moment.');
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the finishing request hands over its slot
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }
}

const timeoutMessage = (ms: number) =>
  `The page took longer than ${ms / 1000} seconds to render, so we stopped it. Remove endless scripts or heavy content and try again.`;

/** Renders one page in its own context; the deadline covers loading, layout and the screenshot. */
export function renderHtml(options: HtmlRenderOptions, timeoutMs: number): Promise<RenderOutcome> {
  return inTurn(async () => {
    const browser = await warmBrowser();
    const context = await browser.newContext({
      viewport: { width: options.width, height: options.height },
      deviceScaleFactor: 1,
      javaScriptEnabled: options.allowScripts,
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderProblem(422, 'render_timeout', timeoutMessage(timeoutMs))), timeoutMs);
    });
    try {
      return await Promise.race([capture(context, options, timeoutMs), deadline]);
    } finally {
      clearTimeout(timer);
      // Closing the context ends a page stuck in a script; never wait on it for long.
      await Promise.race([context.close().catch(() => undefined), new Promise((r) => setTimeout(r, CLOSE_GRACE_MS))]);
    }
  });
}

async function capture(context: BrowserContext, options: HtmlRenderOptions, timeoutMs: number): Promise<RenderOutcome> {
  let blocked = 0;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url === RENDER_URL) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', headers: { 'content-security-policy': RENDER_CSP }, body: options.html });
    if (renderMayLoad(url)) return route.continue();
    blocked++;
    return route.abort('blockedbyclient');
  });
  await context.routeWebSocket(/.*/, (ws) => {
    blocked++;
    void ws.close();
  });
  const page = await context.newPage();
  await page.goto(RENDER_URL, { waitUntil: 'load', timeout: timeoutMs });
  // The layout's own size, read through DevTools: page scripts may be off.
  const cdp = await context.newCDPSession(page);
  const metrics = (await cdp.send('Page.getLayoutMetrics')) as { cssContentSize: { height: number } };
  const pageHeight = metrics.cssContentSize.height;
  const { height } = captureHeight(options, pageHeight);
  const png = await page.screenshot({
    type: options.format === 'jpeg' ? 'jpeg' : 'png',
    quality: options.format === 'jpeg' ? options.quality : undefined,
    fullPage: options.fullPage,
    clip: { x: 0, y: 0, width: options.width, height },
    animations: 'disabled',
    timeout: timeoutMs,
  });
  const bytes = options.format === 'webp' ? await sharp(png).webp({ quality: options.quality }).toBuffer() : png;
  const { width: w = 0, height: h = 0 } = await sharp(bytes).metadata();
  return { bytes: new Uint8Array(bytes), width: w, height: h, format: options.format, blocked, pageHeight };
}
