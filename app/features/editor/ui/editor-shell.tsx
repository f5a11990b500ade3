import { Link } from '@remix-run/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Template } from '../../../../core/api/templates';
import { formatBytes } from '~/features/tools/format';
import { toast } from '~/lib/toast';
import { useDarkMode } from '~/lib/use-dark-mode';
import type { ExportSession } from '../canvas/export-session';
import type { MotionSession } from '../canvas/motion-session';
import { memeFileName } from '../model/file-name';
import { CaptionsList } from './captions-list';
import { ExportDialog, type Exported } from './export-dialog';
import { LayersPanel } from './layers-panel';
import { LeftPanel } from './left-panel';
import { MotionControl } from './motion-control';
import { MotionDialog } from './motion-dialog';
import { ShapeToolbar } from './shape-toolbar';
import { TextPanel } from './text-panel';
import { TopToolbar } from './top-toolbar';
import { useDocumentLoader } from './use-document-loader';
import { useEditorState, useMemeCanvas, useStore } from './use-editor';
import { useEditorKeys } from './use-editor-keys';
import { useLeaveGuard } from './use-leave-guard';
import { useMotion } from './use-motion';
import { usePremium } from './use-premium';
import { ViewBar } from './view-bar';
import { IMAGE_INPUT_ACCEPT } from '../../../../core/images/kinds';

/** Wide screens put the panels beside the canvas (Tailwind's lg); narrower ones stack them under it. */
const WIDE = '(min-width: 1024px)';
/** On a phone the canvas takes at most this share of the window, so the text field and keyboard fit below it. */
const PHONE_CANVAS_SHARE = 0.5;
/** The stage's padding (p-2) on each side. */
const STAGE_PAD = 16;

/** The full-screen editor: bars on top, panels on the sides (stacked under the canvas on phones). */
export function EditorShell({
  template,
  initialTemplate,
  image,
  imageName,
}: {
  /** `?template=` of the URL. */
  template: string | null;
  /** That template, when the route's loader found it; null when it did not (the editor says so). */
  initialTemplate: Template | null;
  image: string | null;
  /** `?name=`: the uploaded file's name, when the home page sent the picture. */
  imageName: string | null;
}) {
  const store = useStore();
  const state = useEditorState(store);
  const { elementRef, editor, loadError } = useMemeCanvas(store);
  const textInput = useRef<HTMLTextAreaElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);
  const [exportSession, setExportSession] = useState<ExportSession | null>(null);
  const [motionSession, setMotionSession] = useState<MotionSession | null>(null);
  const motion = useMotion(editor);
  const [downloadedAt, setDownloadedAt] = useState(-1);
  const doc = useDocumentLoader(editor, { template, initialTemplate, image, imageName });
  const premium = usePremium();
  const theme = useDarkMode();
  useEditorKeys(editor);
  const { confirmLeave } = useLeaveGuard(state.canUndo && state.edits !== downloadedAt);

  // The overlay covers the site header, breadcrumbs and footer; they must not take focus or clicks behind it.
  useEffect(() => {
    const behind = [...document.querySelectorAll<HTMLElement>('body > header, body > nav, body > footer')];
    behind.forEach((el) => el.setAttribute('inert', ''));
    return () => behind.forEach((el) => el.removeAttribute('inert'));
  }, []);

  // The canvas fits the room it has: the stage on wide screens, the width and half the height on a phone.
  useEffect(() => {
    const el = stage.current;
    if (!editor || !el) return;
    const wide = window.matchMedia(WIDE);
    const fit = () =>
      editor.setViewport({
        width: el.clientWidth - STAGE_PAD,
        height: wide.matches ? el.clientHeight - STAGE_PAD : Math.round(window.innerHeight * PHONE_CANVAS_SHARE),
      });
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    window.addEventListener('resize', fit);
    wide.addEventListener('change', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
      wide.removeEventListener('change', fit);
    };
  }, [editor]);

  // When in-place editing ends (Escape, or a click elsewhere), fabric blurs its hidden field: the keyboard focus
  // goes back to the canvas rather than to the page's body.
  useEffect(() => {
    if (!editor) return;
    editor.editingEnded = () => {
      if (document.activeElement === document.body || document.activeElement === null) stage.current?.focus({ preventScroll: true });
    };
    return () => {
      editor.editingEnded = null;
    };
  }, [editor]);

  const autoCrop = () => {
    if (editor?.autoCrop()) toast.success('Auto-cropped! ✂️');
    else toast.info('Nothing to crop');
  };
  // A moving picture opens the animated export (GIF, WebP, MP4); a still one the still export.
  const openExport = () => {
    if (!editor) return;
    const still = editor.exportSession();
    const moving = motion.player?.exportSession(still) ?? null;
    if (moving) setMotionSession(moving);
    else setExportSession(still);
  };
  const closeExport = () => {
    exportSession?.dispose();
    motionSession?.dispose();
    setExportSession(null);
    setMotionSession(null);
  };
  const exported = ({ file, name, saved }: Exported) => {
    closeExport();
    setDownloadedAt(state.edits);
    const what = `${name}, ${file.width} × ${file.height} px, ${formatBytes(file.blob.size)}`;
    if (saved) toast.success('Meme Saved! ✨', `${what} is in your dashboard.`);
    else toast.success('Download started', what);
  };
  const uploadPicked = async (file: File) => {
    await doc.upload(file);
    // The picture replaced what the canvas showed: the canvas takes the focus, one Tab from its captions.
    stage.current?.focus({ preventScroll: true });
  };
  const onStageKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.target !== stage.current || !editor) return;
    e.preventDefault();
    // Enter edits the selected caption in place; with none selected it goes to the top caption's field.
    if (!editor.editSelected()) stage.current?.parentElement?.querySelector<HTMLElement>('[aria-label="Captions"] textarea, [data-add-captions]')?.focus();
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
          accept={IMAGE_INPUT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Image file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void uploadPicked(file);
          }}
        />
        <button type="button" onClick={() => fileInput.current?.click()} className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
          Upload
        </button>
        <button
          ref={downloadButton}
          type="button"
          disabled={!editor}
          onClick={openExport}
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
          onClick={(e) => {
            if (!confirmLeave()) e.preventDefault();
          }}
          aria-label="Close Editor"
          className="shrink-0 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <span aria-hidden="true" className="sm:hidden">✕</span>
          <span className="hidden sm:inline">Close Editor</span>
        </Link>
      </header>
      {/*
        One scroll area on a phone, in reading order: the canvas (kept in view while the rest scrolls under it) with
        Undo/Redo/zoom and the selected caption's text field, then the toolbars and panels. Wide screens lay the same
        pieces out as a grid: toolbars on top, panels beside the canvas.
      */}
      <div className="min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[20rem_minmax(0,1fr)_14rem] lg:grid-rows-[auto_auto_minmax(0,1fr)] lg:overflow-hidden">
        <div className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 lg:static lg:col-start-2 lg:row-start-3 lg:flex lg:min-h-0 lg:flex-col lg:border-b-0 dark:border-slate-700 dark:bg-slate-950">
          <ViewBar state={state} editor={editor} />
          <section
            ref={stage}
            aria-label="Canvas"
            // Focusable, so a zoomed-in canvas can be scrolled from the keyboard; Enter edits the selected caption.
            tabIndex={0}
            aria-keyshortcuts="Enter"
            onKeyDown={onStageKey}
            className="flex min-w-0 items-start justify-center overflow-auto p-2 lg:min-h-0 lg:flex-1"
          >
            {loadError ? (
              <p role="alert" className="p-6 text-red-600 dark:text-red-400">The editor could not start. Please reload the page.</p>
            ) : null}
            {!editor && !loadError ? <p className="p-6 text-slate-500 dark:text-slate-400">Loading editor…</p> : null}
            <div className="m-auto shadow-lg" data-testid="canvas-frame">
              <canvas ref={elementRef} aria-label="Meme canvas" />
            </div>
          </section>
          <MotionControl player={motion.player} state={motion.state} />
          <CaptionsList state={state} editor={editor} />
        </div>
        <div className="lg:col-span-3 lg:row-start-1">
          <TopToolbar state={state} editor={editor} onAutoCrop={autoCrop} />
        </div>
        <div className="lg:col-span-3 lg:row-start-2">
          <ShapeToolbar editor={editor} onAdded={added} />
        </div>
        <div className="border-slate-200 p-3 lg:col-start-1 lg:row-start-3 lg:overflow-y-auto lg:border-r dark:border-slate-700">
          <LeftPanel selectedTemplate={doc.templateId} onTemplate={doc.openTemplate} onAiImage={doc.useAiImage} onUpload={() => fileInput.current?.click()}>
            <TextPanel
              state={state}
              editor={editor}
              inputRef={textInput}
              templateId={doc.templateId}
              onAdded={() => added('text')}
              onCaption={() => toast.success('Caption added to the boxes')}
            />
          </LeftPanel>
        </div>
        <div className="border-slate-200 p-3 lg:col-start-3 lg:row-start-3 lg:overflow-y-auto lg:border-l dark:border-slate-700">
          <LayersPanel layers={state.layers} editor={editor} />
        </div>
      </div>
      <ExportDialog
        session={exportSession}
        onOpenChange={(open) => !open && closeExport()}
        fileName={(format) => memeFileName(doc.source, format)}
        premium={premium}
        share={{ templateId: doc.templateId, captions: state.texts.map((t) => t.text) }}
        onDone={exported}
        returnFocusTo={downloadButton}
      />
      <MotionDialog
        session={motionSession}
        onOpenChange={(open) => !open && closeExport()}
        fileName={(format) => memeFileName(doc.source, format)}
        premium={premium}
        share={{ templateId: doc.templateId, captions: state.texts.map((t) => t.text) }}
        onDone={exported}
        returnFocusTo={downloadButton}
      />
    </div>
  );
}
