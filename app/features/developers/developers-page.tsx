import { Link } from '@remix-run/react';
import { MAX_UPLOAD_MB, SOURCE_DEADLINE_MS, SOURCE_MAX_REDIRECTS } from '../../../core/limits';
import type { ReferenceTag } from './reference';
import { RouteCard } from './route-card';

const link = 'font-semibold text-brand-700 underline dark:text-brand-400';

/** A template as the reference lists it: how many captions (text boxes) it takes. */
export interface TemplateBoxes {
  id: string;
  name: string;
  boxes: number;
}

export function DevelopersPage({
  tags,
  version,
  templates = [],
}: {
  tags: ReferenceTag[];
  version: string;
  templates?: TemplateBoxes[];
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Memeforge API</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600 dark:text-slate-300">
        Every route the site itself uses, generated from the same schemas the server checks requests with. The
        machine-readable description is{' '}
        <a className={link} href="/api/openapi.json">
          /api/openapi.json
        </a>{' '}
        (OpenAPI 3.1, version {version}).
      </p>
      <section
        aria-labelledby="basics"
        className="mt-8 grid gap-4 text-slate-700 md:grid-cols-2 lg:grid-cols-4 dark:text-slate-300"
      >
        <h2 id="basics" className="sr-only">
          Basics
        </h2>
        <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <h3 className="font-semibold text-slate-900 dark:text-white">Authentication</h3>
          <p className="mt-1 text-sm">
            Send <code>Authorization: Bearer mf_…</code> with a key from your{' '}
            <Link className={link} to="/dashboard">
              dashboard
            </Link>
            . Each call counts against the key’s monthly allowance (<code>RateLimit-*</code> headers say how much is
            left). The keyed examples read it from <code>$MEMEFORGE_KEY</code>: run{' '}
            <code>export MEMEFORGE_KEY=mf_…</code> once. Public routes need no key, and their examples send none (a
            made-up key is refused with 401).
          </p>
        </div>
        <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <h3 className="font-semibold text-slate-900 dark:text-white">Errors</h3>
          <p className="mt-1 text-sm">
            Always JSON <code>{'{ "error": "…", "code": "snake_case" }'}</code> with the fitting status.{' '}
            <code>error</code> is for people; program against <code>code</code>. A 429 carries <code>Retry-After</code>.
          </p>
        </div>
        <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <h3 className="font-semibold text-slate-900 dark:text-white">Pictures expire</h3>
          <p className="mt-1 text-sm">
            Uploads, results and generated pictures are kept for an hour at their <code>imageUrl</code>; after that they
            answer 410. Download what you want to keep. <code>imageUrl</code> is the picture’s full address: fetch it as
            it is, as the examples do.
          </p>
        </div>
        <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <h3 className="font-semibold text-slate-900 dark:text-white">Pictures by address</h3>
          <p className="mt-1 text-sm">
            Every route that takes a picture takes <code>url</code> instead of the <code>image</code> file (one of the
            two): <code>-F url=https://example.com/cat.jpg</code>. We fetch public http(s) addresses only, follow at
            most {SOURCE_MAX_REDIRECTS} redirects, and hold the picture to the upload’s {MAX_UPLOAD_MB} MB and{' '}
            {SOURCE_DEADLINE_MS / 1000} seconds; its errors are listed with each route.
          </p>
        </div>
      </section>
      {templates.length > 0 ? <TemplateList templates={templates} /> : null}
      <div className="mt-10 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-8">
        <nav aria-label="API routes" className="mb-8 lg:sticky lg:top-20 lg:mb-0 lg:self-start">
          <ul className="space-y-4 text-sm">
            {tags.map((tag) => (
              <li key={tag.name}>
                <a
                  href={`#tag-${slug(tag.name)}`}
                  className="font-semibold text-slate-900 hover:underline dark:text-white"
                >
                  {tag.name}
                </a>
                <ul className="mt-1 space-y-1">
                  {tag.routes.map((r) => (
                    <li key={r.id}>
                      <a
                        href={`#${r.id}`}
                        className="break-all font-mono text-xs text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-brand-400"
                      >
                        {r.method} {r.path}
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 space-y-12">
          {tags.map((tag) => (
            <section key={tag.name} aria-labelledby={`tag-${slug(tag.name)}`}>
              <h2
                id={`tag-${slug(tag.name)}`}
                className="scroll-mt-24 text-2xl font-bold text-slate-900 dark:text-white"
              >
                {tag.name}
              </h2>
              {tag.description ? <p className="mt-1 text-slate-600 dark:text-slate-300">{tag.description}</p> : null}
              <div className="mt-4 space-y-6">
                {tag.routes.map((route) => (
                  <RouteCard key={route.id} route={route} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The template ids with their box counts, folded: `POST /api/memes/render`, the meme URL and `POST /api/shares` take
 * a template id, and a meme takes at most as many captions as its template has boxes.
 */
function TemplateList({ templates }: { templates: TemplateBoxes[] }) {
  return (
    <section
      aria-labelledby="template-ids"
      className="mt-6 rounded-xl border border-slate-200 p-4 text-slate-700 dark:border-slate-700 dark:text-slate-300"
    >
      <h2 id="template-ids" className="font-semibold text-slate-900 dark:text-white">
        Template ids
      </h2>
      <p className="mt-1 text-sm">
        A meme is drawn or shared with a template id and at most one caption per text box. The full records, with each
        box’s place and style, are <code>GET /api/templates</code>.
      </p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-400">
          All {templates.length} templates and their text boxes
        </summary>
        <div className="mt-2 max-h-96 overflow-auto">
          <table className="w-full text-left" data-testid="template-boxes">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  id
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  name
                </th>
                <th scope="col" className="py-1 font-semibold">
                  text boxes
                </th>
              </tr>
            </thead>
            <tbody>
              {templates.map((t) => (
                <tr key={t.id} className="border-b border-slate-100 dark:border-slate-800">
                  <td className="break-all py-1 pr-3 font-mono text-xs">{t.id}</td>
                  <td className="py-1 pr-3">{t.name}</td>
                  <td className="py-1 tabular-nums">{t.boxes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
