import { useState, type ReactNode } from 'react';
import type { Template } from '../../../../core/api/templates';
import { AiTab } from './ai-tab';
import { TemplatesTab } from './templates-tab';

export type LeftTab = 'text' | 'templates' | 'ai';

/**
 * The left panel's three tabs (ADR 0160): Text (AI captions and the text panel, `children`), Templates (search and
 * the grid) and AI ✨ (a picture from a description). It opens on Text when the editor opened with a picture to
 * caption, and on Templates when the canvas is empty: the grid is thousands of pixels tall, and in one column with
 * the text controls it pushed them out of sight. Choosing a template goes on to Text. Text and Templates mount when
 * first shown and then stay (a draft, the caption ideas and a search survive a look elsewhere; the grid's pictures
 * load only when asked for); AI ✨ mounts only while shown, so the allowance is fetched only then (§4.2).
 */
export function LeftPanel(props: {
  firstTab: LeftTab;
  selectedTemplate: string | null;
  onTemplate: (t: Template) => void;
  onAiImage: (url: string) => void;
  onUpload?: () => void;
  children: ReactNode;
}) {
  const [tab, setTab] = useState<LeftTab>(props.firstTab);
  const [opened, setOpened] = useState<ReadonlySet<LeftTab>>(() => new Set([props.firstTab]));
  const show = (value: LeftTab) => {
    setTab(value);
    setOpened((was) => (was.has(value) ? was : new Set([...was, value])));
  };
  // A chosen template is the start of a meme: the captions' tools come next.
  const pickTemplate = (t: Template) => {
    props.onTemplate(t);
    show('text');
  };
  const tabButton = (value: LeftTab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`tab-${value}`}
      aria-selected={tab === value}
      aria-controls={`panel-${value}`}
      onClick={() => show(value)}
      className={`flex-1 rounded px-2 py-1 text-sm font-medium ${
        tab === value
          ? 'bg-white text-slate-900 shadow dark:bg-slate-700 dark:text-white'
          : 'text-slate-600 dark:text-slate-300'
      }`}
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-col gap-3">
      <div
        role="tablist"
        aria-label="Text, templates and AI"
        className="flex gap-1 rounded-lg bg-slate-200 p-1 dark:bg-slate-800"
      >
        {tabButton('text', 'Text')}
        {tabButton('templates', 'Templates')}
        {tabButton('ai', 'AI ✨')}
      </div>
      <div role="tabpanel" id="panel-text" aria-labelledby="tab-text" hidden={tab !== 'text'}>
        {props.children}
      </div>
      <div role="tabpanel" id="panel-templates" aria-labelledby="tab-templates" hidden={tab !== 'templates'}>
        {opened.has('templates') ? (
          <TemplatesTab selectedId={props.selectedTemplate} onPick={pickTemplate} onUpload={props.onUpload} />
        ) : null}
      </div>
      <div role="tabpanel" id="panel-ai" aria-labelledby="tab-ai" hidden={tab !== 'ai'}>
        {tab === 'ai' ? <AiTab onUseImage={props.onAiImage} /> : null}
      </div>
    </div>
  );
}
