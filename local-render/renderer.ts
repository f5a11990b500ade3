/**
 * The offline HTML renderer's pages (ADR 0104): a fresh browser context (and so a fresh page, cookies and cache) per
 * request in the one warm Chromium of browser.ts, at most MAX_PAGES at once.
 *
 * The page sees nothing of the automation: no Playwright API that puts a binding or a script of its own into the
 * page is used (exposeBinding, exposeFunction, routeWebSocket and page.evaluate do), so `window` holds only what
 * Chromium and RENDER_START_SCRIPT leave there. Request routing and the screenshot go through DevTools, outside it.
 *
 * The network rule (`renderMayLoad`: data: URLs only) is enforced four times: the page is served with RENDER_CSP,
 * every request is routed and refused, WebRTC is removed from the page and switched to proxied-only in Chromium, and
 * the browser's only way out is a proxy on loopback that refuses everything (browser.ts).
 *
 * A page costs only its own request: the deadline covers the whole request, a crashed tab is a 422, a browser that
 * crashes or is killed is a 503 and is launched again for the next request, one that stops answering is killed.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import {
  RENDER_CSP,
  RENDER_START_SCRIPT,
  RENDER_URL,
  renderMayLoad,
  type HtmlRenderOptions,
  type RenderOutcome,
} from '../core/tools/html';
import { settlesWithin } from '../core/settles-within';
import { CaptureProblem, measureCapture, type DevTools } from '../core/tools/html-capture';
import { BrowserUnavailable, recycleBrowser, warmBrowser } from './browser';

export { closeBrowser } from './browser';

/** Pages rendered at once; more wait their turn. */
export const MAX_PAGES = 2;
/** Requests allowed to wait for a page; beyond that the service is busy (503). */
export const MAX_WAITING = 8;
/** How long a finished or stopped page may take to close before its browser is taken for stuck and killed. */
const CLOSE_GRACE_MS = 5_000;

export class RenderProblem extends Error {
  constructor(
    readonly status: number,
    readonly code:
      | 'render_timeout'
      | 'render_failed'
      | 'renderer_busy'
      | 'renderer_unavailable'
      | CaptureProblem['code'],
    message: string,
  ) {
    super(message);
  }
}

let active = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (active < MAX_PAGES) active++;
  else if (waiting.length >= MAX_WAITING)
    throw new RenderProblem(
      503,
      'renderer_busy',
      'The renderer is busy with other pages. Please try again in a moment.',
    );
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
const BROWSER_LOST =
  "The renderer's browser stopped while drawing this page. It starts again by itself; please try again.";
const BROWSER_STUCK = "The renderer's browser stopped answering, so we restarted it. Please try again.";
const TAB_CRASHED =
  'The page crashed the browser tab, most likely by using too much memory. Simplify the page or its scripts and try again.';

/** What one request has reached, so a failure can be put on the page or on the browser. */
interface Attempt {
  browser?: Browser;
  context?: Promise<BrowserContext>;
  /** The page itself is loading or being drawn (before that, only the browser can be at fault). */
  pageStarted: boolean;
  tabCrashed: boolean;
}

/** Renders one page in its own context; the deadline covers the whole request: context, loading, layout and screenshot. */
export function renderHtml(options: HtmlRenderOptions, timeoutMs: number): Promise<RenderOutcome> {
  return inTurn(async () => {
    const attempt: Attempt = { pageStarted: false, tabCrashed: false };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderProblem(422, 'render_timeout', timeoutMessage(timeoutMs))), timeoutMs);
    });
    let failure: { err: unknown } | undefined;
    let outcome: RenderOutcome | undefined;
    try {
      outcome = await Promise.race([run(attempt, options, timeoutMs), deadline]);
    } catch (err) {
      failure = { err };
    } finally {
      clearTimeout(timer);
    }
    // Not even a page opened within the deadline: the browser stopped answering, and it is not asked again.
    if (failure && isTimeout(failure.err) && !attempt.pageStarted)
      recycleBrowser('it did not open a page within the deadline');
    const closed = await release(attempt);
    if (!failure) return outcome!;
    throw blame(failure.err, attempt, closed);
  });
}

async function run(attempt: Attempt, options: HtmlRenderOptions, timeoutMs: number): Promise<RenderOutcome> {
  const browser = (attempt.browser = await warmBrowser());
  attempt.context = browser.newContext({
    viewport: { width: options.width, height: options.height },
    deviceScaleFactor: options.scale,
    javaScriptEnabled: options.allowScripts,
    serviceWorkers: 'block',
    acceptDownloads: false,
  });
  return capture(await attempt.context, attempt, options, timeoutMs);
}

/**
 * Closes the request's context, which also ends a page stuck in a script. A browser that cannot do that in time is
 * taken for stuck and killed (false); the next request launches a fresh one.
 */
async function release(attempt: Attempt): Promise<boolean> {
  if (!attempt.browser?.isConnected()) return true;
  if (!attempt.context) return true;
  // A context that failed to open, or a browser that went away meanwhile, has nothing left to close: that counts.
  const closed = await settlesWithin(
    attempt.context.then((context) => context.close()),
    CLOSE_GRACE_MS,
  );
  if (!closed) recycleBrowser(`a page did not close within ${CLOSE_GRACE_MS / 1000} s`);
  return closed;
}

const isTimeout = (err: unknown) => err instanceof RenderProblem && err.code === 'render_timeout';

/** Turns what went wrong into the person's answer: the page's fault is a 422, the browser's a 503. */
function blame(err: unknown, attempt: Attempt, closed: boolean): unknown {
  if (err instanceof BrowserUnavailable) return new RenderProblem(503, 'renderer_unavailable', err.message);
  if (err instanceof CaptureProblem) return new RenderProblem(400, err.code, err.message);
  if (attempt.tabCrashed) return new RenderProblem(422, 'render_failed', TAB_CRASHED);
  // The page had not even been opened in time, or the browser could not close it: the browser stopped answering.
  if (isTimeout(err) && (!attempt.pageStarted || !closed))
    return new RenderProblem(503, 'renderer_unavailable', BROWSER_STUCK);
  if (attempt.browser && !attempt.browser.isConnected())
    return new RenderProblem(503, 'renderer_unavailable', BROWSER_LOST);
  return err;
}

async function capture(
  context: BrowserContext,
  attempt: Attempt,
  options: HtmlRenderOptions,
  timeoutMs: number,
): Promise<RenderOutcome> {
  let blocked = 0;
  // Playwright's route is DevTools' Fetch domain: nothing is added to the page.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url === RENDER_URL)
      return route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        headers: { 'content-security-policy': RENDER_CSP },
        body: options.html,
      });
    if (renderMayLoad(url)) return route.continue();
    blocked++;
    return route.abort('blockedbyclient');
  });
  if (options.allowScripts) await context.addInitScript(RENDER_START_SCRIPT);
  const page = await context.newPage();
  page.on('crash', () => (attempt.tabCrashed = true));
  attempt.pageStarted = true;
  await page.goto(RENDER_URL, { waitUntil: 'load', timeout: timeoutMs });
  // What to capture, measured through DevTools (page scripts may be off, and nothing is put into the page).
  const cdp = await context.newCDPSession(page);
  const send: DevTools = (method, params) => cdp.send(method as never, params as never);
  const captured = await measureCapture(send, options);
  const shoot = () =>
    page.screenshot({
      type: options.format === 'jpeg' ? 'jpeg' : 'png',
      quality: options.format === 'jpeg' ? options.quality : undefined,
      // A box below or beside the viewport is captured from the whole page; the viewport from the viewport.
      fullPage: captured.fit !== 'viewport',
      clip: captured.box,
      omitBackground: options.transparent,
      animations: 'disabled',
      timeout: timeoutMs,
    });
  // On a busy machine Chromium sometimes gives up on one frame of a tall capture ("Unable to capture screenshot",
  // seen once in a full test run at the 16,000 px cap); the same page captured again is fine, so it is tried once more.
  const png = await shoot().catch((err: unknown) => {
    if (err instanceof Error && err.message.includes('Unable to capture screenshot')) return shoot();
    throw err;
  });
  const bytes =
    options.format === 'webp' ? await sharp(png).webp({ quality: options.quality, alphaQuality: 100 }).toBuffer() : png;
  const { width: w = 0, height: h = 0 } = await sharp(bytes).metadata();
  return { bytes: new Uint8Array(bytes), width: w, height: h, format: options.format, blocked, capture: captured };
}
