import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ExportFile } from '../canvas/export-session';
import type { ExportSize } from '../model/export-plan';
import { saveFile } from './download';
import { cancelStyle, DownloadButton, ExportFrame, isAbort, MakingStatus, type ExportIntent } from './export-frame';
import { ExportOptions, type Estimates } from './export-options';
import { FORMAT_LABEL, type ExportSource, type Format } from './export-source';
import { ShareLink, type ShareMeme } from './share-link';

export interface Exported {
  file: ExportFile;
  name: string;
  saved: boolean;
}

/** A file being made: for a download or a save, and how many frames of how many (0 of 0 for a still meme). */
type Making = { saving: boolean; done: number; total: number };

/**
 * Choose Export Format, for a still or an animated meme (ADR 0184; export-source.ts says what differs): the formats
 * with each one's file size (estimated from samples or a few frames, exact once encoded), dithering for an animated
 * GIF, share or original size, then Download, which saves the file made on this device (an animation counts its
 * frames, and Cancel stops it), or, for a premium member, Save to dashboard. Nothing is sent anywhere for a download
 * (ADR 0120); Share a link sends the share-size file to POST /api/shares. Failures stay in the dialog, in words.
 */
export function ExportDialog(props: {
  source: ExportSource | null;
  onOpenChange: (open: boolean) => void;
  fileName: (format: Format) => string;
  premium: boolean;
  onDone: (done: Exported) => void;
  /** The button that opened the dialog: the focus goes back to it (it is not a Radix trigger). */
  returnFocusTo: RefObject<HTMLElement>;
  intent: ExportIntent;
  /** The meme's template and captions, for a share link (share-link.tsx). */
  share: ShareMeme;
}) {
  const { source } = props;
  const [offered, setOffered] = useState<readonly Format[]>([]);
  const [format, setFormat] = useState<Format>('jpg');
  const [size, setSize] = useState<ExportSize>('share');
  const [dither, setDither] = useState(true);
  const [estimates, setEstimates] = useState<Estimates>({});
  const [making, setMaking] = useState<Making | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const work = useRef<AbortController | null>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);
  const shareButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!source) return;
    setOffered(source.formats.filter((f) => f.sure).map((f) => f.format));
    setFormat(source.initialFormat());
    setSize('share');
    setError(null);
    setMaking(null);
  }, [source]);

  // Which formats this browser can write at this size, then each one's size; a slow estimate never holds up the
  // chosen one's (still) or GIF's (animated).
  useEffect(() => {
    if (!source) return;
    const controller = new AbortController();
    setEstimates({});
    // Let the dialog paint before the first drawing of the meme takes the main thread.
    const timer = setTimeout(async () => {
      const can = await source.offered(size);
      if (controller.signal.aborted) return;
      setOffered(can);
      for (const f of source.estimateOrder(format, can)) {
        if (controller.signal.aborted) return;
        const result = await source
          .estimate(size, f, dither, controller.signal)
          .catch((e: unknown) => (isAbort(e) ? null : ('failed' as const)));
        if (result && !controller.signal.aborted) setEstimates((all) => ({ ...all, [f]: result }));
      }
    }, 30);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The format is read once per size: choosing another format must not restart the estimates.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, size, dither]);

  const progress = (saving: boolean) => (done: number, total: number) => setMaking({ saving, done, total });

  const run = async (saving: boolean) => {
    if (!source || work.current) return;
    const controller = new AbortController();
    work.current = controller;
    setError(null);
    setMaking({ saving, done: 0, total: source.frames ?? 0 });
    try {
      const file = await source.file(size, format, dither, progress(saving), controller.signal);
      const name = props.fileName(format);
      if (saving) await source.save?.(file.blob, name, format);
      else saveFile(file.blob, name);
      source.remember(format);
      props.onDone({ file, name, saved: saving });
    } catch (e) {
      if (!isAbort(e)) setError(e instanceof Error ? e.message : 'The file could not be created. Please try again.');
    } finally {
      if (work.current === controller) work.current = null;
      setMaking(null);
    }
  };

  const shareFile = async (signal: AbortSignal) => {
    if (!source) throw new Error('no meme');
    if (source.frames !== null) setMaking({ saving: false, done: 0, total: source.frames });
    try {
      return await source.share(format, dither, progress(false), signal);
    } finally {
      setMaking(null);
    }
  };

  const busy = making !== null || sharing;
  const label = FORMAT_LABEL[format];
  const out = source ? source.sizes[source.oneSize ? 'original' : size] : null;
  return (
    <ExportFrame
      open={source !== null}
      onOpenChange={props.onOpenChange}
      focusFirst={props.intent === 'share' ? shareButton : downloadButton}
      intent={props.intent}
      returnFocusTo={props.returnFocusTo}
      description={source?.description ?? ''}
      options={
        source ? (
          <ExportOptions
            source={source}
            offered={offered}
            format={format}
            size={size}
            dither={dither}
            estimates={estimates}
            disabled={busy}
            onFormat={setFormat}
            onSize={setSize}
            onDither={setDither}
          />
        ) : null
      }
      status={
        making && out ? (
          making.total > 0 ? (
            <MakingStatus label={label} done={making.done} total={making.total}>
              Creating your {label}: frame {making.done} of {making.total}…
            </MakingStatus>
          ) : (
            <MakingStatus label={label}>
              {making.saving ? 'Saving' : 'Creating'} your {label} ({out.width} × {out.height} px)…
            </MakingStatus>
          )
        ) : null
      }
      error={error}
      share={
        source ? (
          <ShareLink
            ref={shareButton}
            make={shareFile}
            meme={props.share}
            premium={props.premium}
            disabled={busy}
            onBusy={setSharing}
          />
        ) : null
      }
    >
      <div className="mt-4 flex flex-col gap-2 sm:flex-row-reverse">
        <DownloadButton ref={downloadButton} label={label} disabled={!source || busy} onClick={() => void run(false)} />
        {props.premium && source?.save ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(true)}
            className="flex-1 rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60 dark:border-brand-300 dark:text-brand-200 dark:hover:bg-slate-800"
          >
            Save to dashboard
          </button>
        ) : null}
        {/* An animation's frames take a while: its Cancel stops the file under way and keeps the dialog open. */}
        {making && source?.frames !== null && !sharing ? (
          <button type="button" onClick={() => work.current?.abort()} className={cancelStyle}>
            Cancel
          </button>
        ) : (
          <Dialog.Close className={cancelStyle}>Cancel</Dialog.Close>
        )}
      </div>
    </ExportFrame>
  );
}
