import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { MotionSession } from '../canvas/motion-session';
import type { ExportSize } from '../model/export-plan';
import { durationSeconds, MOTION_FORMATS, type MotionFormat } from '../model/motion-plan';
import { saveFile } from './download';
import { cancelStyle, DownloadButton, ExportFrame, isAbort, MakingStatus, type ExportIntent } from './export-frame';
import type { Exported } from './export-dialog';
import { MotionOptions, MOTION_LABEL, type MotionEstimates } from './motion-options';
import { ShareLink, type ShareMeme } from './share-link';

/**
 * The export dialog of a meme whose picture moves (docs/decisions/0138-animated-meme-export.md): GIF, WebP or MP4
 * with each one's estimated size, dithering for GIF, share or original size, then Download with a frame count as
 * progress and Cancel to stop. Like the still dialog, a download sends nothing anywhere; Share a link sends the
 * share-size GIF (or WebP when that is chosen; an MP4 is not a picture a page can show) to POST /api/shares (ADR 0142).
 */
export function MotionDialog(props: {
  session: MotionSession | null;
  onOpenChange: (open: boolean) => void;
  fileName: (format: MotionFormat) => string;
  onDone: (done: Exported) => void;
  returnFocusTo: RefObject<HTMLElement>;
  intent: ExportIntent;
  premium: boolean;
  /** The meme's template and captions, for a share link (share-link.tsx). */
  share: ShareMeme;
}) {
  const { session } = props;
  const [formats, setFormats] = useState<readonly MotionFormat[]>(['gif', 'webp']);
  const [format, setFormat] = useState<MotionFormat>('gif');
  const [size, setSize] = useState<ExportSize>('share');
  const [dither, setDither] = useState(true);
  const [estimates, setEstimates] = useState<MotionEstimates>({});
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const work = useRef<AbortController | null>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);
  const shareButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!session) return;
    setFormat('gif');
    setSize('share');
    setError(null);
    setProgress(null);
  }, [session]);

  // Which formats this browser can write at this size, then each one's size, GIF first.
  useEffect(() => {
    if (!session) return;
    const controller = new AbortController();
    setEstimates({});
    const timer = setTimeout(async () => {
      const can = await Promise.all(MOTION_FORMATS.map((f) => session.supports(f, size)));
      const offered = MOTION_FORMATS.filter((_, i) => can[i]);
      if (controller.signal.aborted) return;
      setFormats(offered);
      for (const f of offered) {
        if (controller.signal.aborted) return;
        const result = await session
          .estimate(size, f, dither, controller.signal)
          .catch((e: unknown) => (isAbort(e) ? null : ('failed' as const)));
        if (result && !controller.signal.aborted) setEstimates((all) => ({ ...all, [f]: result }));
      }
    }, 30);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [session, size, dither]);

  const download = async () => {
    if (!session || work.current) return;
    const controller = new AbortController();
    work.current = controller;
    setError(null);
    setProgress({ done: 0, total: session.motion.frames.length });
    try {
      const file = await session.file(
        size,
        format,
        dither,
        (done, total) => setProgress({ done, total }),
        controller.signal,
      );
      const name = props.fileName(format);
      saveFile(file.blob, name);
      props.onDone({ file, name, saved: false });
    } catch (e) {
      if (!isAbort(e)) setError(e instanceof Error ? e.message : 'The file could not be created. Please try again.');
    } finally {
      if (work.current === controller) work.current = null;
      setProgress(null);
    }
  };

  const busy = progress !== null || sharing;
  const shareFile = async (signal: AbortSignal) => {
    if (!session) throw new Error('no animation');
    const kind = format === 'webp' ? 'webp' : 'gif';
    setProgress({ done: 0, total: session.motion.frames.length });
    try {
      return (await session.file('share', kind, dither, (done, total) => setProgress({ done, total }), signal)).blob;
    } finally {
      setProgress(null);
    }
  };
  const label = MOTION_LABEL[format];
  const seconds = session ? String(Number(durationSeconds(session.motion.delays).toFixed(2))) : '';
  return (
    <ExportFrame
      open={session !== null}
      onOpenChange={props.onOpenChange}
      focusFirst={props.intent === 'share' ? shareButton : downloadButton}
      intent={props.intent}
      returnFocusTo={props.returnFocusTo}
      description={`Your meme moves: ${session?.motion.frames.length ?? 0} frames, ${seconds} s. The file is made on your device; a download sends nothing to our servers.`}
      options={
        session ? (
          <MotionOptions
            session={session}
            formats={formats}
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
        progress ? (
          <MakingStatus label={label} done={progress.done} total={progress.total}>
            Creating your {label}: frame {progress.done} of {progress.total}…
          </MakingStatus>
        ) : null
      }
      error={error}
      share={
        session ? (
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
        <DownloadButton
          ref={downloadButton}
          label={label}
          disabled={!session || busy}
          onClick={() => void download()}
        />
        {progress !== null && !sharing ? (
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
