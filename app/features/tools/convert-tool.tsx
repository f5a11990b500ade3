import { useEffect, useState } from 'react';
import { AVIF_MAX_SIDE } from '../../../core/image-service';
import type { ToolResult } from '../../../core/api/tools';
import { CONVERT_DEFAULT_QUALITY, OUTPUT_FORMATS } from '../../../core/tools/convert-options';
import { inspectFiles, toastRefused, type Inspected } from '~/lib/file-intake';
import { toast } from '~/lib/toast';
import { previewFileUrl } from './browser-preview';
import { DropZone } from './drop-zone';
import { FirstFrameToggle } from './file-card';
import { buttonCount, countOf, formatBytes, resultName, uniqueNames, zipName } from './format';
import { FormatLimit, formatLimit } from './format-limit';
import { pictureHint } from './picture-hint';
import { ProgressCard } from './progress-card';
import { SkippedFiles, skippedOf, type Skipped } from './skipped-files';
import { DownloadLink, Notes, ResultCard } from './result-card';
import { downloadZip } from './zip-download';
import { QualitySlider } from './quality-slider';
import { btnPrimary, btnSecondary, card, fieldLabel, input, muted } from './styles';
import { useFileQueue } from './use-file-queue';
import type { ToolFields } from '~/lib/api/tool-fields';

type Format = (typeof OUTPUT_FORMATS)[number];
const DESCRIPTIONS: Record<Format, string> = {
  jpeg: 'Best for photos, smaller file',
  png: 'Graphics and transparency',
  webp: 'Modern, excellent compression',
  avif: `Smallest files, up to ${AVIF_MAX_SIDE.toLocaleString('en-US')} px a side`,
  bmp: 'Uncompressed, large',
  tiff: 'Lossless, for programs that ask for TIFF; large files',
};
const MAX_THUMBS = 6;
interface Converted {
  originalName: string;
  result: ToolResult;
}

export function ConvertTool() {
  const [files, setFiles] = useState<File[]>([]);
  // Each file's size as read on choosing it: a format's limit is said before the click (format-limit.tsx).
  const [sizes, setSizes] = useState<{ width: number; height: number }[]>([]);
  const [fit, setFit] = useState(true);
  const [format, setFormat] = useState<Format>('png');
  const [quality, setQuality] = useState(CONVERT_DEFAULT_QUALITY);
  const { job, busy, detail, runAll, cancel } = useFileQueue();
  const [done, setDone] = useState<Converted[]>([]);
  const [failed, setFailed] = useState<{ name: string; reason: string }[]>([]);
  const [skipped, setSkipped] = useState<Skipped[]>([]);
  const thumbs = useThumbs(files);
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
          {files.length ? (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Selected files">
              {thumbs.map((t) => (
                <li key={t.url}>
                  <img
                    src={t.url}
                    alt={t.name}
                    className="h-16 w-full rounded bg-slate-100 object-cover dark:bg-slate-800"
                  />
                </li>
              ))}
              {files.length > MAX_THUMBS ? (
                <li className="grid h-16 place-items-center rounded bg-slate-100 text-sm font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                  +{files.length - MAX_THUMBS} more
                </li>
              ) : null}
            </ul>
          ) : null}
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
          {failed.length ? (
            <ul
              className="list-disc pl-5 text-sm text-red-700 dark:text-red-300"
              data-testid="convert-failures"
              aria-label="Files not converted"
            >
              {failed.map((f) => (
                <li key={f.name}>
                  {f.name}: {f.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="contents lg:block lg:space-y-4">
        <fieldset className={`${card} order-2 space-y-3`} disabled={busy}>
          <legend className="px-1 font-semibold text-slate-900 dark:text-white">Settings</legend>
          <label className={fieldLabel}>
            Output format
            <select value={format} onChange={(e) => setFormat(e.target.value as Format)} className={input}>
              {OUTPUT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f.toUpperCase()} - {DESCRIPTIONS[f]}
                </option>
              ))}
            </select>
          </label>
          <FormatLimit format={format} sizes={sizes} fit={fit} onFit={setFit} />
          {format === 'jpeg' || format === 'webp' || format === 'avif' ? (
            <QualitySlider quality={quality} onQuality={setQuality} step={5} />
          ) : null}
        </fieldset>
        <div className={`${card} order-4 text-sm`}>
          <h2 className="font-semibold text-slate-900 dark:text-white">Format Guide</h2>
          <ul className="mt-2 space-y-1">
            {OUTPUT_FORMATS.map((f) => (
              <li key={f} className="text-slate-700 dark:text-slate-300">
                <strong>{f.toUpperCase()}</strong>: {DESCRIPTIONS[f]}
              </li>
            ))}
          </ul>
          <p className={`mt-2 ${muted}`}>Metadata (EXIF, GPS) is never copied into converted files.</p>
        </div>
      </div>
    </div>
  );
}

/** Previews of the first files, drawable whatever their format (a TIFF is decoded: browser-preview.ts). */
function useThumbs(files: File[]) {
  const [thumbs, setThumbs] = useState<{ name: string; url: string }[]>([]);
  useEffect(() => {
    let live = true;
    let made: string[] = [];
    void Promise.all(
      files.slice(0, MAX_THUMBS).map(async (f) => ({ name: f.name, url: await previewFileUrl(f) })),
    ).then((list) => {
      made = list.map((t) => t.url);
      if (live) setThumbs(list);
      else made.forEach((url) => URL.revokeObjectURL(url));
    });
    return () => {
      live = false;
      made.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [files]);
  return thumbs;
}

function ConvertResults({ done, total }: { done: Converted[]; total: number }) {
  const fmt = done[0]!.result.format.toUpperCase();
  const [zipping, setZipping] = useState(false);
  const all = async () => {
    setZipping(true);
    try {
      const names = uniqueNames(done.map((d) => resultName(d.originalName, 'convert', d.result.format)));
      await downloadZip(
        done.map((d, i) => ({ name: names[i]!, url: d.result.imageUrl })),
        zipName(
          done.map((d) => d.originalName),
          'convert',
        ),
      );
      toast.success('Downloading...', `${done.length} files in one ZIP`);
    } catch {
      toast.error('Download failed', 'Some results have expired. Please convert the images again.');
    } finally {
      setZipping(false);
    }
  };
  return (
    <ResultCard title="Conversion Complete" frames={done.length === 1 ? done[0]!.result.frames : undefined}>
      <p className={muted}>
        {done.length} of {countOf(total, 'image')} converted.
      </p>
      {done.length === 1 ? <Notes notes={done[0]!.result.notes} /> : null}
      {done.length === 1 ? (
        <DownloadLink
          imageUrl={done[0]!.result.imageUrl}
          name={resultName(done[0]!.originalName, 'convert', done[0]!.result.format)}
          label={`Download ${fmt}`}
        />
      ) : (
        <>
          <button type="button" className={btnPrimary} disabled={zipping} onClick={all}>
            {zipping ? 'Preparing ZIP...' : `Download All (${done.length} files)`}
          </button>
          <h3 className="font-semibold text-slate-900 dark:text-white">Converted Files ({done.length})</h3>
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="converted-files">
            {done.map((d) => {
              const name = resultName(d.originalName, 'convert', d.result.format);
              return (
                <li
                  key={d.result.imageUrl}
                  className="flex items-center gap-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700"
                  data-testid="converted-file"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{name}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      <span className="rounded bg-slate-200 px-1 font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                        {d.result.format.toUpperCase()}
                      </span>{' '}
                      <span data-testid="converted-size">{formatBytes(d.result.size)}</span>
                      {d.result.frames && d.result.frames > 1 ? (
                        <span data-testid="converted-frames">, {d.result.frames} frames, animated</span>
                      ) : null}
                    </p>
                    <Notes notes={d.result.notes} className="text-xs text-slate-600 dark:text-slate-400" />
                  </div>
                  <DownloadLink imageUrl={d.result.imageUrl} name={name} label="Download" className={btnSecondary} />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </ResultCard>
  );
}
