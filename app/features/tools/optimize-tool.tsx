import { useCallback, useEffect, useState } from 'react';
import type { ToolResult } from '../../../core/api/tools';
import { toast } from '~/lib/toast';
import { NO_SUBJECT_CUTOUT, type AiOutputChoice } from '../../../core/tools/ai-options';
import { SUBJECT_MIN_SHARE } from '../../../core/tools/blur-options';
import { limitToastText } from '~/lib/allowance-reset';
import { failureText, isQuotaError } from './api';
import { type Asked, compressOutcome } from './compress-outcome';
import { CompressPanel, useCompressSettings } from './compress-panel';
import { subjectShare } from './cutout-share';
import { ImagePicker } from './file-card';
import { formatBytes } from './format';
import { browserAccept } from './image-support';
import { OptimizeAiPanel, type AiError, type AiOperation } from './optimize-ai-panel';
import { OptimizeResult } from './optimize-result';
import { pictureHint } from './picture-hint';
import { ProgressCard } from './progress-card';
import { PartnerBlock } from './partner-block';
import { TabPanel, ToolTabs, useTabParam } from './tool-tabs';
import { isCancelled } from './tool-job';
import { useImageFile } from './use-image-file';
import { useToolJob } from './use-tool-job';
import { useUsage } from '~/lib/use-usage';
import type { ToolFields } from '~/lib/api/tool-fields';

const TABS = [
  { id: 'compress', label: 'Compress' },
  { id: 'upscale', label: 'AI Upscale' },
  { id: 'remove-background', label: 'Remove Background' },
] as const;

export function OptimizeTool() {
  const [tab, setTab] = useTabParam(TABS);
  const [result, setResult] = useState<ToolResult | null>(null);
  // A background removal that left nothing opaque: the result is shown as what it is, not as a success.
  const [noSubject, setNoSubject] = useState(false);
  // What the last compress asked (its target size, the picture sent): the result is told against it.
  const [asked, setAsked] = useState<Asked | null>(null);
  // The last AI failure stays on its tab (a toast goes away; 'not available offline' should not).
  const [aiError, setAiError] = useState<AiError | null>(null);
  const clearResult = useCallback(() => {
    setResult(null);
    setAiError(null);
  }, []);
  const { chosen, preparing, choose, firstFrame, withFrames } = useImageFile({ onChosen: clearResult });
  // A result belongs to the tab that made it: switching tabs clears it, so no download is offered for the wrong job.
  useEffect(() => setResult(null), [tab]);
  const { job, busy, run, cancel } = useToolJob();
  const { usage, failed, refetch, afterCancel, canGenerate } = useUsage();
  const settings = useCompressSettings();
  const { quality, format, mode, targetKb, maxSide } = settings;
  const [factor, setFactor] = useState<number>(2);
  const [aiFormat, setAiFormat] = useState<AiOutputChoice>('auto');

  const compress = async () => {
    if (!chosen) return;
    const fields: ToolFields<'/api/optimize'> = {
      operation: 'compress',
      format,
      quality: mode === 'auto' ? 'auto' : quality,
      ...(mode === 'target' ? { targetBytes: Math.max(1, targetKb) * 1000 } : {}),
      ...(maxSide ? { maxSide } : {}),
      // Auto chooses among the formats this browser shows (ADR 0135).
      ...(format === 'auto' ? { accept: await browserAccept() } : {}),
    };
    setResult(null);
    setAsked(null);
    const asked = {
      targetBytes: fields.targetBytes,
      name: chosen.file.name,
      type: chosen.file.type,
      size: chosen.size,
    };
    try {
      const r = await run('/api/optimize', chosen.file, withFrames(fields));
      setAsked(asked);
      setResult(r);
      if (r.keptOriginal)
        toast.info(
          'Your file is already as small as we can make it',
          'We kept the original: nothing we made was smaller.',
        );
      else {
        // A missed target or a larger file (a HEIC) is said as it is, never as a success (compress-outcome.ts).
        const outcome = compressOutcome(r, asked);
        (outcome.kind === 'smaller' || outcome.kind === 'reached' ? toast.success : toast.info)(
          outcome.title,
          outcome.text,
        );
      }
    } catch (err) {
      if (isCancelled(err)) return toast.info('Compression cancelled');
      toast.error('Compression failed', failureText(err, 'Something went wrong during compression. Please try again.'));
    }
  };

  const ai = async (operation: AiOperation) => {
    if (!chosen) return;
    if (!canGenerate) return toast.error('AI Limit Reached', limitToastText(usage?.resetsAt, Date.now()));
    setAiError(null);
    setResult(null);
    setNoSubject(false);
    let cancelled = false;
    try {
      // A JPEG chosen for an upscale means Auto for a cut-out (which needs transparency).
      const fields: ToolFields<'/api/optimize'> =
        operation === 'upscale'
          ? { operation, factor, format: aiFormat }
          : { operation, format: aiFormat === 'jpeg' ? 'auto' : aiFormat };
      const r = await run('/api/optimize', chosen.file, withFrames(fields));
      const share = operation === 'remove-background' ? await subjectShare(r.imageUrl) : null;
      const empty = share !== null && share < SUBJECT_MIN_SHARE;
      setNoSubject(empty);
      setResult(operation === 'remove-background' ? { ...r, originalSize: chosen.file.size, compressionRatio: 0 } : r);
      if (empty) toast.info(NO_SUBJECT_CUTOUT.title, NO_SUBJECT_CUTOUT.text);
      else if (operation === 'upscale')
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

  return (
    <>
      <ToolTabs tabs={TABS} current={tab} onSelect={setTab} label="Optimize tools" />
      <TabPanel id={tab}>
        <ImagePicker
          chosen={chosen}
          preparing={preparing}
          onFiles={choose}
          hint={pictureHint()}
          disabled={busy}
          firstFrame={firstFrame}
          keepsFrames={tab === 'compress'}
        />

        {tab === 'compress' ? (
          <CompressPanel settings={settings} picture={chosen?.size} disabled={noFile} onCompress={compress} />
        ) : (
          <OptimizeAiPanel
            tab={tab}
            usage={usage}
            failed={failed}
            canGenerate={canGenerate}
            disabled={noFile}
            factor={factor}
            onFactor={setFactor}
            picture={chosen?.size ?? null}
            aiFormat={aiFormat}
            onAiFormat={setAiFormat}
            onRun={ai}
            error={aiError}
          />
        )}

        {busy ? <ProgressCard job={job} onCancel={cancel} /> : null}
        {result && chosen ? (
          <OptimizeResult
            result={result}
            before={chosen.preview}
            originalName={chosen.file.name}
            noSubject={noSubject && result.operation === 'remove-background'}
            outcome={result.operation === 'compress' && asked ? compressOutcome(result, asked) : undefined}
          />
        ) : null}
      </TabPanel>
      <PartnerBlock />
    </>
  );
}
