/**
 * Memes drawn by the API (ADR 0133, docs/api.md "Memes"): `POST /api/memes/render` for scripts that send a JSON body
 * (or a form with a `background` picture), and `GET /api/memes/{template}/{line}/….{png|jpg|webp}`, a URL that is
 * the meme. Both lay the captions out with the editor's text-fit rule (core/memes/layout.ts) and draw them in the
 * engine's `meme` operation (imaging/ops/meme/).
 */
import type { IRequest } from 'itty-router';
import type { Template, TextBox } from '../../../../core/api/templates';
import { MAX_JSON_BYTES } from '../../../../core/limits';
import { captionFromSegment } from '../../../../core/memes/url-text';
import { evenlySpacedBoxes } from '../../../../core/templates/default-boxes';
import { isStaticImageKey } from '../../../../core/templates/image-url';
import {
  MEME_FORMATS,
  MEME_MAX_LINES,
  MEME_MIME,
  memeLinesSchema,
  memeOutputSize,
  memeRenderRequestSchema,
  memeStyleSchema,
  memeTemplateIdSchema,
  type MemeFormat,
  type MemeRenderResponse,
  type MemeStyle,
} from '../../../../core/tools/meme';
import { z } from '../../../../core/api/zod';
import { CACHE_STATUS_HEADER, EDGE_KEY_HEADER } from '../../../../core/api/edge-cache';
import { memeUrlCacheKey, readMemeUrlQuery } from '../../../../core/memes/url-query';
import { readsNearVisitor } from '../db/replica';
import { getTemplateRow, findTemplate } from '../db/templates';
import { HttpError, notFound } from '../errors';
import { json, readJson, siteOrigin, siteUrl } from '../http';
import type { RequestContext } from '../identity/request-context';
import { intake, run, type EngineResult, type Picture } from '../imaging/engine';
import { fileBytes, readMultipart } from '../multipart';
import { throttled } from '../throttle';
import { parseWith } from '../validate';
import { engineServices, storeResult } from './tools/deps';

/** A rendered URL never changes (the template's picture and boxes are fixed once seeded): a year, marked immutable. */
export const MEME_URL_CACHE = 'public, max-age=31536000, immutable';

interface MemeJob {
  template: Template | null;
  background: Uint8Array | null;
  lines: string[];
  style: MemeStyle;
  format: MemeFormat;
  width?: number;
  height?: number;
}

const TOO_MANY_LINES = (boxes: number, lines: number) =>
  `This template has ${boxes} text box${boxes === 1 ? '' : 'es'}; ${lines} lines were sent. Send at most one line per box.`;

/** A template by id, or 404. Catalog reads go to the replica nearest the visitor (ADR 0112). */
async function templateOr404(env: Env, id: string): Promise<Template> {
  const template = await findTemplate(readsNearVisitor(env).db, id);
  if (!template) throw notFound(`There is no template "${id}". GET /api/templates lists them.`);
  return template;
}

/**
 * A template's picture: an imported one from R2, a drawn one from the site's own static files (public/templates/,
 * served by Pages) at the configured origin, never at the request's Host (ADR 0155). Either way it passes the one
 * intake (ADR 0012).
 */
async function templatePicture(env: Env, template: Template): Promise<Picture> {
  const row = await getTemplateRow(readsNearVisitor(env).db, template.id);
  if (!row) throw notFound(`There is no template "${template.id}".`);
  let bytes: Uint8Array | null = null;
  if (isStaticImageKey(row.imageKey)) {
    const res = await fetch(new URL(template.imageUrl, siteOrigin(env)), { redirect: 'manual' }).catch(() => null);
    if (res?.ok) bytes = new Uint8Array(await res.arrayBuffer());
  } else {
    const object = await env.BUCKET.get(row.imageKey);
    if (object) bytes = new Uint8Array(await object.arrayBuffer());
  }
  // The catalog names a picture the site does not have: an operator's fault, logged and answered 500 internal_error.
  if (!bytes) throw new Error(`the picture of template ${template.id} (${row.imageKey}) could not be read`);
  return intake(bytes);
}

async function render(env: Env, job: MemeJob, context: RequestContext): Promise<EngineResult> {
  const boxes: TextBox[] = job.template ? job.template.textBoxes : evenlySpacedBoxes(Math.max(1, job.lines.length));
  if (job.lines.length > boxes.length)
    throw new HttpError(400, 'validation_failed', TOO_MANY_LINES(boxes.length, job.lines.length));
  const picture = job.background ? await intake(job.background) : await templatePicture(env, job.template!);
  // The boxes are laid out on the template's own size (as the editor shows it); a bare background is its own template.
  const natural =
    job.template && !job.background ? { width: job.template.width, height: job.template.height } : picture.upright;
  const output = memeOutputSize(picture.upright, { width: job.width, height: job.height });
  if (typeof output === 'string') throw new HttpError(400, 'validation_failed', output);
  const result = await run(
    'meme',
    picture,
    { boxes, lines: job.lines, style: job.style, format: job.format, output, natural },
    engineServices(env, context.billed.bill),
  );
  if ('stream' in result) throw new Error('the meme operation does not stream');
  return result;
}

const imageAnswer = (result: EngineResult, format: MemeFormat, cacheControl: string) =>
  new Response(result.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': MEME_MIME[format],
      'content-length': String(result.bytes.length),
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
    },
  });

/** The multipart form: the JSON body's fields flattened (`lines` repeated, the style's fields by name) plus `background`. */
const memeFormSchema = z
  .object({
    template: z.string().optional(),
    lines: z.union([z.string(), z.array(z.string())]).optional(),
    format: z.string().optional(),
    width: z.string().optional(),
    height: z.string().optional(),
    font: z.string().optional(),
    colour: z.string().optional(),
    outline: z.string().optional(),
    uppercase: z.enum(['true', 'false'], { message: 'Uppercase must be true or false.' }).optional(),
    align: z.string().optional(),
    background: z.instanceof(File, { message: 'Background must be a picture file.' }).optional(),
  })
  .strict();

async function readRenderRequest(request: Request, env: Env): Promise<MemeJob> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await readMultipart(request, memeFormSchema);
    const lines = form.lines === undefined ? [] : ([] as string[]).concat(form.lines);
    const style: Record<string, unknown> = {};
    for (const key of ['font', 'colour', 'outline', 'align'] as const)
      if (form[key] !== undefined) style[key] = form[key];
    if (form.uppercase !== undefined) style.uppercase = form.uppercase === 'true';
    const input = parseWith(memeRenderRequestSchema, {
      template: form.template,
      lines,
      style,
      format: form.format,
      width: form.width,
      height: form.height,
    });
    if (!input.template && !form.background)
      throw new HttpError(400, 'validation_failed', 'Send a template, a background picture, or both.');
    const background = form.background ? await fileBytes(form.background) : null;
    if (background?.length === 0) throw new HttpError(400, 'validation_failed', 'The background file is empty.');
    const template = input.template ? await templateOr404(env, input.template) : null;
    return { ...input, template, background };
  }
  const input = parseWith(memeRenderRequestSchema, await readJson(request, MAX_JSON_BYTES));
  if (!input.template)
    throw new HttpError(
      400,
      'validation_failed',
      'Template is required (or send a background picture as multipart/form-data).',
    );
  return { ...input, template: await templateOr404(env, input.template), background: null };
}

const wantsJson = (request: Request) =>
  (request.headers.get('accept') ?? '').toLowerCase().includes('application/json');

/**
 * POST /api/memes/render: the meme's bytes (`Content-Type` its format), or with `Accept: application/json` the meme
 * stored like a tool result and its `imageUrl`. Not an AI operation: burst-limited like the tools, no allowance.
 */
export async function postMemeRender(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const job = await readRenderRequest(request, env);
  const result = await render(env, job, context);
  if (!wantsJson(request)) return imageAnswer(result, job.format, 'no-store');
  const stored = await storeResult(env, result.bytes, result.format);
  const body: MemeRenderResponse = {
    imageUrl: siteUrl(request, env, stored.imageUrl),
    expiresAt: stored.expiresAt,
    format: job.format,
    width: result.width,
    height: result.height,
    size: result.bytes.length,
  };
  return json(body, { status: 201 });
}

/**
 * `/api/memes/{template}/{line}/…/{last}.{ext}` → the template id, the captions and the format. Every segment is a
 * caption in URL spelling (core/memes/url-text.ts); the extension is on the last segment, which is the template's
 * own when there are no lines.
 */
export function parseMemePath(pathname: string): { template: string; lines: string[]; format: MemeFormat } {
  const segments = pathname.replace(/^\/api\/memes\//, '').split('/');
  const last = segments.pop() ?? '';
  const dot = last.lastIndexOf('.');
  const ext = dot < 0 ? '' : last.slice(dot + 1).toLowerCase();
  if (!(MEME_FORMATS as readonly string[]).includes(ext)) {
    throw new HttpError(
      400,
      'validation_failed',
      `A meme URL ends in .${MEME_FORMATS.join(', .')} (the format), e.g. /api/memes/nope-yep/top/bottom.png.`,
    );
  }
  segments.push(last.slice(0, dot));
  const [template = '', ...encoded] = segments;
  parseWith(memeTemplateIdSchema, template);
  if (encoded.length > MEME_MAX_LINES)
    throw new HttpError(400, 'validation_failed', `At most ${MEME_MAX_LINES} lines.`);
  const read = encoded.map((segment) => {
    const caption = captionFromSegment(segment);
    if (!caption.ok) throw new HttpError(400, 'validation_failed', caption.problem);
    return caption.text;
  });
  // As a POST's lines: hidden controls (a %00, a bidi override) are dropped here, so what is drawn is what shows.
  return { template, lines: parseWith(memeLinesSchema, read), format: ext as MemeFormat };
}

/**
 * GET /api/memes/{template}/…: public and immutable. The path and the query are each read once (core/memes/url-query.ts:
 * unknown parameters ignored, an option given twice a 400), and the drawing and its cache key both come from what was
 * read; bad input is answered before any drawing and never kept. The answer names its key for the site's edge cache
 * (core/api/edge-cache.ts, ADR 0146), which answers repeats without reaching this Worker; a drawing is burst-limited
 * like the tools and metered for an API key (ADR 0133).
 */
export async function getMemeUrl(
  request: IRequest,
  env: Env,
  ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  // Public and kept by shared caches: no visitor cookie on it, whatever the answer (request-context.ts).
  context.shareableAnswer();
  const url = new URL(request.url);
  const { template, lines, format } = parseMemePath(url.pathname);
  const read = readMemeUrlQuery(url.searchParams);
  if (!read.ok) throw new HttpError(400, 'validation_failed', read.problem);
  const { font, width, height } = read.query;
  const draw = throttled('tools', async () => {
    const result = await render(
      env,
      {
        template: await templateOr404(env, template),
        background: null,
        lines,
        style: memeStyleSchema.parse({ font }),
        format,
        width,
        height,
      },
      context,
    );
    const answer = imageAnswer(result, format, MEME_URL_CACHE);
    answer.headers.set(EDGE_KEY_HEADER, memeUrlCacheKey(url.pathname, read.query));
    answer.headers.set(CACHE_STATUS_HEADER, 'miss');
    return answer;
  });
  return draw(request, env, ctx, context);
}
