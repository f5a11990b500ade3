/**
 * Production: Cloudflare Browser Rendering through the `BROWSER` binding and `@cloudflare/puppeteer` (ADR 0104).
 * puppeteer is imported on first use, so the other routes never load it. A browser session is reused: a free open
 * session is joined, else one is launched and kept alive a minute after we disconnect.
 *
 * The same sandbox as the offline renderer, as far as the platform allows (no launch switches here):
 * - every session we launch carries guardrails that allow no host, so the browser itself may send no HTTP(S);
 * - each page gets its own incognito browser context (no cookies, storage or cache shared with another render);
 * - the page is opened at RENDER_URL, answered from memory with the HTML and RENDER_CSP; every other request but
 *   data: URLs is aborted; scripts are off unless asked, and when on, RENDER_START_SCRIPT removes WebRTC first;
 * - nothing of the automation is put into the page: no exposeFunction, no page.evaluate, no puppeteer selector
 *   queries (each adds a binding or a script to the page's world); what to capture is measured through DevTools'
 *   own DOM agents (core/tools/html-capture.ts).
 */
import type {
  Browser,
  BrowserContext,
  BrowserWorker,
  Page,
  PuppeteerWorkers,
  SessionGuardrails,
} from '@cloudflare/puppeteer';
import {
  HTML_RENDER_TIMEOUT_MS,
  RENDER_CSP,
  RENDER_START_SCRIPT,
  RENDER_URL,
  renderMayLoad,
  type HtmlRenderOptions,
  type RenderOutcome,
} from '../../../../core/tools/html';
import { settlesWithin } from '../../../../core/settles-within';
import { CaptureProblem, measureCapture, type DevTools } from '../../../../core/tools/html-capture';
import { RendererError, timeoutMessage, type HtmlRenderer } from './types';

/** How long Browser Rendering keeps an idle session for the next request (its default is one minute). */
const KEEP_ALIVE_MS = 60_000;
/** How long a finished or stopped page may take to close before its session is taken for stuck and closed. */
const CLOSE_GRACE_MS = 5_000;
/**
 * An empty allowlist denies the session all outbound HTTP and HTTPS; it is fixed when the session is acquired
 * (https://developers.cloudflare.com/browser-run/features/guardrails/). Our page is answered by request
 * interception before any request leaves, so it needs no host.
 */
const GUARDRAILS: SessionGuardrails = { allowedDomains: [] };
/** Chromium asks for it after every page; it is answered here, not counted as a request the page made. */
const DEFAULT_FAVICON = `${RENDER_URL}favicon.ico`;

const UNAVAILABLE = 'The HTML renderer is busy or unavailable right now. Please try again in a minute.';
const BROWSER_LOST = "The renderer's browser stopped while drawing this page. Please try again.";
const BROWSER_STUCK = "The renderer's browser stopped answering, so we closed it. Please try again.";
const TAB_CRASHED =
  'The page crashed the browser tab, most likely by using too much memory. Simplify the page or its scripts and try again.';
const FAILED = 'The browser could not render this page. Please check the HTML and try again.';

async function openBrowser(puppeteer: PuppeteerWorkers, binding: BrowserWorker): Promise<Browser> {
  try {
    // Only this Worker launches sessions on the account, always with GUARDRAILS, so a free session has them too.
    const free = (await puppeteer.sessions(binding)).find((s) => !s.connectionId);
    if (free) return await puppeteer.connect(binding, free.sessionId);
  } catch {
    // The session was taken or closed meanwhile: launch one.
  }
  return puppeteer.launch(binding, { keep_alive: KEEP_ALIVE_MS, guardrails: GUARDRAILS });
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
        throw new RendererError(503, 'renderer_unavailable', UNAVAILABLE);
      }
      try {
        return await renderInSession(browser, options, HTML_RENDER_TIMEOUT_MS);
      } finally {
        // Disconnect, not close: the session stays warm for the next page (renderInSession closed a stuck one).
        await browser.disconnect().catch(() => undefined);
      }
    },
  };
}

/** What one request has reached, so a failure can be put on the page or on the browser. */
interface Attempt {
  context?: Promise<BrowserContext>;
  pageStarted: boolean;
  tabCrashed: boolean;
}

/**
 * Renders one page in its own incognito context of a connected browser; the deadline covers the context, loading,
 * layout and the screenshot. Exported so local-render/browser-rendering.test.ts can run it on Debian's Chromium.
 */
export async function renderInSession(
  browser: Browser,
  options: HtmlRenderOptions,
  timeoutMs: number,
): Promise<RenderOutcome> {
  const attempt: Attempt = { pageStarted: false, tabCrashed: false };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RendererError(422, 'render_timeout', timeoutMessage(timeoutMs))), timeoutMs);
  });
  let failure: { err: unknown } | undefined;
  let outcome: RenderOutcome | undefined;
  try {
    outcome = await Promise.race([openAndCapture(browser, attempt, options, timeoutMs), deadline]);
  } catch (err) {
    failure = { err };
  } finally {
    clearTimeout(timer);
  }
  const closed = await release(browser, attempt);
  if (!failure) return outcome!;
  throw blame(failure.err, browser, attempt, closed);
}

async function openAndCapture(
  browser: Browser,
  attempt: Attempt,
  options: HtmlRenderOptions,
  timeoutMs: number,
): Promise<RenderOutcome> {
  attempt.context = browser.createBrowserContext();
  const page = await (await attempt.context).newPage();
  page.on('error', () => (attempt.tabCrashed = true));
  attempt.pageStarted = true;
  return capture(page, options, timeoutMs);
}

/** Closes the request's context; a session that cannot do it in time is closed for good (false), never reused. */
async function release(browser: Browser, attempt: Attempt): Promise<boolean> {
  if (!attempt.context || !browser.connected) return true;
  // A context that failed to open, or a session that went away meanwhile, has nothing left to close: that counts.
  const closed = await settlesWithin(
    attempt.context.then((context) => context.close()),
    CLOSE_GRACE_MS,
  );
  // A stuck browser may not answer its close either; the caller's disconnect drops the connection regardless.
  if (!closed) await settlesWithin(browser.close(), CLOSE_GRACE_MS);
  return closed;
}

/** The page's fault is a 422, the browser's a 503; nothing else reaches the person. */
function blame(err: unknown, browser: Browser, attempt: Attempt, closed: boolean): RendererError {
  if (attempt.tabCrashed) return new RendererError(422, 'render_failed', TAB_CRASHED);
  if (err instanceof CaptureProblem) return new RendererError(400, err.code, err.message);
  const timedOut = err instanceof RendererError && err.code === 'render_timeout';
  if (timedOut && (!attempt.pageStarted || !closed))
    return new RendererError(503, 'renderer_unavailable', BROWSER_STUCK);
  if (!browser.connected) return new RendererError(503, 'renderer_unavailable', BROWSER_LOST);
  if (err instanceof RendererError) return err;
  console.error('browser rendering failed', err instanceof Error ? err.message : String(err));
  return new RendererError(422, 'render_failed', FAILED);
}

async function capture(page: Page, options: HtmlRenderOptions, timeoutMs: number): Promise<RenderOutcome> {
  let blocked = 0;
  await page.setJavaScriptEnabled(options.allowScripts);
  if (options.allowScripts) await page.evaluateOnNewDocument(RENDER_START_SCRIPT);
  await page.setViewport({ width: options.width, height: options.height, deviceScaleFactor: options.scale });
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    const url = request.url();
    if (url === RENDER_URL) {
      void request.respond({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        headers: { 'content-security-policy': RENDER_CSP },
        body: options.html,
      });
    } else if (url === DEFAULT_FAVICON) {
      void request.respond({ status: 404, body: '' });
    } else if (renderMayLoad(url)) {
      void request.continue();
    } else {
      blocked++;
      void request.abort('blockedbyclient');
    }
  });
  await page.goto(RENDER_URL, { waitUntil: 'load', timeout: timeoutMs });
  // What to capture, measured through DevTools: page scripts may be off, and nothing is put into the page.
  const cdp = await page.createCDPSession();
  const send: DevTools = (method, params) => cdp.send(method as never, params as never);
  const captured = await measureCapture(send, options);
  const shot = await page.screenshot({
    type: options.format,
    quality: options.format === 'png' ? undefined : options.quality,
    clip: captured.box,
    captureBeyondViewport: captured.fit !== 'viewport',
    omitBackground: options.transparent,
  });
  const { width, height } = captured.box;
  return {
    bytes: new Uint8Array(shot),
    width: width * options.scale,
    height: height * options.scale,
    format: options.format,
    blocked,
    capture: captured,
  };
}
