/**
 * HTML to image (Convert screen): a page of HTML rendered by a headless browser into PNG, JPEG or WebP. The limits
 * and the one network rule live here, read by the API, both renderers and the screen (ADR 0104).
 */
import { z } from '../api/zod';
import { QUALITY } from './fields';

export const HTML_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type HtmlFormat = (typeof HTML_FORMATS)[number];

/** The HTML itself, counted in UTF-8 bytes. */
export const HTML_MAX_BYTES = 1024 * 1024;
/** A JSON body carries the HTML escaped (quotes, newlines): room for that, and still far below the router's limit. */
export const HTML_MAX_BODY_BYTES = 3 * HTML_MAX_BYTES;
export const HTML_VIEWPORT_WIDTH = { min: 320, max: 1920, default: 1280 } as const;
export const HTML_VIEWPORT_HEIGHT = { min: 200, max: 4000, default: 800 } as const;
/** A full-page picture stops here: 1920 × 16,000 is 30.7 MP, inside the 50 MP every other tool keeps to. */
export const HTML_MAX_PAGE_HEIGHT = 16_000;
/** Loading, layout and the screenshot together; a page that takes longer is refused with `render_timeout`. */
export const HTML_RENDER_TIMEOUT_MS = 10_000;
export const HTML_DEFAULT_QUALITY = 90;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export const htmlTooLargeMessage = (bytes: number) =>
  `This HTML is ${Math.ceil(bytes / 1024)} KB; the most we render is ${HTML_MAX_BYTES / 1024} KB. Remove embedded pictures or split the page.`;

const whole = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ message: `${label} must be a number.` })
    .int(`${label} must be a whole number of pixels.`)
    .min(min, `${label} must be between ${min} and ${max} pixels.`)
    .max(max, `${label} must be between ${min} and ${max} pixels.`);

/** The body of `POST /api/convert/html` (JSON). Size is checked apart from the shape: too much HTML is a 413. */
export const htmlRenderSchema = z.object({
  html: z
    .string({ message: 'Please paste some HTML or choose an .html file (field "html").' })
    // A pattern rather than a refinement, so the document says it too: at least one character that is not a space.
    .regex(/\S/, 'The HTML is empty. Please paste a page or choose an .html file.'),
  width: whole('Viewport width', HTML_VIEWPORT_WIDTH).default(HTML_VIEWPORT_WIDTH.default),
  height: whole('Viewport height', HTML_VIEWPORT_HEIGHT).default(HTML_VIEWPORT_HEIGHT.default),
  fullPage: z.boolean({ message: 'must be true or false' }).default(false),
  format: z.enum(HTML_FORMATS, { message: `Format must be one of ${HTML_FORMATS.join(', ')}.` }).default('png'),
  quality: whole('Quality', QUALITY).default(HTML_DEFAULT_QUALITY),
  allowScripts: z.boolean({ message: 'must be true or false' }).default(false),
});
export type HtmlRenderOptions = z.infer<typeof htmlRenderSchema>;

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
export const RENDER_CSP = ["connect-src 'none'", "worker-src 'none'", "manifest-src 'none'", "form-action 'none'", "base-uri 'none'", 'sandbox allow-scripts'].join('; ');

/**
 * Browser APIs that open connections CSP does not govern: WebRTC sends UDP (STUN/TURN) to any address it is given,
 * past request interception and past an HTTP proxy. WebTransport is QUIC (UDP); CSP's connect-src covers it, this is
 * a second lock.
 */
export const RENDER_REMOVED_GLOBALS = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCIceTransport', 'RTCDataChannel', 'WebTransport'] as const;

/**
 * Run in every frame of a rendered page before the page's own scripts (Playwright's addInitScript, puppeteer's
 * evaluateOnNewDocument): removes RENDER_REMOVED_GLOBALS. It is the only WebRTC lock Browser Rendering allows (no
 * launch flags there); the offline Chromium also starts with WebRTC's UDP off. It defines no global of its own.
 */
export const RENDER_START_SCRIPT = `(() => { for (const name of ${JSON.stringify(RENDER_REMOVED_GLOBALS)}) { try { delete globalThis[name]; } catch {} } })();`;

/** The height a page is captured at: the viewport's, or the page's own up to the cap. */
export function captureHeight(options: Pick<HtmlRenderOptions, 'fullPage' | 'height'>, pageHeight: number): { height: number; clipped: boolean } {
  if (!options.fullPage) return { height: options.height, clipped: false };
  const height = Math.max(1, Math.min(Math.ceil(pageHeight), HTML_MAX_PAGE_HEIGHT));
  return { height, clipped: pageHeight > HTML_MAX_PAGE_HEIGHT };
}

export const clippedNote = (pageHeight: number) =>
  `The page is ${Math.ceil(pageHeight).toLocaleString('en-US')} px tall; the picture shows its first ${HTML_MAX_PAGE_HEIGHT.toLocaleString('en-US')} px.`;
export const blockedNote = (count: number) =>
  `${count} request${count === 1 ? '' : 's'} to the network ${count === 1 ? 'was' : 'were'} blocked: a rendered page may only use data: URLs (embed pictures and fonts).`;

/** What both renderers answer besides the picture. */
export interface RenderOutcome {
  bytes: Uint8Array;
  width: number;
  height: number;
  format: HtmlFormat;
  /** Requests the page tried that were refused by `renderMayLoad`. */
  blocked: number;
  /** The page's own height, when it was measured (full page). */
  pageHeight: number;
}
