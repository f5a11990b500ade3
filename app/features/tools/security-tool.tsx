import { useCallback, useEffect, useState } from 'react';
import type { MetadataAnalysis, ToolResult } from '../../../core/api/tools';
import { api, call as callApi, multipart } from '~/lib/api/client';
import { limitToastText } from '~/lib/allowance-reset';
import { toast } from '~/lib/toast';
import { failureText, isNothingFound, isQuotaError } from './api';
import type { Size } from './crop-math';
import { FailureNotice } from './failure-notice';
import { ImagePicker } from './file-card';
import { formatBytes, resultName } from './format';
import { AnalysisCard, PrivacyControls, PrivacyLogCard, defaultPrivacy } from './privacy-panel';
import { pictureHint } from './picture-hint';
import { ProgressCard } from './progress-card';
import { DownloadLink, ResultCard, ResultPicture } from './result-card';
import { BlurControls, defaultBlur } from './security-panels';
import { WatermarkControls } from './watermark-panel';
import { WatermarkPreview } from './watermark-preview';
import { defaultWatermark, watermarkFields } from './watermark-settings';
import { muted } from './styles';
import { TabPanel, ToolTabs, useTabParam } from './tool-tabs';
import { isCancelled } from './tool-job';
import { useImageFile, type Chosen } from './use-image-file';
import { useToolJob } from './use-tool-job';
import { useUsage } from '~/lib/use-usage';
import type { ToolFields } from '~/lib/api/tool-fields';

const TABS = [
  { id: 'watermark', label: 'Watermark' },
  { id: 'blur', label: 'Blur & Privacy' },
  { id: 'privacy', label: 'Data Protection' },
] as const;

export function SecurityTool() {
  const [tab, setTab] = useTabParam(TABS);
  const [result, setResult] = useState<ToolResult | null>(null);
  const [analysis, setAnalysis] = useState<MetadataAnalysis | null>(null);
  const [analyzing, setAnalyzing] = useState(false);
  const [natural, setNatural] = useState<Size>({ width: 0, height: 0 });
  const [wm, setWm] = useState(defaultWatermark);
  const [blur, setBlur] = useState(defaultBlur);
  const [privacy, setPrivacy] = useState(defaultPrivacy);
  // Blur that found nobody says so where the result would be (a toast alone goes away).
  const [nothingFound, setNothingFound] = useState<string | null>(null);
  // A failed blur stays where the result would be, as on Optimize's AI tabs (a toast alone goes away).
  const [blurFailure, setBlurFailure] = useState<{ title: string; text: string } | null>(null);
  const { usage, failed, refetch, afterCancel } = useUsage();
  const { job, busy, run, cancel } = useToolJob();

  // On upload the metadata analysis is requested straight away (docs/product.md §5.5).
  const onChosen = useCallback((c: Chosen) => {
    setResult(null);
    setAnalysis(null);
    setNothingFound(null);
    setBlurFailure(null);
    setNatural({ width: 0, height: 0 });
    setBlur((b) => ({ ...b, regions: [] }));
    setAnalyzing(true);
    const form = new FormData();
    form.set('image', c.file);
    callApi(api.POST('/api/analyze-metadata', { body: multipart(form) }))
      .then(setAnalysis, () => toast.error('Analysis failed', 'Could not analyze image metadata'))
      .finally(() => setAnalyzing(false));
  }, []);
  const { chosen, preparing, choose, firstFrame, withFrames } = useImageFile({ onChosen });
  // A result belongs to the tab that made it: switching tabs clears it.
  useEffect(() => setResult(null), [tab]);
  // The upright size from the header (use-image-file.ts), not from the preview's loading.
  useEffect(() => {
    if (chosen) setNatural(chosen.size);
  }, [chosen]);

  /** Runs one security job; true when it was cancelled (the allowance was then taken from the cancel's answer). */
  const call = async (
    fields: ToolFields<'/api/security'>,
    ok: [string, string?],
    fail: [string, string],
    ai = false,
  ): Promise<boolean> => {
    if (!chosen) return false;
    setResult(null);
    setNothingFound(null);
    setBlurFailure(null);
    try {
      const r = await run('/api/security', chosen.file, withFrames(fields));
      setResult(r);
      toast.success(ok[0], ok[1] ?? r.details);
    } catch (err) {
      if (isCancelled(err)) {
        toast.info('Cancelled', ai ? await afterCancel(err.answer) : undefined);
        return true;
      }
      // Nobody in the picture: nothing was blurred and nothing counted (the server refunded the unit).
      if (isNothingFound(err)) {
        const text = failureText(err, 'Nothing was found to blur.');
        setNothingFound(text);
        toast.info(text);
      } else {
        const [title, text] = isQuotaError(err)
          ? ['AI Limit Reached', limitToastText(usage?.resetsAt, Date.now())]
          : [fail[0], failureText(err, fail[1])];
        toast.error(title, text);
        if (fields.operation === 'blur') setBlurFailure({ title, text });
      }
    }
    return false;
  };

  const applyWatermark = () =>
    call(
      watermarkFields(wm),
      ['Watermark added successfully! 🏷️'],
      ['Watermark failed', 'Something went wrong adding the watermark. Please try again.'],
    );

  const applyBlur = async () => {
    // Faces, people and the subject of a background blur are all found by AI; only selective blur is free.
    const ai = blur.method !== 'selective';
    // Checked before the call: no request is made once the allowance is spent (docs/product.md §5.1).
    if (ai && usage && !usage.canGenerate)
      return toast.error('AI Limit Reached', limitToastText(usage.resetsAt, Date.now()));
    const fields: ToolFields<'/api/security'> = {
      operation: 'blur',
      method: blur.method,
      strength: blur.strength,
      ...(blur.method === 'selective' ? { regions: JSON.stringify(blur.regions) } : {}),
    };
    const cancelled = await call(
      fields,
      ['Blur applied successfully! 👁️'],
      ['Blur failed', 'Something went wrong during blur processing. Please try again.'],
      ai,
    );
    // A cancel already showed the allowance the server answered; otherwise it is read again.
    if (ai && !cancelled) void refetch();
  };

  const applyPrivacy = async () => {
    await call(
      { operation: 'privacy', ...privacy },
      ['Privacy protected successfully! 🔒'],
      ['Privacy protection failed', 'Something went wrong during privacy protection. Please try again.'],
    );
  };

  const disabled = !chosen || busy;
  // Blur works on still pictures only (faces move from frame to frame, ADR 0137): for an animation the first frame
  // is the choice to make before blurring, instead of a refusal after the upload.
  const blurNeedsStill = Boolean(chosen?.frames) && !firstFrame.checked;
  return (
    <>
      <ToolTabs tabs={TABS} current={tab} onSelect={setTab} label="Security tools" />
      <TabPanel id={tab}>
        <ImagePicker
          chosen={chosen}
          preparing={preparing}
          onFiles={choose}
          hint={pictureHint()}
          disabled={busy}
          firstFrame={firstFrame}
          keepsFrames={tab !== 'blur'}
        />
        {chosen && tab === 'watermark' ? (
          <>
            <WatermarkPreview src={chosen.preview} natural={natural} s={wm} />
            <WatermarkControls
              s={wm}
              set={setWm}
              disabled={disabled}
              onApply={applyWatermark}
              pictureWidth={chosen.size.width}
            />
          </>
        ) : null}
        {chosen && tab === 'blur' && blurNeedsStill ? (
          <p
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
            data-testid="blur-animated"
          >
            Blur works on still pictures only: faces and people move from frame to frame. Tick “Use the first frame
            only” above to blur the first frame (the result is a still picture).
          </p>
        ) : null}
        {chosen && tab === 'blur' ? (
          <BlurControls
            s={blur}
            set={setBlur}
            disabled={disabled || blurNeedsStill}
            onApply={applyBlur}
            usage={usage}
            usageFailed={failed}
            src={chosen.preview}
            natural={natural}
          />
        ) : null}
        {nothingFound && tab === 'blur' ? (
          <p
            role="status"
            className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
            data-testid="nothing-found"
          >
            {nothingFound}
          </p>
        ) : null}
        {blurFailure && tab === 'blur' ? <FailureNotice title={blurFailure.title} text={blurFailure.text} /> : null}
        {chosen && tab === 'privacy' ? (
          <>
            <AnalysisCard analysis={analysis} loading={analyzing} />
            <PrivacyControls s={privacy} set={setPrivacy} disabled={disabled} onApply={applyPrivacy} />
          </>
        ) : null}
        {busy ? <ProgressCard job={job} onCancel={cancel} /> : null}
        {result && result.operation === 'privacy' && tab === 'privacy' ? (
          <PrivacyLogCard result={result} originalName={chosen?.file.name ?? ''} />
        ) : null}
        {result && result.operation !== 'privacy' ? (
          <ResultCard title="Security Processing Complete" frames={result.frames}>
            <ResultPicture
              result={result}
              alt="Protected result"
              className="max-h-96 w-full rounded-lg bg-slate-100 object-contain dark:bg-slate-800"
              testId="security-result"
            />
            {result.details || result.notes.length ? (
              <p className={muted}>{result.details ?? result.notes.join(' ')}</p>
            ) : null}
            <p className={muted} data-testid="new-size">
              {formatBytes(result.size)}
            </p>
            <DownloadLink
              imageUrl={result.imageUrl}
              name={resultName(chosen?.file.name ?? '', result.operation, result.format)}
              label="Download Protected Image"
            />
          </ResultCard>
        ) : null}
      </TabPanel>
    </>
  );
}
