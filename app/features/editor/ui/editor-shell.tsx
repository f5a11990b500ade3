import { useEffect, useRef } from 'react';
import type { Template } from '../../../../core/api/templates';
import { NOTHING_TO_DOWNLOAD } from '../../../../core/messages';
import { EDITOR_LAYER } from '~/components/ui/layers';
import { toast } from '~/lib/toast';
import { memeFileName } from '../model/file-name';
import { CanvasStage } from './canvas-stage';
import { CaptionsList } from './captions-list';
import { EditorTopBar } from './editor-top-bar';
import { ExportDialog } from './export-dialog';
import type { ExportIntent } from './export-frame';
import { LayersPanel } from './layers-panel';
import { LeftPanel } from './left-panel';
import { ShapeToolbar } from './shape-toolbar';
import { TextPanel } from './text-panel';
import { TopicMemes } from '~/features/topic-memes/topic-memes';
import { TopToolbar } from './top-toolbar';
import { useCanvasStage } from './use-canvas-stage';
import { useDocumentLoader } from './use-document-loader';
import { useEditorState, useMemeCanvas, useStore } from './use-editor';
import { useEditorKeys } from './use-editor-keys';
import { useExportFlow } from './use-export-flow';
import { useLeaveGuard } from './use-leave-guard';
import { useMotion } from './use-motion';
import { usePremium } from './use-premium';
import { useStickyPadding } from './use-sticky-padding';
import { useWideLayout } from './use-wide-layout';

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
  const sticky = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);
  const shareButton = useRef<HTMLButtonElement>(null);
  const motion = useMotion(editor);
  const exporting = useExportFlow(editor, motion.player, state.edits);
  const doc = useDocumentLoader(editor, { template, initialTemplate, lines, image, imageName });
  const premium = usePremium();
  useEditorKeys(editor);
  const { confirmLeave } = useLeaveGuard(state.canUndo && state.edits !== exporting.downloadedAt);

  // The overlay covers the site header, breadcrumbs and footer; they must not take focus or clicks behind it.
  useEffect(() => {
    const behind = [...document.querySelectorAll<HTMLElement>('body > header, body > nav, body > footer')];
    behind.forEach((el) => el.setAttribute('inert', ''));
    return () => behind.forEach((el) => el.removeAttribute('inert'));
  }, []);

  useCanvasStage(editor, stage);
  const wide = useWideLayout();
  useStickyPadding(sticky, wide);

  const autoCrop = () => {
    if (editor?.autoCrop()) toast.success('Auto-cropped! ✂️');
    else toast.info('Nothing to crop');
  };
  const uploadPicked = async (file: File) => {
    await doc.upload(file);
    // The picture replaced what the canvas showed: the canvas takes the focus, one Tab from its captions.
    stage.current?.focus({ preventScroll: true });
  };
  // A blank canvas would download as a blank picture: say what is missing instead of opening the dialog.
  const openExport = (intent: ExportIntent) => {
    if (state.exportable) exporting.open(intent);
    else toast.info(NOTHING_TO_DOWNLOAD.title, NOTHING_TO_DOWNLOAD.description);
  };
  const styleBar = (
    <div className="border-t border-slate-200 lg:col-span-3 lg:row-start-1 lg:border-t-0 dark:border-slate-700">
      <TopToolbar state={state} editor={editor} onAutoCrop={autoCrop} />
    </div>
  );
  const added = (what: 'text' | 'shape') => toast.success(what === 'text' ? 'Text Added! ✨' : 'Shape Added! ✨');

  return (
    <div
      role="region"
      aria-label="Meme editor"
      className={`fixed inset-0 ${EDITOR_LAYER} flex flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100`}
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
        are grid cells. The grid places the style bar on top wherever it stands in the DOM; the DOM, which the keyboard
        and screen readers follow, has it where it is drawn: first on a wide screen (right after the top bar, not
        after the whole left panel), after the left panel on a phone (ADR 0211).
      */}
      <div className="min-h-0 flex-1 overflow-y-auto lg:grid lg:grid-cols-[18rem_minmax(0,1fr)_14rem] lg:grid-rows-[auto_auto_minmax(0,1fr)] lg:overflow-hidden">
        {wide ? styleBar : null}
        <div
          ref={sticky}
          className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 lg:contents dark:border-slate-700 dark:bg-slate-950"
        >
          <CanvasStage
            stage={stage}
            elementRef={elementRef}
            captions={captions}
            editor={editor}
            state={state}
            loadError={loadError}
            motion={motion}
          />
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
        {wide ? null : styleBar}
        <div className="border-slate-200 lg:col-start-3 lg:row-span-2 lg:row-start-2 lg:overflow-y-auto lg:border-l dark:border-slate-700">
          <ShapeToolbar editor={editor} onAdded={added} />
          <div className="p-3">
            <LayersPanel layers={state.layers} editor={editor} />
          </div>
        </div>
      </div>
      <ExportDialog
        source={exporting.source}
        onOpenChange={(open) => !open && exporting.close()}
        fileName={(format) => memeFileName(doc.source, format)}
        premium={premium}
        share={{ templateId: doc.templateId, captions: state.texts.map((t) => t.text) }}
        onDone={exporting.done}
        returnFocusTo={exporting.intent === 'share' ? shareButton : downloadButton}
        intent={exporting.intent}
      />
    </div>
  );
}
