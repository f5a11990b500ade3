import { useState } from 'react';
import { BATCH_COMPRESS_QUALITY } from '../../../core/tools/compress';
import { QUALITY } from '../../../core/tools/fields';
import { COMPRESS_FORMATS, COMPRESS_FORMAT_LABELS, type ToolResult } from '../../../core/api/tools';
import { toast } from '~/lib/toast';
import { failureText, imagesOnly, postTool } from './api';
import { DropZone } from './drop-zone';
import { batchName, formatBytes, parseDimension, shareDone } from './format';
import { ProgressCard } from './progress-card';
import { downloadZip } from './zip-download';
import { btnPrimary, card, fieldLabel, input, range } from './styles';

interface Done {
  index: number;
  name: string;
  result: ToolResult;
}

/** Many files through /api/modify one after another; failures are listed, never skipped silently. */
export function BatchPanel() {
  const [files, setFiles] = useState<File[]>([]);
  const [op, setOp] = useState<'resize' | 'compress'>('resize');
  const [dims, setDims] = useState({ width: 800, height: 600, keep: true });
  const [format, setFormat] = useState<(typeof COMPRESS_FORMATS)[number]>('original');
  const [quality, setQuality] = useState(BATCH_COMPRESS_QUALITY);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [done, setDone] = useState<Done[]>([]);
  const [failed, setFailed] = useState<{ name: string; reason: string }[]>([]);
  const [zipping, setZipping] = useState(false);

  const choose = (list: File[]) => {
    const images = imagesOnly(list);
    setFiles(images);
    setDone([]);
    setFailed([]);
    if (images.length) toast.success(`${images.length} images loaded!`);
  };

  const process = async () => {
    setBusy(true);
    setProgress(0);
    setDone([]);
    setFailed([]);
    const ok: Done[] = [];
    const bad: { name: string; reason: string }[] = [];
    const fields: Record<string, string | number | boolean> = op === 'resize' ? { operation: 'resize', width: dims.width, height: dims.height, maintainAspectRatio: dims.keep } : { operation: 'compress', format, quality };
    for (const [i, file] of files.entries()) {
      try {
        ok.push({ index: i + 1, name: file.name, result: await postTool('/api/modify', file, fields) });
      } catch (err) {
        bad.push({ name: file.name, reason: failureText(err, 'The server could not process this file.') });
      }
      setProgress(shareDone(i + 1, files.length));
    }
    setDone(ok);
    setFailed(bad);
    setBusy(false);
    setProgress(0);
    if (ok.length) toast.success('Batch processing complete! 📦', `Successfully processed ${ok.length}/${files.length} images`);
    else toast.error('Batch processing failed', 'Something went wrong during batch processing.');
  };

  const downloadAll = async () => {
    setZipping(true);
    try {
      const now = Date.now();
      await downloadZip(done.map((d) => ({ name: batchName(d.index, d.result.format, now), url: d.result.imageUrl })), `modified-${now}.zip`);
      toast.success('Download started!', `${done.length} images in one ZIP`);
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
        <DropZone onFiles={choose} multiple hint="Supports JPG, PNG, WEBP up to 10MB each - Multiple files supported" disabled={busy} />
        {files.length ? <p className="text-sm text-slate-700 dark:text-slate-300">{files.length} files selected: {files.map((f) => f.name).join(', ')}</p> : null}
        <button type="button" className={btnPrimary} disabled={!files.length || busy} onClick={process}>
          Process {files.length} Images
        </button>
        {busy ? <ProgressCard text="Processing your images..." value={progress} /> : null}
        {done.length || failed.length ? (
          <section aria-label="Batch results" className={`${card} space-y-3`} data-testid="batch-results">
            <p className="font-semibold text-slate-900 dark:text-white">Successfully processed {done.length}/{done.length + failed.length} images</p>
            {failed.length ? (
              <ul className="list-disc pl-5 text-sm text-red-700 dark:text-red-300" data-testid="batch-failures">
                {failed.map((f) => <li key={f.name}>{f.name}: {f.reason}</li>)}
              </ul>
            ) : null}
            <ul className="grid max-h-64 grid-cols-3 gap-2 overflow-y-auto">
              {done.map((d) => (
                <li key={d.index} className="relative rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
                  <span className="absolute top-1 left-1 rounded bg-brand-700 px-1.5 text-xs font-bold text-white">{d.index}</span>
                  <img src={d.result.imageUrl} alt={`Result ${d.index}: ${d.name}`} className="h-20 w-full object-contain" />
                  <span className="block truncate text-xs text-slate-700 dark:text-slate-300">{d.result.width}×{d.result.height} · {formatBytes(d.result.size)}</span>
                </li>
              ))}
            </ul>
            {done.length ? <button type="button" className={btnPrimary} disabled={zipping} onClick={downloadAll}>{zipping ? 'Preparing ZIP...' : 'Download All'}</button> : null}
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
              <label className={fieldLabel}>Width<input type="number" min={1} value={dims.width || ''} onChange={(e) => setSide('width', e.target.value)} className={input} /></label>
              <label className={fieldLabel}>Height<input type="number" min={1} value={dims.height || ''} onChange={(e) => setSide('height', e.target.value)} className={input} /></label>
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input type="checkbox" checked={dims.keep} onChange={(e) => setDims({ ...dims, keep: e.target.checked })} className="accent-brand-700" />
              Maintain aspect ratio
            </label>
          </>
        ) : (
          <>
            <label className={fieldLabel}>
              Output format
              <select value={format} onChange={(e) => setFormat(e.target.value as typeof format)} className={input}>
                {COMPRESS_FORMATS.map((f) => <option key={f} value={f}>{COMPRESS_FORMAT_LABELS[f]}</option>)}
              </select>
            </label>
            <label className={fieldLabel}>
              Quality: {quality}%
              <input type="range" min={QUALITY.min} max={QUALITY.max} step={10} value={quality} onChange={(e) => setQuality(Number(e.target.value))} className={range} />
            </label>
          </>
        )}
      </fieldset>
    </div>
  );
}
