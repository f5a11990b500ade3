/**
 * Production: Cloudflare Browser Rendering through the `BROWSER` binding and `@cloudflare/puppeteer` (ADR 0104).
 * puppeteer is imported on first use, so the other routes never load it. A browser session is reused: a free open
 * session is joined, else one is launched and kept alive a minute after we disconnect. The page is opened at
 * RENDER_URL, answered from memory with the HTML and RENDER_CSP; every other request but data: URLs is aborted.
 */
import type { Browser, BrowserWorker, PuppeteerWorkers } from '@cloudflare/puppeteer';
import { captureHeight, HTML_RENDER_TIMEOUT_MS, RENDER_CSP, RENDER_URL, renderMayLoad, type HtmlRenderOptions, type RenderOutcome } from '../../../../core/tools/html';
import { RendererError, timeoutMessage, type HtmlRenderer } from './types';

/** How long Browser Rendering keeps an idle session for the next request (its default is one minute). */
const KEEP_ALIVE_MS = 60_000;

async function openBrowser(puppeteer: PuppeteerWorkers, binding: BrowserWorker): Promise<Browser> {
  try {
    const free = (await puppeteer.sessions(binding)).find((s) => !s.connectionId);
    if (free) return await puppeteer.connect(binding, free.sessionId);
  } catch {
    // The session was taken or closed meanwhile: launch one.
  }
  return puppeteer.launch(binding, { keep_alive: KEEP_ALIVE_MS });
}

export function cloudflareRenderer(binding: BrowserWorker): HtmlRenderer {
  return {
    name: 'cloudflare',
    async render(options: HtmlRenderOptions): Promise<RenderOutcome> {
      const { default: puppeteer } = await import('@cloudflare/puppeteer');
      let browser: Browser;
      try {
        browser = await openBrowser(puppeteer, binding);
      } catch (err) {
        console.error('browser rendering: no session', err instanceof Error ? err.message : String(err));
        throw new RendererError(503, 'renderer_unavailable', 'The HTML renderer is busy or unavailable right now. Please try again in a minute.');
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new RendererError(422, 'render_timeout', timeoutMessage(HTML_RENDER_TIMEOUT_MS))), HTML_RENDER_TIMEOUT_MS);
      });
      const page = await browser.newPage();
      try {
        return await Promise.race([capture(page, options), deadline]);
      } catch (err) {
        if (err instanceof RendererError) throw err;
        console.error('browser rendering failed', err instanceof Error ? err.message : String(err));
        throw new RendererError(422, 'render_failed', 'The browser could not render this page. Please check the HTML and try again.');
      } finally {
        clearTimeout(timer);
        await page.close().catch(() => undefined);
        // Disconnect, not close: the session stays warm for the next page.
        await browser.disconnect().catch(() => undefined);
      }
    },
  };
}

type Page = Awaited<ReturnType<Browser['newPage']>>;

async function capture(page: Page, options: HtmlRenderOptions): Promise<RenderOutcome> {
  let blocked = 0;
  await page.setJavaScriptEnabled(options.allowScripts);
  await page.setViewport({ width: options.width, height: options.height, deviceScaleFactor: 1 });
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    const url = request.url();
    if (url === RENDER_URL) {
      void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', headers: { 'content-security-policy': RENDER_CSP }, body: options.html });
    } else if (renderMayLoad(url)) {
      void request.continue();
    } else {
      blocked++;
      void request.abort('blockedbyclient');
    }
  });
  await page.goto(RENDER_URL, { waitUntil: 'load', timeout: HTML_RENDER_TIMEOUT_MS });
  // The layout's own size, read through DevTools: page scripts may be off.
  const cdp = await page.createCDPSession();
  const metrics = (await cdp.send('Page.getLayoutMetrics')) as { cssContentSize: { height: number } };
  const pageHeight = metrics.cssContentSize.height;
  const { height } = captureHeight(options, pageHeight);
  const shot = await page.screenshot({
    type: options.format,
    quality: options.format === 'png' ? undefined : options.quality,
    clip: { x: 0, y: 0, width: options.width, height },
    captureBeyondViewport: options.fullPage,
  });
  return { bytes: new Uint8Array(shot), width: options.width, height, format: options.format, blocked, pageHeight };
}
