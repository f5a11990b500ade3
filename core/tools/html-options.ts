/**
 * HTML to image (Convert screen): a page of HTML rendered by a headless browser into PNG, JPEG or WebP. The limits
 * and the one network rule live here, read by the API, both renderers and the screen (ADR 0104). What part of the
 * page becomes the picture (its content, an element, the viewport or the whole page) is html-capture.ts.
 */
import { formatBytes } from '../file-size';
// Zod-free, so the tool screens import no zod; html.ts re-exports this beside its schema (ADR 0195).

export const HTML_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type HtmlFormat = (typeof HTML_FORMATS)[number];

/** The HTML itself, counted in UTF-8 bytes. */
export const HTML_MAX_BYTES = 1_000_000;
/** A JSON body carries the HTML escaped (quotes, newlines): room for that, and still far below the router's limit. */
export const HTML_MAX_BODY_BYTES = 3 * HTML_MAX_BYTES;
export const HTML_VIEWPORT_WIDTH = { min: 320, max: 1920, default: 1280 } as const;
export const HTML_VIEWPORT_HEIGHT = { min: 200, max: 4000, default: 800 } as const;
/** A full-page picture stops here: 1920 × 16,000 is 30.7 MP, inside the 50 MP every other tool keeps to. */
export const HTML_MAX_PAGE_HEIGHT = 16_000;
/** The most pixels a rendered picture has at any scale: 1920 × 16,000 (a 2× picture covers a quarter of the CSS area). */
export const HTML_MAX_OUTPUT_PIXELS = HTML_VIEWPORT_WIDTH.max * HTML_MAX_PAGE_HEIGHT;
/**
 * What becomes the picture: `content` the box of what the page paints (or of the element `selector` names), the
 * `viewport`, or the whole `page` from the top.
 */
export const HTML_FITS = ['content', 'viewport', 'page'] as const;
export type HtmlFit = (typeof HTML_FITS)[number];
export const HTML_SELECTOR_MAX_CHARS = 300;
/** Loading, layout and the screenshot together; a page that takes longer is refused with `render_timeout`. */
export const HTML_RENDER_TIMEOUT_MS = 10_000;
export const HTML_DEFAULT_QUALITY = 90;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export const htmlTooLargeMessage = (bytes: number) =>
  `This HTML is ${formatBytes(bytes)}; the most we render is ${formatBytes(HTML_MAX_BYTES)}. Remove embedded pictures or split the page.`;

/** Null when the HTML fits; otherwise the sentence for the 413. */
export function htmlSizeProblem(html: string): string | null {
  const bytes = utf8Bytes(html);
  return bytes > HTML_MAX_BYTES ? htmlTooLargeMessage(bytes) : null;
}

/**
 * The one network rule of a rendered page: it may use `data:` URLs (and `about:blank`), nothing else — no http(s),
 * no file://, no WebSocket, not even our own origin (loopback reaches our private services offline).
 */
export function renderMayLoad(url: string): boolean {
  const lower = url.slice(0, 11).toLowerCase();
  return lower.startsWith('data:') || lower === 'about:blank';
}

/**
 * Both renderers open the page at this address, answered from memory with the HTML and RENDER_CSP as a real
 * response header (the document is not touched, so its doctype and quirks stay its own). `.invalid` never resolves.
 */
export const RENDER_URL = 'https://render.invalid/';
/**
 * The page's Content-Security-Policy, a second lock behind request interception for what a script can send around
 * it (beacons, WebSockets, WebTransport, fetches and workers). Pictures, styles, fonts and frames are left to
 * interception, which refuses all but data: URLs and counts what it refused, so the person can be told.
 * `sandbox allow-scripts` gives the page an opaque origin (no cookies or storage shared between renders) and no
 * popups, modals, downloads or top-level navigation: a popup is a new page that request interception and the
 * page's start script do not reach, and an alert would hold the page until the deadline (ADR 0104).
 */
export const RENDER_CSP = [
  "connect-src 'none'",
  "worker-src 'none'",
  "manifest-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
  'sandbox allow-scripts',
].join('; ');

/**
 * Browser APIs that open connections CSP does not govern: WebRTC sends UDP (STUN/TURN) to any address it is given,
 * past request interception and past an HTTP proxy. WebTransport is QUIC (UDP); CSP's connect-src covers it, this is
 * a second lock.
 */
export const RENDER_REMOVED_GLOBALS = [
  'RTCPeerConnection',
  'webkitRTCPeerConnection',
  'RTCIceTransport',
  'RTCDataChannel',
  'WebTransport',
] as const;

/**
 * Run in every frame of a rendered page before the page's own scripts (Playwright's addInitScript, puppeteer's
 * evaluateOnNewDocument): removes RENDER_REMOVED_GLOBALS. It is the only WebRTC lock Browser Rendering allows (no
 * launch flags there); the offline Chromium also starts with WebRTC's UDP off. It defines no global of its own.
 */
export const RENDER_START_SCRIPT = `(() => { for (const name of ${JSON.stringify(RENDER_REMOVED_GLOBALS)}) { try { delete globalThis[name]; } catch {} } })();`;

export const blockedNote = (count: number) =>
  `${count} request${count === 1 ? '' : 's'} to the network ${count === 1 ? 'was' : 'were'} blocked: a rendered page may only use data: URLs (embed pictures and fonts).`;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a renderer captured, in CSS pixels (worked out in html-capture.ts). */
export interface Capture {
  fit: 'content' | 'element' | 'viewport' | 'page';
  box: Box;
  /** The page painted nothing to fit to, so the viewport was captured. */
  empty: boolean;
  /** The box was larger than the most we make; `box` is its top-left part. */
  clipped: boolean;
  /** The size of what was asked for, before any clipping. */
  wanted: { width: number; height: number };
}

/** What both renderers answer besides the picture. */
export interface RenderOutcome {
  bytes: Uint8Array;
  /** The picture's size in pixels: the captured box times the scale. */
  width: number;
  height: number;
  format: HtmlFormat;
  /** Requests the page tried that were refused by `renderMayLoad`. */
  blocked: number;
  /** What was captured, in CSS pixels of the page (html-capture.ts). */
  capture: Capture;
}
