import { useCallback, useEffect, useState } from 'react';
import { QUALITY } from '../../../core/tools/output';
import type { ToolResult } from '../../../core/api/tools';
import { COMPRESS_FORMATS, COMPRESS_FORMAT_LABELS } from '../../../core/tools/compress-options';
import { UPSCALE_FACTORS } from '../../../core/tools/ai-options';
import { maxSideOfSize, type CompressSize } from '../../../core/tools/compress-options';
import { toast } from '~/lib/toast';
import type { AiOutputChoice } from '../../../core/tools/ai';
import { LimitNotice } from '~/components/ui/limit-notice';
import { limitToastText } from '~/lib/allowance-reset';
import { AiBanner, allowanceSpent } from './ai-banner';
import { AiOutputField } from './ai-output-field';
import { failureText, isQuotaError } from './api';
import { CompareSlider } from './compare-slider';
import { ImagePicker } from './file-card';
import { formatBytes, resultName } from './format';
import { browserAccept } from './image-support';
import { pictureHint } from './picture-hint';
import { ProgressCard } from './progress-card';
import { SizeField } from './size-field';
import { DownloadLink, Facts, Notes, ResultCard } from './result-card';
import { btnPrimary, card, fieldLabel, input, muted, range } from './styles';
import { PartnerBlock } from './partner-block';
import { TabPanel, ToolTabs, useTabParam } from './tool-tabs';
import { isCancelled } from './tool-job';
import { useImageFile } from './use-image-file';
import { useDisplayable } from './use-displayable';
import { useToolJob } from './use-tool-job';
import { useUsage } from '~/lib/use-usage';
import type { ToolFields } from '~/lib/api/tool-fields';

const TABS = [
  { id: 'compress', label: 'Compress' },
  { id: 'upscale', label: 'AI Upscale' },
  { id: 'remove-background', label: 'Remove Background' },
] as const;
type Mode = 'quality' | 'auto' | 'target';

export function OptimizeTool() {
  const [tab, setTab] = useTabParam(TABS);
  const [result, setResult] = useState<ToolResult | null>(null);
  // The last AI failure stays on its tab (a toast goes away; 'not available offline' should not).
  const [aiError, setAiError] = useState<{ tab: string; title: string; text: string } | null>(null);
  const clearResult = useCallback(() => {
    setResult(null);
    setAiError(null);
  }, []);
  const { chosen, choose, firstFrame, withFrames } = useImageFile({ onChosen: clearResult });
  // A result belongs to the tab that made it: switching tabs clears it, so no download is offered for the wrong job.
  useEffect(() => setResult(null), [tab]);
  const { job, busy, run, cancel } = useToolJob();
  const { usage, failed, refetch, afterCancel, canGenerate } = useUsage();
  const [quality, setQuality] = useState<number>(QUALITY.default);
  const [format, setFormat] = useState<(typeof COMPRESS_FORMATS)[number]>('original');
  const [mode, setMode] = useState<Mode>('auto');
  const [targetKb, setTargetKb] = useState(200);
  const [size, setSize] = useState<CompressSize>('original');
  const maxSide = maxSideOfSize(size);
  const [factor, setFactor] = useState<number>(2);
  const [aiFormat, setAiFormat] = useState<AiOutputChoice>('auto');

  const compress = async () => {
    if (!chosen) return;
    const fields: ToolFields<'/api/optimize'> = {
      operation: 'compress',
      format,
      quality: mode === 'auto' ? 'auto' : quality,
      ...(mode === 'target' ? { targetBytes: Math.max(1, targetKb) * 1024 } : {}),
      ...(maxSide ? { maxSide } : {}),
      // Auto chooses among the formats this browser shows (ADR 0135).
      ...(format === 'auto' ? { accept: await browserAccept() } : {}),
    };
    setResult(null);
    try {
      const r = await run('/api/optimize', chosen.file, withFrames(fields));
      setResult(r);
      if (r.keptOriginal)
        toast.info(
          'Your file is already as small as we can make it',
          'We kept the original: nothing we made was smaller.',
        );
      else
        toast.success(
          'Image compressed successfully!',
          `Reduced by ${r.compressionRatio}% (${formatBytes(r.originalSize)} → ${formatBytes(r.size)})`,
        );
    } catch (err) {
      if (isCancelled(err)) return toast.info('Compression cancelled');
      toast.error('Compression failed', failureText(err, 'Something went wrong during compression. Please try again.'));
    }
  };

  const ai = async (operation: 'upscale' | 'remove-background') => {
    if (!chosen) return;
    if (!canGenerate) return toast.error('AI Limit Reached', limitToastText(usage?.resetsAt, Date.now()));
    setAiError(null);
    setResult(null);
    let cancelled = false;
    try {
      // A JPEG chosen for an upscale means Auto for a cut-out (which needs transparency).
      const fields: ToolFields<'/api/optimize'> =
        operation === 'upscale'
          ? { operation, factor, format: aiFormat }
          : { operation, format: aiFormat === 'jpeg' ? 'auto' : aiFormat };
      const r = await run('/api/optimize', chosen.file, withFrames(fields));
      setResult(operation === 'remove-background' ? { ...r, originalSize: chosen.file.size, compressionRatio: 0 } : r);
      if (operation === 'upscale')
        toast.success(
          'Image upscaled successfully!',
          `Enhanced ${factor}x from ${formatBytes(r.originalSize)} to ${formatBytes(r.size)}`,
        );
      else
        toast.success(
          'Background removed successfully! 🎨',
          `Processed image from ${formatBytes(chosen.file.size)} to ${formatBytes(r.size)}`,
        );
    } catch (err) {
      // A cancelled job costs nothing: the server refunds its unit, and the banner shows the allowance it answered.
      if (isCancelled(err)) {
        cancelled = true;
        return toast.info('Cancelled', await afterCancel(err.answer));
      }
      const quota = isQuotaError(err);
      const title = quota
        ? 'AI Limit Reached'
        : operation === 'upscale'
          ? 'Upscaling failed'
          : 'Background removal failed';
      const text = quota
        ? limitToastText(usage?.resetsAt, Date.now())
        : failureText(
            err,
            `Something went wrong during ${operation === 'upscale' ? 'upscaling' : 'background removal'}. Please try again.`,
          );
      toast.error(title, text);
      setAiError({ tab: operation, title, text });
    } finally {
      if (!cancelled) void refetch();
    }
  };

  const noFile = !chosen || busy;
  const spent = allowanceSpent(usage);

  return (
    <>
      <ToolTabs tabs={TABS} current={tab} onSelect={setTab} label="Optimize tools" />
      <TabPanel id={tab}>
        <ImagePicker
          chosen={chosen}
          onFiles={choose}
          hint={pictureHint()}
          disabled={busy}
          firstFrame={firstFrame}
          keepsFrames={tab === 'compress'}
        />

        {tab === 'compress' ? (
          <div className={`${card} space-y-4`}>
            <fieldset>
              <legend className={fieldLabel}>Mode</legend>
              <div className="mt-1 flex flex-wrap gap-4 text-sm text-slate-800 dark:text-slate-200">
                {(
                  [
                    ['quality', 'Quality'],
                    ['auto', 'Auto (best size at good quality)'],
                    ['target', 'Target size'],
                  ] as const
                ).map(([id, label]) => (
                  <label key={id} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="compress-mode"
                      checked={mode === id}
                      onChange={() => {
                        setMode(id);
                        if (id !== 'quality' && format === 'avif') setFormat('original');
                      }}
                      className="accent-brand-700"
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
            {mode === 'quality' ? (
              <div>
                <label htmlFor="quality" className={fieldLabel}>
                  Quality: {quality}%
                </label>
                <input
                  id="quality"
                  type="range"
                  min={QUALITY.min}
                  max={QUALITY.max}
                  step={5}
                  value={quality}
                  onChange={(e) => setQuality(Number(e.target.value))}
                  className={range}
                />
                <div className={`flex justify-between ${muted}`}>
                  <span>Smaller file</span>
                  <span>Best quality</span>
                </div>
              </div>
            ) : null}
            {mode === 'target' ? (
              <div>
                <label htmlFor="target-kb" className={fieldLabel}>
                  Target size (KB)
                </label>
                <input
                  id="target-kb"
                  type="number"
                  min={1}
                  value={targetKb}
                  onChange={(e) => setTargetKb(parseInt(e.target.value, 10) || 0)}
                  className={input}
                />
              </div>
            ) : null}
            <div>
              <label htmlFor="format" className={fieldLabel}>
                Output format
              </label>
              <select
                id="format"
                value={format}
                onChange={(e) => setFormat(e.target.value as typeof format)}
                className={input}
              >
                {/* AVIF is made at a chosen quality only (core/tools/compress.ts). */}
                {COMPRESS_FORMATS.filter((f) => f !== 'avif' || mode === 'quality').map((f) => (
                  <option key={f} value={f}>
                    {COMPRESS_FORMAT_LABELS[f]}
                  </option>
                ))}
              </select>
            </div>
            <SizeField value={size} onChange={setSize} picture={chosen?.size} maxSide={maxSide} />
            <button type="button" className={btnPrimary} disabled={noFile} onClick={compress}>
              Compress Image
            </button>
          </div>
        ) : (
          <div className={`${card} space-y-4`}>
            <AiBanner usage={usage} failed={failed} />
            {spent && usage ? (
              tab === 'upscale' ? (
                <LimitNotice usage={usage} offer="Premium gives unlimited AI Upscaling, up to 4x resolution." />
              ) : (
                <LimitNotice usage={usage} offer="Premium gives unlimited AI Background Removal." />
              )
            ) : tab === 'upscale' ? (
              <>
                <div>
                  <label htmlFor="factor" className={fieldLabel}>
                    Upscale factor
                  </label>
                  <select
                    id="factor"
                    value={factor}
                    onChange={(e) => setFactor(Number(e.target.value))}
                    className={input}
                  >
                    {UPSCALE_FACTORS.map((f) => (
                      <option key={f} value={f}>
                        {f}x
                      </option>
                    ))}
                  </select>
                </div>
                <AiOutputField operation="upscale" value={aiFormat} onChange={setAiFormat} />
                <button
                  type="button"
                  className={btnPrimary}
                  disabled={noFile || !canGenerate}
                  onClick={() => ai('upscale')}
                >
                  Upscale with AI
                </button>
              </>
            ) : (
              <>
                <AiOutputField operation="remove-background" value={aiFormat} onChange={setAiFormat} />
                <button
                  type="button"
                  className={btnPrimary}
                  disabled={noFile || !canGenerate}
                  onClick={() => ai('remove-background')}
                >
                  Remove Background
                </button>
              </>
            )}
            {aiError && aiError.tab === tab ? (
              <p
                role="alert"
                className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
                data-testid="ai-error"
              >
                <strong>{aiError.title}.</strong> {aiError.text}
              </p>
            ) : null}
          </div>
        )}

        {busy ? <ProgressCard job={job} onCancel={cancel} /> : null}
        {result && chosen ? (
          <OptimizeResult result={result} before={chosen.preview} originalName={chosen.file.name} />
        ) : null}
      </TabPanel>
      <PartnerBlock />
    </>
  );
}

function OptimizeResult({
  result,
  before,
  originalName,
}: {
  result: ToolResult;
  before: string;
  originalName: string;
}) {
  const name = resultName(originalName, result.operation, result.format);
  const after = useDisplayable(result.imageUrl, result.format);
  // A kept original is the file sent: there is nothing to compare, and the first note says why.
  const kept = result.keptOriginal === true;
  return (
    <ResultCard title={kept ? 'Your original is already smaller' : 'Processing Complete'} frames={result.frames}>
      {kept ? (
        <>
          <img
            src={before}
            alt="Your original picture, kept"
            className="max-h-96 w-full rounded-lg bg-slate-100 object-contain dark:bg-slate-800"
          />
          <p
            className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50"
            data-testid="kept-original"
          >
            <strong>We kept your original.</strong> {result.notes[0]}
          </p>
        </>
      ) : after ? (
        <CompareSlider before={before} after={after} size={{ width: result.width, height: result.height }} />
      ) : (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Preparing a preview…
        </p>
      )}
      <Facts
        items={[
          ['Original size', formatBytes(result.originalSize), 'original-size'],
          ['New size', formatBytes(result.size), 'new-size'],
          [
            'Format',
            result.quality ? `${result.format.toUpperCase()} · quality ${result.quality}` : result.format.toUpperCase(),
            'result-format',
          ],
          ['Dimensions', `${result.width} × ${result.height}`, 'result-dimensions'],
        ]}
      />
      {result.compressionRatio > 0 ? (
        <p className="font-semibold text-emerald-800 dark:text-emerald-300" data-testid="saved">
          Saved: {result.compressionRatio}%
        </p>
      ) : null}
      {kept || !result.formatReason ? null : (
        <p className="text-sm font-medium text-slate-800 dark:text-slate-200" data-testid="format-reason">
          Why this format: {result.formatReason}
        </p>
      )}
      {kept ? null : <Verdict result={result} />}
      <Notes notes={kept ? result.notes.slice(1) : result.notes} />
      <DownloadLink
        imageUrl={result.imageUrl}
        name={name}
        label={kept ? 'Download Image' : 'Download Optimized Image'}
      />
    </ResultCard>
  );
}

/**
 * What the quality judge said of an Auto result, in plain words: "looks the same" only when it found so, with how much
 * smaller and in which format; otherwise that fine detail was smoothed. The judge's score stays in the API's answer.
 */
function Verdict({ result }: { result: ToolResult }) {
  if (result.looksSame === undefined) return null;
  const smaller =
    result.compressionRatio > 0 ? `; ${result.compressionRatio}% smaller as ${result.format.toUpperCase()}` : '';
  return result.looksSame ? (
    <p
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
      data-testid="looks-same"
    >
      <strong>Looks the same as the original{smaller}.</strong> Checked at full size, in colour.
    </p>
  ) : (
    <p
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      data-testid="looks-different"
    >
      <strong>Some fine detail is smoothed.</strong> No quality looked exactly like the original; this is the closest
      file.
    </p>
  );
}
