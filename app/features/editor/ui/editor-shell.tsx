import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Template } from '../../../../core/api/templates';
import { formatBytes } from '~/features/tools/format';
import { toast } from '~/lib/toast';
import { memeFileName } from '../model/file-name';
import { CaptionsList } from './captions-list';
import { EditorTopBar } from './editor-top-bar';
import { ExportDialog, type Exported } from './export-dialog';
import type { ExportIntent } from './export-frame';
import { motionSource, stillSource, type ExportSource } from './export-source';
import { LayersPanel } from './layers-panel';
import { LeftPanel } from './left-panel';
import { MotionControl } from './motion-control';
import { ShapeToolbar } from './shape-toolbar';
import { TextPanel } from './text-panel';
import { TopicMemes } from '~/features/topic-memes/topic-memes';
import { TopToolbar } from './top-toolbar';
import { useDocumentLoader } from './use-document-loader';
import { useEditorState, useMemeCanvas, useStore } from './use-editor';
import { useEditorKeys } from './use-editor-keys';
import { useLeaveGuard } from './use-leave-guard';
import { useMotion } from './use-motion';
import { usePremium } from './use-premium';
import { ViewBar } from './view-bar';

/** Wide screens put the panels beside the canvas (Tailwind's lg); narrower ones stack them under it. */
const WIDE = '(min-width: 1024px)';
/** On a phone the canvas takes at most this share of the window, so the text field and keyboard fit below it. */
const PHONE_CANVAS_SHARE = 0.5;
/** The stage's padding (p-2) on each side. */
const STAGE_PAD = 16;

/**
 * The editor's toasts go over the top of the canvas, just inside the stage (its top is 138 px down on wide screens,
 * 99 px when stacked; sonner calls under 600 px "mobile"): there they cover the picture's margin, never a caption
 * field, the text panel or a toolbar, on a desktop or a phone (ADR 0160). The route's handle passes this on.
 */
export const EDITOR_TOASTER = { position: 'top-center', offset: { top: 146 }, mobileOffset: { top: 107 } } as const;

/** The full-screen editor: bars on top, panels on the sides (stacked under the canvas on phones). */
export function EditorShell({
  template,
  initialTemplate,
  lines = [],
  image,
  imageName,
}: {
  /** `?template=` of the URL. */
  template: string | null;
  /** That template, when the route's loader found it; null when it did not (the editor says so). */
  initialTemplate: Template | null;
  /** `?line=` once per box: captions for the template (a meme chosen from a topic on the home page). */
  lines?: readonly string[];
  image: string | null;
  /** `?name=`: the uploaded file's name, when the home page sent the picture. */
  imageName: string | null;
}) {
  const store = useStore();
  const state = useEditorState(store);
  const { elementRef, editor, loadError } = useMemeCanvas(store);
  const textInput = useRef<HTMLTextAreaElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const captions = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);
  const shareButton = useRef<HTMLButtonElement>(null);
  const [exportIntent, setExportIntent] = useState<ExportIntent>('download');
  const [exportSource, setExportSource] = useState<ExportSource | null>(null);
  const motion = useMotion(editor);
  const [downloadedAt, setDownloadedAt] = useState(-1);
  const doc = useDocumentLoader(editor, { template, initialTemplate, lines, image, imageName });
  const premium = usePremium();
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
      if (document.activeElement === document.body || document.activeElement === null)
        stage.current?.focus({ preventScroll: true });
    };
    return () => {
      editor.editingEnded = null;
    };
  }, [editor]);

  const autoCrop = () => {
    if (editor?.autoCrop()) toast.success('Auto-cropped! ✂️');
    else toast.info('Nothing to crop');
  };
  // A moving picture is exported as an animation (GIF, WebP, MP4); a still one as a picture (PNG, JPG, WebP).
  const openExport = (intent: ExportIntent) => {
    if (!editor) return;
    setExportIntent(intent);
    const still = editor.exportSession();
    const moving = motion.player?.exportSession(still) ?? null;
    setExportSource(moving ? motionSource(moving) : stillSource(still));
  };
  const closeExport = () => {
    exportSource?.dispose();
    setExportSource(null);
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
    if (!editor.editSelected())
      captions.current?.querySelector<HTMLElement>('[aria-label="Captions"] textarea, [data-add-captions]')?.focus();
  };
  const added = (what: 'text' | 'shape') => toast.success(what === 'text' ? 'Text Added! ✨' : 'Shape Added! ✨');

  return (
    <div
      role="region"
      aria-label="Meme editor"
      className="fixed inset-0 z-50 flex flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100"
    >
      <EditorTopBar
        canExport={editor !== null}
        onPicked={(file) => void uploadPicked(file)}
        onDownload={() => openExport('download')}
        onShare={() => openExport('share')}
        downloadButton={downloadButton}
        shareButton={shareButton}
        fileInput={fileInput}
        confirmLeave={confirmLeave}
      />
      {/*
        One scroll area on a phone, in reading order: the canvas (kept in view while the rest scrolls under it) with
        Undo/Redo/zoom and the captions' fields, then the left panel (its Text tab: AI captions and the text panel,
        in the first screen), the text style bar, Insert and Layers. Wide screens lay the same pieces out as a grid
        (ADR 0160): the text style bar on top; the captions over the left panel; the canvas with the middle column's
        full height; Insert and Layers on the right. The phone's sticky block becomes `contents` there, so its pieces
        are grid cells while the keyboard's order stays the DOM's: the canvas, its captions, the left column below
        them, then the style bar and the right column.
      */}
      <div className="min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[18rem_minmax(0,1fr)_14rem] lg:grid-rows-[auto_auto_minmax(0,1fr)] lg:overflow-hidden">
        <div className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 lg:contents dark:border-slate-700 dark:bg-slate-950">
          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-2 lg:flex lg:min-h-0 lg:flex-col">
            {/* On a wide screen the bar stands at the canvas's left, so the canvas keeps the column's full height. */}
            <div className="lg:flex lg:min-h-0 lg:flex-1 lg:flex-row">
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
                  <p role="alert" className="p-6 text-red-600 dark:text-red-400">
                    The editor could not start. Please reload the page.
                  </p>
                ) : null}
                {!editor && !loadError ? (
                  <p className="p-6 text-slate-500 dark:text-slate-400">Loading editor…</p>
                ) : null}
                <div className="m-auto shadow-lg" data-testid="canvas-frame">
                  <canvas ref={elementRef} aria-label="Meme canvas" />
                </div>
              </section>
            </div>
            <MotionControl player={motion.player} state={motion.state} />
          </div>
          <div
            ref={captions}
            className="border-slate-200 lg:col-start-1 lg:row-start-2 lg:border-r lg:px-1 lg:pt-3 dark:border-slate-700"
          >
            <CaptionsList state={state} editor={editor} />
          </div>
        </div>
        <div className="border-slate-200 p-3 lg:col-start-1 lg:row-start-3 lg:overflow-y-auto lg:border-r dark:border-slate-700">
          <LeftPanel
            firstTab={template || image ? 'text' : 'templates'}
            selectedTemplate={doc.templateId}
            onTemplate={doc.openTemplate}
            onAiImage={doc.useAiImage}
            onUpload={() => fileInput.current?.click()}
          >
            <TextPanel
              state={state}
              editor={editor}
              inputRef={textInput}
              templateId={doc.templateId}
              onAdded={() => added('text')}
              onCaption={() => toast.success('Caption added to the boxes')}
            />
            <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700">
              <TopicMemes compact onUse={(c) => void doc.openTopicMeme(c.template.id, c.lines)} />
            </div>
          </LeftPanel>
        </div>
        <div className="border-t border-slate-200 lg:col-span-3 lg:row-start-1 lg:border-t-0 dark:border-slate-700">
          <TopToolbar state={state} editor={editor} onAutoCrop={autoCrop} />
        </div>
        <div className="border-slate-200 lg:col-start-3 lg:row-span-2 lg:row-start-2 lg:overflow-y-auto lg:border-l dark:border-slate-700">
          <ShapeToolbar editor={editor} onAdded={added} />
          <div className="p-3">
            <LayersPanel layers={state.layers} editor={editor} />
          </div>
        </div>
      </div>
      <ExportDialog
        source={exportSource}
        onOpenChange={(open) => !open && closeExport()}
        fileName={(format) => memeFileName(doc.source, format)}
        premium={premium}
        share={{ templateId: doc.templateId, captions: state.texts.map((t) => t.text) }}
        onDone={exported}
        returnFocusTo={exportIntent === 'share' ? shareButton : downloadButton}
        intent={exportIntent}
      />
    </div>
  );
}
