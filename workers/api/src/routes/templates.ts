import type { IRequest } from 'itty-router';
import { templateSearchSchema, type TemplatesResponse } from '../../../../core/api/templates';
import { isStaticImageKey } from '../../../../core/templates/image-url';
import { templateOfTheDayIndex } from '../../../../core/templates/template-of-the-day';
import { countTemplates, findTemplate, getTemplateRow, listTemplates, templateAtPosition } from '../db/templates';
import { notFound } from '../errors';
import { parseWith } from '../validate';
import { json } from '../http';

/** The catalog changes only when an operator seeds or imports: let browsers and the edge reuse it briefly. */
const LIST_CACHE = 'public, max-age=60, stale-while-revalidate=300';

export async function getTemplates(request: IRequest, env: Env): Promise<Response> {
  const raw = new URL(request.url).searchParams.get('search');
  const { search } = parseWith(templateSearchSchema, { search: raw ?? undefined });
  const [templates, count] = await Promise.all([
    listTemplates(env.DB, search ?? ''),
    countTemplates(env.DB),
  ]);
  const index = templateOfTheDayIndex(count, new Date());
  const templateOfTheDay = index >= 0 ? await templateAtPosition(env.DB, index) : null;
  const body: TemplatesResponse = { templates, templateOfTheDay };
  return json(body, { headers: { 'cache-control': LIST_CACHE } });
}

export async function getTemplate(request: IRequest, env: Env): Promise<Response> {
  const template = await findTemplate(env.DB, String(request.params.id ?? ''));
  if (!template) throw notFound('There is no template with this id.');
  return json({ template }, { headers: { 'cache-control': LIST_CACHE } });
}

/** Images of imported templates live in R2; our drawn ones are static files and never come through here. */
export async function getTemplateImage(request: IRequest, env: Env): Promise<Response> {
  const row = await getTemplateRow(env.DB, String(request.params.id ?? ''));
  if (!row) throw notFound('There is no template with this id.');
  if (isStaticImageKey(row.image_key)) {
    return new Response(null, { status: 302, headers: { location: `/${row.image_key.slice('static:'.length)}` } });
  }
  const object = await env.BUCKET.get(row.image_key);
  if (!object) throw notFound('The image of this template is missing. Please re-run the import.');
  return new Response(object.body, {
    headers: {
      'content-type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      etag: object.httpEtag,
    },
  });
}
