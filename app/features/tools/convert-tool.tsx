import { useState } from 'react';
import { CONVERT_DEFAULT_QUALITY } from '../../../core/tools/convert-options';
import { inspectFiles, toastRefused, type Inspected } from '~/lib/file-intake';
import { toast } from '~/lib/toast';
import { ConvertResults, type Converted } from './convert-results';
import { ConvertSettings, type Format } from './convert-settings';
import { DropZone } from './drop-zone';
import { FailedFiles, type FailedFile } from './failed-files';
import { FirstFrameToggle } from './file-card';
import { buttonCount, countOf } from './format';
import { formatLimit } from './format-limit';
import { pictureHint } from './picture-hint';
import { ProgressCard } from './progress-card';
import { SelectedThumbs } from './selected-thumbs';
import { SkippedFiles, skippedOf, type Skipped } from './skipped-files';
import { btnPrimary, muted } from './styles';
import { useFileQueue } from './use-file-queue';
import type { ToolFields } from '~/lib/api/tool-fields';

/** The Convert screen's images tab: choose pictures, pick a format, convert them one after another. */
export function ConvertTool() {
  const [files, setFiles] = useState<File[]>([]);
  // Each file's size as read on choosing it: a format's limit is said before the click (format-limit.tsx).
  const [sizes, setSizes] = useState<{ width: number; height: number }[]>([]);
  const [fit, setFit] = useState(true);
  const [format, setFormat] = useState<Format>('png');
  const [quality, setQuality] = useState(CONVERT_DEFAULT_QUALITY);
  const { job, busy, detail, runAll, cancel } = useFileQueue();
  const [done, setDone] = useState<Converted[]>([]);
  const [failed, setFailed] = useState<FailedFile[]>([]);
  const [skipped, setSkipped] = useState<Skipped[]>([]);
  // How many chosen files are animations (ADR 0137), and whether only their first frame is wanted.
  const [animated, setAnimated] = useState(0);
  const [firstOnly, setFirstOnly] = useState(false);

  const choose = async (list: File[]) => {
    const inspected = await inspectFiles(list);
    // The toast says it now; the list under the thumbnails keeps saying it until the next choice.
    toastRefused(inspected.filter((i): i is Extract<Inspected, { ok: false }> => !i.ok));
    setSkipped(skippedOf(inspected));
    const accepted = inspected.filter((i): i is Extract<Inspected, { ok: true }> => i.ok);
    const images = accepted.map((i) => i.file);
    if (!images.length) return toast.error('No valid images', 'Please select image files to convert');
    setFiles(images);
    setSizes(accepted.map((i) => ({ width: i.info.width, height: i.info.height })));
    setAnimated(accepted.filter((i) => i.info.animated && (i.info.frames ?? 0) > 1).length);
    setFirstOnly(false);
    setDone([]);
    setFailed([]);
    toast.success(images.length === 1 ? 'Image loaded!' : `${images.length} images loaded!`);
  };

  const convert = async () => {
    if (!files.length) return toast.error('No valid images', 'Please select image files to convert');
    setDone([]);
    setFailed([]);
    // A failed file is never skipped silently (docs/product.md §5.4): the list under the results says which and why.
    const { side, over } = formatLimit(format, sizes);
    const fields: ToolFields<'/api/convert'> = {
      operation: 'convert',
      format,
      quality,
      maintainMetadata: false,
      ...(side && over && fit ? { maxSide: side } : {}),
      ...(animated && firstOnly ? { frames: 'first' } : {}),
    };
    const outcome = await runAll('/api/convert', files, fields, 'The server could not convert this file.');
    const out = outcome.done.map((d) => ({ originalName: d.name, result: d.result }));
    setDone(out);
    setFailed(outcome.failed);
    if (outcome.cancelled)
      toast.info(
        'Conversion cancelled',
        `${out.length} of ${countOf(files.length, 'image')} converted before you cancelled.`,
      );
    else if (out.length)
      toast.success('Conversion complete! 🔄', `${out.length}/${countOf(files.length, 'image')} converted`);
    else toast.error('Conversion failed', 'Something went wrong during conversion. Please try again.');
  };

  const upper = format.toUpperCase();
  return (
    // On a phone the settings come between the files and the button (flex order); on a wide screen they sit in
    // the right-hand column.
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-3 lg:items-start">
      <div className="contents lg:col-span-2 lg:block lg:space-y-4">
        <div className="order-1 space-y-4">
          <DropZone onFiles={choose} multiple hint={pictureHint(true)} disabled={busy} />
          <SelectedThumbs files={files} />
          <SkippedFiles skipped={skipped} testId="convert-skipped" />
          {animated ? (
            <div className="space-y-1 text-sm" data-testid="convert-animated">
              <p className={muted}>
                {animated === 1 && files.length === 1
                  ? 'This image is animated'
                  : `${animated} of ${files.length} images are animated`}
                : WebP keeps every frame; the other formats hold one picture, the first frame.
              </p>
              <FirstFrameToggle choice={{ checked: firstOnly, onChange: setFirstOnly }} disabled={busy} />
            </div>
          ) : null}
        </div>
        <div className="order-3 space-y-4">
          <button type="button" className={btnPrimary} disabled={!files.length || busy} onClick={convert}>
            Convert {buttonCount(files.length, 'Image')} to {upper}
          </button>
          {busy ? <ProgressCard text="Converting your images..." job={job} detail={detail} onCancel={cancel} /> : null}
          {done.length ? <ConvertResults done={done} total={files.length} /> : null}
          <FailedFiles failed={failed} testId="convert-failures" label="Files not converted" />
        </div>
      </div>
      <ConvertSettings
        format={format}
        onFormat={setFormat}
        sizes={sizes}
        fit={fit}
        onFit={setFit}
        quality={quality}
        onQuality={setQuality}
        busy={busy}
      />
    </div>
  );
}
