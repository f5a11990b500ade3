/**
 * POST /api/convert/html: a page of HTML (JSON body) rendered by a headless browser into PNG, JPEG or WebP, stored
 * like every tool result and answered in the same shape (ADR 0104). The renderer enforces the network rule, the
 * time limit and the size caps; this route checks the request and the picture that comes back.
 */
import {
  HTML_MAX_BODY_BYTES,
  blockedNote,
  htmlRenderSchema,
  htmlSizeProblem,
  type HtmlRenderOptions,
  type RenderOutcome,
} from '../../../../../core/tools/html';
import { captureNotes } from '../../../../../core/tools/html-capture';
import type { ToolResult } from '../../../../../core/api/tools';
import { readHeader } from '../../../../../core/images/sniff';
import { HttpError } from '../../errors';
import type { RequestContext } from '../../identity/request-context';
import { json, readJson, siteUrl } from '../../http';
import { getHtmlRenderer } from '../../render';
import { RendererError } from '../../render/types';
import { parseWith } from '../../validate';
import { storeResult } from './deps';

export async function postConvertHtml(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send the page as JSON: {"html": "<!doctype html>…", "width": 1280, "format": "png"}.',
    );
  }
  const options = parseWith(htmlRenderSchema, await readJson(request, HTML_MAX_BODY_BYTES));
  const tooBig = htmlSizeProblem(options.html);
  if (tooBig) throw new HttpError(413, 'payload_too_large', tooBig);

  const renderer = getHtmlRenderer(env, context.billed.bill);
  let outcome;
  try {
    outcome = await renderer.render(options);
  } catch (err) {
    if (err instanceof RendererError) throw new HttpError(err.status, err.code, err.message);
    throw err;
  }
  // The picture is checked before it is stored: a renderer answering anything else is a fault, not a result.
  const header = readHeader(outcome.bytes);
  if (
    !header ||
    header.format !== outcome.format ||
    header.width !== outcome.width ||
    header.height !== outcome.height
  ) {
    console.error('html renderer answered an unexpected picture', header?.format, header?.width, header?.height);
    throw new HttpError(
      503,
      'renderer_unavailable',
      'The HTML renderer answered with a broken picture. Please try again.',
    );
  }
  const { imageUrl, expiresAt } = await storeResult(env, outcome.bytes, outcome.format);
  const body: ToolResult = {
    imageUrl: siteUrl(request, env, imageUrl),
    expiresAt,
    size: outcome.bytes.length,
    format: outcome.format,
    width: outcome.width,
    height: outcome.height,
    originalSize: new TextEncoder().encode(options.html).length,
    compressionRatio: 0,
    operation: 'html-to-image',
    ...(options.format === 'png' ? {} : { quality: options.quality }),
    engine: 'browser',
    notes: notesFor(options, outcome, renderer.name),
  };
  return json(body);
}

function notesFor(options: HtmlRenderOptions, outcome: RenderOutcome, renderer: string): string[] {
  const notes = [
    ...captureNotes(outcome.capture, options),
    `Rendered by ${renderer === 'cloudflare' ? 'Cloudflare Browser Rendering' : 'the local Chromium'}.`,
    options.allowScripts ? 'Scripts ran, as you allowed.' : 'Scripts were off.',
  ];
  if (outcome.blocked > 0) notes.push(blockedNote(outcome.blocked));
  return notes;
}
