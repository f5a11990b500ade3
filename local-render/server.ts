/**
 * The offline HTML renderer (ADR 0104): what Cloudflare Browser Rendering does in production, on Debian's Chromium.
 * `POST /render` takes the same JSON as `POST /api/convert/html` and answers the picture, its size in headers
 * (`x-image-width`, `x-image-height`), what part of the page it shows (`x-capture`: html-capture.ts's Capture as JSON)
 * and how many requests were refused (`x-blocked-requests`).
 * Plain HTTP on loopback; only the API Worker talks to it. `handle` is the whole service as a fetch handler, which
 * the Worker tests bind in-process.
 */
import type { Server } from 'node:http';
import {
  HTML_MAX_BODY_BYTES,
  HTML_RENDER_TIMEOUT_MS,
  htmlRenderSchema,
  htmlSizeProblem,
  type HtmlFormat,
} from '../core/tools/html';
import { RenderProblem, renderHtml } from './renderer';
import { fetchServer } from '../local-common/fetch-server';

const MIME: Record<HtmlFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

const problem = (status: number, code: string, error: string) => Response.json({ error, code }, { status });

async function readBody(request: Request): Promise<string> {
  const tooLarge = () =>
    problem(
      413,
      'payload_too_large',
      `The request is too large for the local renderer (over ${HTML_MAX_BODY_BYTES / 1024 / 1024} MB).`,
    );
  if (Number(request.headers.get('content-length') ?? 0) > HTML_MAX_BODY_BYTES) throw tooLarge();
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  for (;;) {
    const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
    if (done) break;
    seen += value.byteLength;
    if (seen > HTML_MAX_BODY_BYTES) {
      await reader?.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === 'GET' && url.pathname === '/health') return Response.json({ ok: true });
  if (request.method !== 'POST' || url.pathname !== '/render') return problem(404, 'not_found', 'No such route.');
  try {
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request));
    } catch (err) {
      if (err instanceof Response) return err;
      return problem(400, 'invalid_json', 'Send the page as JSON: {"html": "…"}.');
    }
    const parsed = htmlRenderSchema.safeParse(body);
    if (!parsed.success)
      return problem(400, 'validation_failed', parsed.error.issues[0]?.message ?? 'The request is not valid.');
    const tooBig = htmlSizeProblem(parsed.data.html);
    if (tooBig) return problem(413, 'payload_too_large', tooBig);
    const out = await renderHtml(parsed.data, HTML_RENDER_TIMEOUT_MS);
    return new Response(out.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        'content-type': MIME[out.format],
        'x-image-width': String(out.width),
        'x-image-height': String(out.height),
        'x-capture': JSON.stringify(out.capture),
        'x-blocked-requests': String(out.blocked),
      },
    });
  } catch (err) {
    if (err instanceof RenderProblem) return problem(err.status, err.code, err.message);
    console.error('local-render: request failed', err);
    return problem(
      422,
      'render_failed',
      'The browser could not render this page. Please check the HTML and try again.',
    );
  }
}

export const createRenderServer = (): Server => fetchServer(handle);
