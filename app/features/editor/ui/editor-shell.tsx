import { Link } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { ExportFormat } from '../../../../core/api/memes';
import type { Template } from '../../../../core/api/templates';
import { toast } from '~/lib/toast';
import { useDarkMode } from '~/lib/use-dark-mode';
import { downloadMeme } from './download';
import { ExportDialog } from './export-dialog';
import { LayersPanel } from './layers-panel';
import { LeftPanel } from './left-panel';
import { ShapeToolbar } from './shape-toolbar';
import { TextPanel } from './text-panel';
import { TopToolbar } from './top-toolbar';
import { useDocumentLoader } from './use-document-loader';
import { useEditorState, useMemeCanvas, useStore } from './use-editor';
import { useEditorKeys } from './use-editor-keys';

/** The full-screen editor: bars on top, panels on the sides (stacked under the canvas on phones). */
export function EditorShell({
  template,
  initialTemplate,
  image,
}: {
  /** `?template=` of the URL. */
  template: string | null;
  /** That template, when the route's loader found it; null when it did not (the editor says so). */
  initialTemplate: Template | null;
  image: string | null;
}) {
  const store = useStore();
  const state = useEditorState(store);
  const { elementRef, editor, loadError } = useMemeCanvas(store);
  const textInput = useRef<HTMLTextAreaElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const doc = useDocumentLoader(editor, { template, initialTemplate, image });
  const theme = useDarkMode();
  useEditorKeys(editor);

  // The overlay covers the site header, breadcrumbs and footer; they must not take focus or clicks behind it.
  useEffect(() => {
    const behind = [...document.querySelectorAll<HTMLElement>('body > header, body > nav, body > footer')];
    behind.forEach((el) => el.setAttribute('inert', ''));
    return () => behind.forEach((el) => el.removeAttribute('inert'));
  }, []);

  useEffect(() => {
    if (!editor) return;
    editor.onTextDoubleClick = () => textInput.current?.focus();
  }, [editor]);

  useEffect(() => {
    const el = stage.current;
    if (!editor || !el) return;
    const fit = () => editor.fitDisplay(el.clientWidth - 16);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [editor, state.canvas.width, state.canvas.height]);

  const autoCrop = () => {
    if (editor?.autoCrop()) toast.success('Auto-cropped! ✂️');
    else toast.info('Nothing to crop');
  };
  const chooseFormat = async (format: ExportFormat) => {
    setExportOpen(false);
    if (editor) await downloadMeme((f) => editor.exportImage(f), format);
  };
  const added = (what: 'text' | 'shape') => toast.success(what === 'text' ? 'Text Added! ✨' : 'Shape Added! ✨');

  return (
    <div role="region" aria-label="Meme editor" className="fixed inset-0 z-50 flex flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
        {/* On a phone the bar has room for the actions only. */}
        <span className="hidden whitespace-nowrap font-bold text-brand-700 sm:inline dark:text-brand-300">Memeforge Editor</span>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Image file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void doc.upload(file);
          }}
        />
        <button type="button" onClick={() => fileInput.current?.click()} className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
          Upload
        </button>
        <button
          type="button"
          disabled={!editor}
          onClick={() => setExportOpen(true)}
          className="whitespace-nowrap rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          Download Meme
        </button>
        <button
          type="button"
          onClick={theme.toggle}
          aria-label={theme.dark ? 'Switch to light mode' : 'Switch to dark mode'}
          className="ml-auto rounded-lg px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          {theme.dark ? '☀️' : '🌙'}
        </button>
        <Link
          to="/"
          aria-label="Close Editor"
          className="shrink-0 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <span aria-hidden="true" className="sm:hidden">✕</span>
          <span className="hidden sm:inline">Close Editor</span>
        </Link>
      </header>
      <TopToolbar state={state} editor={editor} onAutoCrop={autoCrop} />
      <ShapeToolbar editor={editor} onAdded={added} />
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:flex-row lg:overflow-hidden">
        <aside className="order-2 border-slate-200 p-3 lg:order-1 lg:w-80 lg:shrink-0 lg:overflow-y-auto lg:border-r dark:border-slate-700">
          <LeftPanel selectedTemplate={doc.templateId} onTemplate={doc.openTemplate} onAiImage={doc.useAiImage}>
            <TextPanel state={state} editor={editor} inputRef={textInput} templateId={doc.templateId} onAdded={() => added('text')} />
          </LeftPanel>
        </aside>
        <section ref={stage} aria-label="Canvas" className="order-1 flex min-w-0 shrink-0 items-start justify-center p-2 lg:order-2 lg:flex-1 lg:shrink lg:overflow-auto">
          {loadError ? (
            <p role="alert" className="p-6 text-red-600 dark:text-red-400">The editor could not start. Please reload the page.</p>
          ) : null}
          {!editor && !loadError ? <p className="p-6 text-slate-500 dark:text-slate-400">Loading editor…</p> : null}
          <div className="shadow-lg" data-testid="canvas-frame">
            <canvas ref={elementRef} aria-label="Meme canvas" />
          </div>
        </section>
        <aside className="order-3 border-slate-200 p-3 lg:w-56 lg:shrink-0 lg:overflow-y-auto lg:border-l dark:border-slate-700">
          <LayersPanel layers={state.layers} editor={editor} />
        </aside>
      </div>
      <ExportDialog open={exportOpen} onOpenChange={setExportOpen} onChoose={(f) => void chooseFormat(f)} />
    </div>
  );
}
