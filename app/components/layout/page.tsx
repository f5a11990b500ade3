import type { ReactNode } from 'react';

/** The content column every simple page uses: a heading, an optional lead and the body. */
export function Page({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      {lead ? <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{lead}</p> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}
