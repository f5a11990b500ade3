import type { ReactNode } from 'react';

/** The frame of a tool screen: heading, lead, then the tool. */
export function ToolPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{lead}</p>
      <div className="mt-6 space-y-4">{children}</div>
    </div>
  );
}
