/**
 * Offline: the Node service in local-render/ (Debian's Chromium on loopback, started by `npm start`). It takes the
 * route's own JSON and answers the picture with its size in headers. Every call has a deadline, so a stopped or
 * stuck service is a clean 503, never a hang.
 */
import { z } from 'zod';
import {
  HTML_RENDER_TIMEOUT_MS,
  type HtmlFormat,
  type HtmlRenderOptions,
  type RenderOutcome,
} from '../../../../core/tools/html';
import { RendererError, type HtmlRenderer } from './types';

export const LOCAL_RENDER_NOT_RUNNING =
  'The local HTML renderer is not running. Start the app with `npm start` (it starts the renderer), or try again in a moment.';
/** The page's own limit, plus time to wait for a free page and to start Chromium. */
export const LOCAL_RENDER_DEADLINE_MS = HTML_RENDER_TIMEOUT_MS * 4;

const errorSchema = z.object({ error: z.string(), code: z.string().optional() });
const KNOWN = new Set([
  'render_timeout',
  'render_failed',
  'renderer_busy',
  'renderer_unavailable',
  'payload_too_large',
  'invalid_selector',
  'selector_not_found',
]);
/** What the service says it captured (local-render/server.ts). */
const captureSchema = z.object({
  fit: z.enum(['content', 'element', 'viewport', 'page']),
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  empty: z.boolean(),
  clipped: z.boolean(),
  wanted: z.object({ width: z.number(), height: z.number() }),
});

export interface LocalRendererOptions {
  /** A service binding (tests bind the service in-process); without one, the global fetch to `url`. */
  fetcher: { fetch: typeof fetch } | undefined;
  url: string;
}

export function localRenderer({ fetcher, url }: LocalRendererOptions): HtmlRenderer {
  const base = url.replace(/\/+$/, '');
  // Each called with its own `this`: workerd throws "Illegal invocation" otherwise.
  const send: typeof fetch = fetcher
    ? (input, init) => fetcher.fetch(input, init)
    : (input, init) => fetch(input, init);
  return {
    name: 'local',
    async render(options: HtmlRenderOptions): Promise<RenderOutcome> {
      let res: Response;
      let bytes: Uint8Array;
      try {
        res = await send(`${base}/render`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(options),
          signal: AbortSignal.timeout(LOCAL_RENDER_DEADLINE_MS),
        });
        bytes = new Uint8Array(await res.arrayBuffer());
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new RendererError(
          503,
          timedOut ? 'renderer_busy' : 'renderer_unavailable',
          timedOut ? 'The local HTML renderer took too long. Please try again.' : LOCAL_RENDER_NOT_RUNNING,
        );
      }
      if (!res.ok) throw failure(res.status, bytes);
      const width = Number(res.headers.get('x-image-width'));
      const height = Number(res.headers.get('x-image-height'));
      const capture = captureSchema.safeParse(parseJson(res.headers.get('x-capture')));
      if (!width || !height || !capture.success)
        throw new RendererError(
          503,
          'renderer_unavailable',
          'The local HTML renderer answered without the picture size.',
        );
      return {
        bytes,
        width,
        height,
        format: options.format satisfies HtmlFormat,
        blocked: Number(res.headers.get('x-blocked-requests') ?? 0),
        capture: capture.data,
      };
    },
  };
}

function parseJson(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function failure(status: number, bytes: Uint8Array): RendererError {
  let body: unknown = null;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    // Not JSON: a generic answer below.
  }
  const parsed = errorSchema.safeParse(body);
  if (!parsed.success || !parsed.data.code || !KNOWN.has(parsed.data.code)) {
    // The route validated the request with the same schema, so anything else is ours to look into, not the person's.
    console.warn('local renderer refused a page:', status, parsed.success ? parsed.data.error : 'no JSON body');
    return new RendererError(
      503,
      'renderer_unavailable',
      'The local HTML renderer could not render this page. Please try again.',
    );
  }
  const code = parsed.data.code as RendererError['code'];
  const mapped =
    code === 'invalid_selector' || code === 'selector_not_found'
      ? 400
      : code === 'payload_too_large'
        ? 413
        : code === 'render_timeout' || code === 'render_failed'
          ? 422
          : 503;
  return new RendererError(mapped, code, parsed.data.error);
}
