import { useState, type ReactNode } from 'react';
import type { Template } from '../../../../core/api/templates';
import { AiTab } from './ai-tab';
import { TemplatesTab } from './templates-tab';

type Tab = 'templates' | 'ai';

/**
 * 'Templates & AI' with the Templates tab open first (a meme starts from a template far more often than from an AI
 * picture: ADR 0120); the AI tab mounts only while shown, so usage is fetched only then.
 */
export function LeftPanel(props: {
  selectedTemplate: string | null;
  onTemplate: (t: Template) => void;
  onAiImage: (url: string) => void;
  onUpload?: () => void;
  children: ReactNode;
}) {
  const [tab, setTab] = useState<Tab>('templates');
  const tabButton = (value: Tab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`tab-${value}`}
      aria-selected={tab === value}
      aria-controls={`panel-${value}`}
      onClick={() => setTab(value)}
      className={`flex-1 rounded px-2 py-1 text-sm font-medium ${
        tab === value ? 'bg-white text-slate-900 shadow dark:bg-slate-700 dark:text-white' : 'text-slate-600 dark:text-slate-300'
      }`}
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="templates-ai-heading" className="flex flex-col gap-2">
        <h2 id="templates-ai-heading" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          Templates &amp; AI
        </h2>
        <div role="tablist" aria-label="Templates and AI" className="flex gap-1 rounded-lg bg-slate-200 p-1 dark:bg-slate-800">
          {tabButton('templates', 'Templates')}
          {tabButton('ai', 'AI ✨')}
        </div>
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'templates' ? (
            <TemplatesTab selectedId={props.selectedTemplate} onPick={props.onTemplate} onUpload={props.onUpload} />
          ) : (
            <AiTab onUseImage={props.onAiImage} />
          )}
        </div>
      </section>
      {props.children}
    </div>
  );
}
