import type { IRequest } from 'itty-router';
import { templateSearchSchema, type Template, type TemplatesResponse } from '../../../../core/api/templates';
import { isStaticImageKey } from '../../../../core/templates/image-url';
import { utcDayNumber } from '../../../../core/templates/template-of-the-day';
import { readsNearVisitor } from '../db/replica';
import { findTemplate, getTemplateRow, readCatalog } from '../db/templates';
import { keptAtTheEdge } from '../edge-cache';
import { notFound } from '../errors';
import { parseWith } from '../validate';
import { json, siteUrl } from '../http';

/** The catalog changes only when an operator seeds or imports: let browsers and the edge reuse it briefly. */
const LIST_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/**
 * The catalog is read from the D1 replica nearest the visitor with no bookmark: operators change it rarely and a
 * list a minute old is what the edge cache serves anyway (ADR 0112).
 */
const nearestReplica = (env: Env) => readsNearVisitor(env).db;

/** A template as answered: its picture named by its absolute address on the site (docs/api.md, http.ts siteUrl). */
const answered = (request: Request, env: Env, template: Template): Template => ({
  ...template,
  imageUrl: siteUrl(request, env, template.imageUrl),
});

/** The catalog and a template: the same for everyone, so kept by the site's edge cache (edge-cache.ts). */
export async function getTemplates(request: IRequest, env: Env): Promise<Response> {
  const raw = new URL(request.url).searchParams.get('search');
  const { search } = parseWith(templateSearchSchema, { search: raw ?? undefined });
  const catalog = await readCatalog(nearestReplica(env), search ?? '', utcDayNumber(new Date()));
  const body: TemplatesResponse = {
    templates: catalog.templates.map((t) => answered(request, env, t)),
    templateOfTheDay: catalog.templateOfTheDay && answered(request, env, catalog.templateOfTheDay),
  };
  return keptAtTheEdge(request, json(body, { headers: { 'cache-control': LIST_CACHE } }));
}

export async function getTemplate(request: IRequest, env: Env): Promise<Response> {
  const template = await findTemplate(nearestReplica(env), String(request.params.id ?? ''));
  if (!template) throw notFound('There is no template with this id.');
  return keptAtTheEdge(
    request,
    json({ template: answered(request, env, template) }, { headers: { 'cache-control': LIST_CACHE } }),
  );
}

/** Images of imported templates live in R2; our drawn ones are static files and never come through here. */
export async function getTemplateImage(request: IRequest, env: Env): Promise<Response> {
  const row = await getTemplateRow(nearestReplica(env), String(request.params.id ?? ''));
  if (!row) throw notFound('There is no template with this id.');
  if (isStaticImageKey(row.imageKey)) {
    return new Response(null, { status: 302, headers: { location: `/${row.imageKey.slice('static:'.length)}` } });
  }
  const object = await env.BUCKET.get(row.imageKey);
  if (!object) throw notFound('The image of this template is missing. Please re-run the import.');
  const answer = new Response(object.body, {
    headers: {
      'content-type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
      etag: object.httpEtag,
    },
  });
  return keptAtTheEdge(request, answer);
}
