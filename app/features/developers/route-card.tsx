import { Link } from '@remix-run/react';
import { CopyButton } from './copy-button';
import { API_KEY_VARIABLE, type Field, type ReferenceRoute } from './reference';

const METHOD_STYLE: Record<string, string> = {
  GET: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  POST: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  DELETE: 'bg-rose-100 text-rose-900 dark:bg-rose-900/60 dark:text-rose-100',
};

const AUTH_LABEL: Record<ReferenceRoute['auth'], string> = {
  public: 'No key needed; an API key or premium session lifts the daily AI cap',
  premium: 'Premium: API key or dashboard session',
  session: 'Dashboard session only (API keys are refused)',
};

const cell = 'px-3 py-2 align-top';

/** The document's words mark code with backticks, as Markdown does. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="font-mono text-[0.9em] [overflow-wrap:anywhere]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
const heading = 'mt-5 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300';

function FieldTable({ fields, caption }: { fields: Field[]; caption: string }) {
  return (
    <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className={cell}>
              Field
            </th>
            <th scope="col" className={cell}>
              In
            </th>
            <th scope="col" className={cell}>
              Type
            </th>
            <th scope="col" className={cell}>
              Required
            </th>
            <th scope="col" className={cell}>
              Limits and description
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-700 dark:divide-slate-700 dark:text-slate-200">
          {fields.map((f) => (
            <tr key={`${f.in}-${f.name}`}>
              <th scope="row" className={`${cell} font-mono font-medium text-slate-900 dark:text-white`}>
                {f.name}
              </th>
              <td className={cell}>{f.in}</td>
              <td className={`${cell} break-all font-mono text-xs`}>{f.type}</td>
              <td className={cell}>
                {Array.isArray(f.required) ? `one of ${f.required.join(', ')}` : f.required ? 'yes' : 'no'}
              </td>
              <td className={cell}>
                <Prose text={[f.limits, f.description].filter(Boolean).join('. ') || '—'} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RouteCard({ route }: { route: ReferenceRoute }) {
  const titleId = `route-${route.id}`;
  return (
    <article
      aria-labelledby={titleId}
      id={route.id}
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900"
      data-testid="api-route"
    >
      <h3
        id={titleId}
        className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
      >
        <span className={`rounded px-2 py-0.5 font-mono text-sm ${METHOD_STYLE[route.method] ?? ''}`}>
          {route.method}
        </span>
        <code className="break-all font-mono text-base">{route.path}</code>
      </h3>
      <p className="mt-1 font-medium text-slate-800 dark:text-slate-100">{route.summary}</p>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        <Prose text={route.description} />
      </p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        <span className="font-semibold">Authentication:</span> {AUTH_LABEL[route.auth]}
      </p>

      <div className="mt-4 flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">Example</h4>
        <CopyButton text={route.curl} label={`Copy curl example for ${route.method} ${route.path}`} />
      </div>
      <pre
        className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100 dark:bg-black"
        tabIndex={0}
        aria-label={`curl example for ${route.method} ${route.path}`}
      >
        <code data-testid="curl-example">{route.curl}</code>
      </pre>
      <ExampleNote route={route} />

      <details className="group mt-4 rounded-lg border border-slate-200 dark:border-slate-700">
        <summary className="cursor-pointer select-none rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 dark:text-slate-100 dark:hover:bg-slate-800">
          Fields, answers, errors and limits
          <span className="sr-only">
            {' '}
            of {route.method} {route.path}
          </span>
        </summary>
        <div className="px-3 pb-4">
          {route.fieldGroups.map((group) => (
            <section
              key={group.label ?? 'fields'}
              aria-label={`${route.method} ${route.path} fields${group.label ? `, ${group.label}` : ''}`}
            >
              <h4 className={heading}>
                Fields
                {group.label ? (
                  <>
                    {' '}
                    — <code className="normal-case">{group.label}</code>
                  </>
                ) : null}
              </h4>
              <FieldTable
                fields={group.fields}
                caption={`Fields of ${route.method} ${route.path}${group.label ? ` with ${group.label}` : ''}`}
              />
            </section>
          ))}

          <h4 className={heading}>Answers</h4>
          <ul className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-300">
            {route.answers.map((a) => (
              <li key={a.status}>
                <span className="font-mono font-semibold">{a.status}</span> {a.description}
                {a.contentTypes.length ? (
                  <span className="text-slate-600 dark:text-slate-400"> ({a.contentTypes.join(' or ')})</span>
                ) : null}
              </li>
            ))}
          </ul>

          <h4 className={heading}>Errors</h4>
          <ul className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-300">
            {route.errors.map((e) => (
              <li key={`${e.status}-${e.code}-${e.when}`}>
                <span className="font-mono font-semibold">{e.status}</span> <code className="font-mono">{e.code}</code>:{' '}
                <Prose text={e.when} />
              </li>
            ))}
          </ul>

          {route.limits.length ? (
            <>
              <h4 className={heading}>Limits</h4>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
                {route.limits.map((l) => (
                  <li key={l}>
                    <Prose text={l} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </details>
    </article>
  );
}

const noteLink = 'font-semibold text-brand-700 underline dark:text-brand-400';

/** What the example needs from the reader: a key (and where to get one), a session, or jq for the picture. */
function ExampleNote({ route }: { route: ReferenceRoute }) {
  const parts = [];
  if (route.auth === 'premium') {
    parts.push(
      <span key="key">
        It reads your key from <code className="font-mono">${API_KEY_VARIABLE}</code>: run{' '}
        <code className="font-mono">export {API_KEY_VARIABLE}=mf_…</code> with an API key from your{' '}
        <Link className={noteLink} to="/dashboard">
          dashboard
        </Link>{' '}
        (premium) first, then paste it as it is.{' '}
      </span>,
    );
  } else if (route.auth === 'session') {
    parts.push(
      <span key="session">
        Needs a dashboard session: sign in on the{' '}
        <Link className={noteLink} to="/dashboard">
          dashboard
        </Link>
        , then send its <code className="font-mono">mf_session</code> cookie.{' '}
      </span>,
    );
  } else {
    parts.push(<span key="public">No key needed: paste it as it is. </span>);
  }
  if (route.imageUrl) {
    parts.push(
      <span key="image">
        The answer&apos;s <code className="font-mono">imageUrl</code> is the picture&apos;s full address, which the
        second command downloads (it reads the answer with <code className="font-mono">jq</code>).
      </span>,
    );
  }
  return <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{parts}</p>;
}
