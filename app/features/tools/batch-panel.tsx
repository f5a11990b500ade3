import { useState } from 'react';
import { BATCH_COMPRESS_QUALITY } from '../../../core/tools/compress-options';
import { QUALITY } from '../../../core/tools/output';
import type { ToolResult } from '../../../core/api/tools';
import { COMPRESS_FORMATS, COMPRESS_FORMAT_LABELS } from '../../../core/tools/compress-options';
import { displaySize } from '../../../core/images/sniff';
import { inspectFiles, toastRefused, type Inspected } from '~/lib/file-intake';
import { toast } from '~/lib/toast';
import { DropZone } from './drop-zone';
import { buttonCount, countOf, formatBytes, parseDimension, resultName, uniqueNames, zipName } from './format';
import { noEnlargeBox } from './resize-fields';
import { pictureHint } from './picture-hint';
import { ProgressCard } from './progress-card';
import { SkippedFiles, skippedOf, type Skipped } from './skipped-files';
import { ResultPicture } from './result-card';
import { useFileQueue } from './use-file-queue';
import { downloadZip } from './zip-download';
import { btnPrimary, card, fieldLabel, input, range } from './styles';
import type { ToolFields } from '~/lib/api/tool-fields';

interface Done {
  index: number;
  name: string;
  result: ToolResult;
}

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
  const [op, setOp] = useState<'resize' | 'compress'>('resize');
  // "Don't enlarge" is on unless unticked: a batch of mixed sizes should not blow a thumbnail up to the box (ADR 0162).
  const [dims, setDims] = useState({ width: 800, height: 600, keep: true, enlarge: false });
  const [format, setFormat] = useState<(typeof COMPRESS_FORMATS)[number]>('original');
  const [quality, setQuality] = useState(BATCH_COMPRESS_QUALITY);
  const { job, busy, detail, runAll, cancel } = useFileQueue();
  const [done, setDone] = useState<Done[]>([]);
  const [failed, setFailed] = useState<{ name: string; reason: string }[]>([]);
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

  const setSide = (axis: 'width' | 'height', raw: string) => {
    // With the ratio kept, the server fits each picture inside this box with its own proportions.
    setDims((d) => ({ ...d, [axis]: parseDimension(raw) }));
  };

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="space-y-4 lg:col-span-2">
        <DropZone onFiles={choose} multiple hint={pictureHint(true)} disabled={busy} />
        {files.length ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {countOf(files.length, 'file')} selected: {files.map((f) => f.name).join(', ')}
          </p>
        ) : null}
        <SkippedFiles skipped={skipped} testId="batch-skipped" />
        <button type="button" className={btnPrimary} disabled={!files.length || busy} onClick={process}>
          Process {buttonCount(files.length, 'Image')}
        </button>
        {busy ? <ProgressCard text="Processing your images..." job={job} detail={detail} onCancel={cancel} /> : null}
        {done.length || failed.length ? (
          <section aria-label="Batch results" className={`${card} space-y-3`} data-testid="batch-results">
            <p className="font-semibold text-slate-900 dark:text-white">
              Successfully processed {done.length}/{countOf(done.length + failed.length, 'image')}
            </p>
            {failed.length ? (
              <ul className="list-disc pl-5 text-sm text-red-700 dark:text-red-300" data-testid="batch-failures">
                {failed.map((f) => (
                  <li key={f.name}>
                    {f.name}: {f.reason}
                  </li>
                ))}
              </ul>
            ) : null}
            <SavingsTable done={done} />
            {done.length ? (
              <button type="button" className={btnPrimary} disabled={zipping} onClick={downloadAll}>
                {zipping ? 'Preparing ZIP...' : 'Download All'}
              </button>
            ) : null}
          </section>
        ) : null}
      </div>
      <fieldset className={`${card} space-y-3`} disabled={busy}>
        <legend className="px-1 font-semibold text-slate-900 dark:text-white">Batch Settings</legend>
        <label className={fieldLabel}>
          Operation
          <select value={op} onChange={(e) => setOp(e.target.value as typeof op)} className={input}>
            <option value="resize">Resize</option>
            <option value="compress">Compress</option>
          </select>
        </label>
        {op === 'resize' ? (
          <>
            <div className="grid grid-cols-2 gap-2">
              <label className={fieldLabel}>
                Width
                <input
                  type="number"
                  min={1}
                  value={dims.width || ''}
                  onChange={(e) => setSide('width', e.target.value)}
                  className={input}
                />
              </label>
              <label className={fieldLabel}>
                Height
                <input
                  type="number"
                  min={1}
                  value={dims.height || ''}
                  onChange={(e) => setSide('height', e.target.value)}
                  className={input}
                />
              </label>
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input
                type="checkbox"
                checked={dims.keep}
                onChange={(e) => setDims({ ...dims, keep: e.target.checked })}
                className="accent-brand-700"
              />
              Maintain aspect ratio
            </label>
            <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input
                type="checkbox"
                checked={!dims.enlarge}
                onChange={(e) => setDims({ ...dims, enlarge: !e.target.checked })}
                className="accent-brand-700"
              />
              Don&apos;t enlarge smaller pictures
            </label>
          </>
        ) : null}
        <label className={fieldLabel}>
          Output format
          <select value={format} onChange={(e) => setFormat(e.target.value as typeof format)} className={input}>
            {COMPRESS_FORMATS.map((f) => (
              <option key={f} value={f}>
                {COMPRESS_FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <label className={fieldLabel}>
          Quality: {quality}%
          <input
            type="range"
            min={QUALITY.min}
            max={QUALITY.max}
            step={10}
            value={quality}
            onChange={(e) => setQuality(Number(e.target.value))}
            className={range}
          />
        </label>
      </fieldset>
    </div>
  );
}

/** Per file, TinyPNG style: before, after and what was saved (or added), with the total underneath. */
function SavingsTable({ done }: { done: Done[] }) {
  const before = done.reduce((n, d) => n + d.result.originalSize, 0);
  const after = done.reduce((n, d) => n + d.result.size, 0);
  const saved = (from: number, to: number) => (from > 0 ? Math.round(((from - to) / from) * 100) : 0);
  const savedText = (from: number, to: number) => {
    const pct = saved(from, to);
    return pct >= 0 ? `−${pct}%` : `+${-pct}%`;
  };
  return (
    <div
      className="max-h-96 overflow-auto rounded-lg border border-slate-200 dark:border-slate-700"
      tabIndex={0}
      role="region"
      aria-label="Sizes before and after"
    >
      <table className="w-full text-left text-sm" data-testid="batch-savings">
        <thead className="sticky top-0 bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className="px-2 py-1">
              File
            </th>
            <th scope="col" className="px-2 py-1 text-right">
              Before
            </th>
            <th scope="col" className="px-2 py-1 text-right">
              After
            </th>
            <th scope="col" className="px-2 py-1 text-right">
              Saved
            </th>
          </tr>
        </thead>
        <tbody className="text-slate-800 dark:text-slate-100">
          {done.map((d) => (
            <tr key={d.index} className="border-t border-slate-200 dark:border-slate-700" data-testid="batch-row">
              <td className="max-w-[12rem] px-2 py-1">
                <span className="flex items-center gap-2">
                  <ResultPicture result={d.result} alt="" quiet className="h-8 w-8 shrink-0 rounded object-cover" />
                  <span className="truncate" title={d.name}>
                    {d.name}
                  </span>
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {d.result.width}×{d.result.height} · {d.result.format.toUpperCase()}
                </span>
              </td>
              <td className="px-2 py-1 text-right tabular-nums">{formatBytes(d.result.originalSize)}</td>
              <td className="px-2 py-1 text-right tabular-nums">{formatBytes(d.result.size)}</td>
              <td className="px-2 py-1 text-right font-semibold tabular-nums">
                {savedText(d.result.originalSize, d.result.size)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold text-slate-900 dark:border-slate-600 dark:text-white">
          <tr data-testid="batch-total">
            <th scope="row" className="px-2 py-1">
              Total ({countOf(done.length, 'file')})
            </th>
            <td className="px-2 py-1 text-right tabular-nums">{formatBytes(before)}</td>
            <td className="px-2 py-1 text-right tabular-nums">{formatBytes(after)}</td>
            <td className="px-2 py-1 text-right tabular-nums">{savedText(before, after)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
