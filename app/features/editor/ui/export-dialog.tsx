import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { EXPORT_FORMATS, type ExportFormat } from '../../../../core/api/memes';
import { SHARE_MAX_BYTES, SHARE_MAX_SIDE } from '../../../../core/limits';
import type { ExportFile, ExportSession, SizeEstimate } from '../canvas/export-session';
import type { ExportSize } from '../model/export-plan';
import { saveFile, saveToDashboard } from './download';
import { cancelStyle, DownloadButton, ExportFrame, isAbort, MakingStatus, type ExportIntent } from './export-frame';
import { ExportOptions, FORMAT_LABEL } from './export-options';
import { ShareLink, type ShareMeme } from './share-link';

const FORMAT_KEY = 'memeforge.exportFormat';
const SHARE_MB = SHARE_MAX_BYTES / 1_000_000;

type Estimates = Partial<Record<ExportFormat, SizeEstimate | 'failed'>>;

export interface Exported {
  file: ExportFile;
  name: string;
  saved: boolean;
}

/** A share's file: the share size in the chosen format; a PNG over a share's limit goes as JPG (ADR 0139). */
async function shareFile(session: ExportSession, format: ExportFormat, signal: AbortSignal): Promise<Blob> {
  const file = await session.file('share', format, signal);
  return file.blob.size > SHARE_MAX_BYTES ? (await session.file('share', 'jpg', signal)).blob : file.blob;
}

const remembered = (): ExportFormat => {
  const v = typeof localStorage === 'undefined' ? null : localStorage.getItem(FORMAT_KEY);
  return (EXPORT_FORMATS as readonly string[]).includes(v ?? '') ? (v as ExportFormat) : 'jpg';
};

/**
 * Choose Export Format: format and size, each format's file size (estimated from samples in a Worker, exact once
 * encoded), then Download, which saves the file made on this device, or, for a premium member, Save to dashboard.
 * Nothing is sent anywhere for a download (ADR 0120). Failures stay in the dialog, in words.
 */
export function ExportDialog(props: {
  session: ExportSession | null;
  onOpenChange: (open: boolean) => void;
  fileName: (format: ExportFormat) => string;
  premium: boolean;
  onDone: (done: Exported) => void;
  /** The button that opened the dialog: the focus goes back to it (it is not a Radix trigger). */
  returnFocusTo: RefObject<HTMLElement>;
  intent: ExportIntent;
  /** The meme's template and captions, for a share link (share-link.tsx). */
  share: ShareMeme;
}) {
  const { session } = props;
  const [format, setFormat] = useState<ExportFormat>('jpg');
  const [size, setSize] = useState<ExportSize>('share');
  const [estimates, setEstimates] = useState<Estimates>({});
  const [busy, setBusy] = useState<'download' | 'save' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const work = useRef<AbortController | null>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);
  const shareButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!session) return;
    setFormat(remembered());
    setSize('share');
    setError(null);
  }, [session]);

  // Sizes for the chosen size, the chosen format first; a slow WebP estimate never holds up the JPG's.
  useEffect(() => {
    if (!session) return;
    const controller = new AbortController();
    setEstimates({});
    const order = [format, ...EXPORT_FORMATS.filter((f) => f !== format)];
    // Let the dialog paint before the first drawing of the meme takes the main thread.
    const timer = setTimeout(async () => {
      for (const f of order) {
        if (controller.signal.aborted) return;
        const result = await session
          .estimate(size, f, controller.signal)
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
  }, [session, size]);

  const run = async (kind: 'download' | 'save') => {
    if (!session || busy) return;
    const controller = new AbortController();
    work.current = controller;
    setBusy(kind);
    setError(null);
    try {
      const file = await session.file(size, format, controller.signal);
      const name = props.fileName(format);
      if (kind === 'download') saveFile(file.blob, name);
      else await saveToDashboard(file.blob, name, format);
      localStorage.setItem(FORMAT_KEY, format);
      setEstimates((all) => ({ ...all, [format]: { bytes: file.blob.size, quality: file.quality, exact: true } }));
      props.onDone({ file, name, saved: kind === 'save' });
    } catch (e) {
      if (!isAbort(e)) setError(e instanceof Error ? e.message : 'The file could not be created. Please try again.');
    } finally {
      if (work.current === controller) work.current = null;
      setBusy(null);
    }
  };

  const out = session ? session.sizes[session.oneSize ? 'original' : size] : null;
  const label = FORMAT_LABEL[format];
  return (
    <ExportFrame
      open={session !== null}
      onOpenChange={props.onOpenChange}
      focusFirst={props.intent === 'share' ? shareButton : downloadButton}
      intent={props.intent}
      returnFocusTo={props.returnFocusTo}
      description="The file is made on your device; a download sends nothing to our servers."
      options={
        session && out ? (
          <ExportOptions
            session={session}
            format={format}
            size={size}
            estimates={estimates}
            disabled={busy !== null}
            onFormat={setFormat}
            onSize={setSize}
            shareHint={`${SHARE_MAX_SIDE} px at most, under ${SHARE_MB} MB for posting`}
          />
        ) : null
      }
      status={
        busy && out ? (
          <MakingStatus label={label}>
            {busy === 'save' ? 'Saving' : 'Creating'} your {label} ({out.width} × {out.height} px)…
          </MakingStatus>
        ) : null
      }
      error={error}
      share={
        session ? (
          <ShareLink
            ref={shareButton}
            make={(signal) => shareFile(session, format, signal)}
            meme={props.share}
            premium={props.premium}
            disabled={busy !== null}
            onBusy={setSharing}
          />
        ) : null
      }
    >
      <div className="mt-4 flex flex-col gap-2 sm:flex-row-reverse">
        <DownloadButton
          ref={downloadButton}
          label={label}
          disabled={!session || busy !== null || sharing}
          onClick={() => void run('download')}
        />
        {props.premium ? (
          <button
            type="button"
            disabled={!session || busy !== null}
            onClick={() => void run('save')}
            className="flex-1 rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60 dark:border-brand-300 dark:text-brand-200 dark:hover:bg-slate-800"
          >
            Save to dashboard
          </button>
        ) : null}
        <Dialog.Close className={cancelStyle}>Cancel</Dialog.Close>
      </div>
    </ExportFrame>
  );
}
