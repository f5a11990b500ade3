import { useState } from 'react';
import { BATCH_COMPRESS_QUALITY } from '../../../core/tools/compress-options';
import { displaySize } from '../../../core/images/sniff';
import { inspectFiles, toastRefused, type Inspected } from '~/lib/file-intake';
import { toast } from '~/lib/toast';
import { BatchResults, type BatchDone, type BatchFailure } from './batch-results';
import { BatchSettings, type BatchDims, type BatchFormat, type BatchOp } from './batch-settings';
import { DropZone } from './drop-zone';
import { buttonCount, countOf, resultName, uniqueNames, zipName } from './format';
import { noEnlargeBox } from './resize-fields';
import { pictureHint } from './picture-hint';
import { ProgressCard } from './progress-card';
import { SkippedFiles, skippedOf, type Skipped } from './skipped-files';
import { useFileQueue } from './use-file-queue';
import { downloadZip } from './zip-download';
import { btnPrimary } from './styles';
import type { ToolFields } from '~/lib/api/tool-fields';

type Accepted = Extract<Inspected, { ok: true }>;

/**
 * Many files through /api/modify one after another, each with its own real progress; failures are listed, never
 * skipped silently. Cancel stops the file in progress and the ones after it; what finished stays downloadable.
 * Files refused when chosen stay listed, each with its own reason, until the next choice (a toast goes away).
 */
export function BatchPanel() {
  const [chosen, setChosen] = useState<Accepted[]>([]);
  const [skipped, setSkipped] = useState<Skipped[]>([]);
  const files = chosen.map((c) => c.file);
  const [op, setOp] = useState<BatchOp>('resize');
  // "Don't enlarge" is on unless unticked: a batch of mixed sizes should not blow a thumbnail up to the box (ADR 0162).
  const [dims, setDims] = useState<BatchDims>({ width: 800, height: 600, keep: true, enlarge: false });
  const [format, setFormat] = useState<BatchFormat>('original');
  const [quality, setQuality] = useState(BATCH_COMPRESS_QUALITY);
  const { job, busy, detail, runAll, cancel } = useFileQueue();
  const [done, setDone] = useState<BatchDone[]>([]);
  const [failed, setFailed] = useState<BatchFailure[]>([]);
  const [zipping, setZipping] = useState(false);

  const choose = async (list: File[]) => {
    const inspected = await inspectFiles(list);
    const accepted = inspected.filter((i): i is Accepted => i.ok);
    const refused = inspected.filter((i): i is Extract<Inspected, { ok: false }> => !i.ok);
    setChosen(accepted);
    setSkipped(skippedOf(inspected));
    setDone([]);
    setFailed([]);
    // The toast says it now; the list under the drop zone keeps saying it.
    toastRefused(refused);
    if (accepted.length) toast.success(`${countOf(accepted.length, 'image')} loaded!`);
  };

  const process = async () => {
    setDone([]);
    setFailed([]);
    // Each picture's own box when it must not be enlarged: its sides no larger than its own (resize-fields.ts).
    const resizeFields = (i: number): ToolFields<'/api/modify'> => {
      const box = dims.enlarge ? dims : noEnlargeBox(dims, displaySize(chosen[i]!.info));
      return {
        operation: 'resize',
        width: box.width,
        height: box.height,
        maintainAspectRatio: dims.keep,
        ...(format === 'original' ? {} : { format }),
        quality,
      };
    };
    const compress: ToolFields<'/api/modify'> = { operation: 'compress', format, quality };
    const fields = op === 'resize' ? resizeFields : compress;
    const {
      done: ok,
      failed: bad,
      cancelled,
    } = await runAll('/api/modify', files, fields, 'The server could not process this file.');
    setDone(ok);
    setFailed(bad);
    if (cancelled)
      toast.info(
        'Batch cancelled',
        `${ok.length} of ${countOf(files.length, 'image')} processed before you cancelled.`,
      );
    else if (ok.length)
      toast.success(
        'Batch processing complete! 📦',
        `Successfully processed ${ok.length}/${countOf(files.length, 'image')}`,
      );
    else toast.error('Batch processing failed', 'Something went wrong during batch processing.');
  };

  const downloadAll = async () => {
    setZipping(true);
    try {
      const names = uniqueNames(done.map((d) => resultName(d.name, d.result.operation, d.result.format)));
      await downloadZip(
        done.map((d, i) => ({ name: names[i]!, url: d.result.imageUrl })),
        zipName(
          done.map((d) => d.name),
          op,
        ),
      );
      toast.success('Download started!', `${countOf(done.length, 'image')} in one ZIP`);
    } catch {
      toast.error('Download failed', 'Some results have expired. Please process the images again.');
    } finally {
      setZipping(false);
    }
  };

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="min-w-0 space-y-4 lg:col-span-2">
        <DropZone onFiles={choose} multiple hint={pictureHint(true)} disabled={busy} />
        {files.length ? (
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
            {countOf(files.length, 'file')} selected: {files.map((f) => f.name).join(', ')}
          </p>
        ) : null}
        <SkippedFiles skipped={skipped} testId="batch-skipped" />
        <button type="button" className={btnPrimary} disabled={!files.length || busy} onClick={process}>
          Process {buttonCount(files.length, 'Image')}
        </button>
        {busy ? <ProgressCard text="Processing your images..." job={job} detail={detail} onCancel={cancel} /> : null}
        {done.length || failed.length ? (
          <BatchResults done={done} failed={failed} zipping={zipping} onDownloadAll={downloadAll} />
        ) : null}
      </div>
      <BatchSettings
        disabled={busy}
        op={op}
        onOp={setOp}
        dims={dims}
        onDims={setDims}
        format={format}
        onFormat={setFormat}
        quality={quality}
        onQuality={setQuality}
      />
    </div>
  );
}
