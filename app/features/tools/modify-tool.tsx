import { useCallback, useEffect, useState } from 'react';
import { RESIZE_BACKGROUND_DEFAULT, RESIZE_DEFAULT } from '../../../core/tools/resize-options';
import type { ToolResult } from '../../../core/api/tools';
import { toast } from '~/lib/toast';
import { failureText } from './api';
import { BatchPanel } from './batch-panel';
import type { Size } from './crop-math';
import { ImagePicker } from './file-card';
import { resultName } from './format';
import { CropPanel, TransformPanel } from './modify-panels';
import { pictureHint } from './picture-hint';
import { ProgressCard } from './progress-card';
import { forPicture, type ResizeFieldsState } from './resize-fields';
import { ResizePanel } from './resize-panel';
import { DownloadLink, Notes, PictureFacts, ResultCard, ResultPicture } from './result-card';
import { TabPanel, ToolTabs, useTabParam } from './tool-tabs';
import { isCancelled } from './tool-job';
import { useImageFile } from './use-image-file';
import { useToolJob } from './use-tool-job';
import type { ToolFields } from '~/lib/api/tool-fields';

const TABS = [
  { id: 'resize', label: 'Resize' },
  { id: 'crop', label: 'Crop' },
  { id: 'transform', label: 'Transform' },
  { id: 'batch', label: 'Batch' },
] as const;

const LABELS = {
  resize: {
    ok: 'Image resized successfully! 📐',
    fail: 'Resize failed',
    text: 'Something went wrong during resizing. Please try again.',
    download: 'Download Resized Image',
  },
  crop: {
    ok: 'Image cropped successfully!',
    fail: 'Crop failed',
    text: 'Something went wrong during cropping. Please try again.',
    download: 'Download Cropped Image',
  },
  transform: {
    ok: 'Image transformed successfully!',
    fail: 'Transform failed',
    text: 'Something went wrong during the transform. Please try again.',
    download: 'Download Transformed Image',
  },
} as const;
type Kind = keyof typeof LABELS;

export function ModifyTool() {
  const [tab, setTab] = useTabParam(TABS);
  const [result, setResult] = useState<(ToolResult & { kind: Kind; named: string }) | null>(null);
  const [natural, setNatural] = useState<Size>({ width: 0, height: 0 });
  const [size, setSize] = useState<ResizeFieldsState>({
    ...RESIZE_DEFAULT,
    keep: true,
    preset: null,
    fit: null,
    background: RESIZE_BACKGROUND_DEFAULT,
    typed: [],
  });
  const onChosen = useCallback(() => {
    setResult(null);
    setNatural({ width: 0, height: 0 });
  }, []);
  const { chosen, preparing, choose, firstFrame, withFrames } = useImageFile({ onChosen });
  // A result belongs to the tab that made it: switching tabs, or starting the next job, clears it.
  useEffect(() => setResult(null), [tab]);
  const { job, busy, run, cancel } = useToolJob();

  // Choosing an image sets the resize fields to its upright size, read from its header: a preview that cannot be
  // drawn (a HEIC while the server copies it) never leaves Resize without a size.
  useEffect(() => {
    if (!chosen) return;
    setNatural(chosen.size);
    setSize((s) => forPicture(s, chosen.size));
  }, [chosen]);

  const onRun = async (fields: ToolFields<'/api/modify'>, kind: string) => {
    if (!chosen) return;
    const l = LABELS[kind as Kind];
    setResult(null);
    try {
      const r = await run('/api/modify', chosen.file, withFrames(fields));
      // A flip alone is the rotate operation with no turn; its download is named for what the person did.
      const named = fields.operation === 'rotate' && fields.angle === '0' ? 'flip' : r.operation;
      setResult({ ...r, kind: kind as Kind, named });
      toast.success(l.ok, `${r.width} × ${r.height}`);
    } catch (err) {
      if (isCancelled(err)) return toast.info('Cancelled');
      toast.error(l.fail, failureText(err, l.text));
    }
  };

  const disabled = !chosen || busy;
  return (
    <>
      <ToolTabs tabs={TABS} current={tab} onSelect={setTab} label="Modify tools" />
      <TabPanel id={tab}>
        {tab === 'batch' ? (
          <BatchPanel />
        ) : (
          <>
            <ImagePicker
              chosen={chosen}
              preparing={preparing}
              onFiles={choose}
              hint={pictureHint()}
              disabled={busy}
              firstFrame={firstFrame}
            />
            {chosen && tab === 'resize' ? (
              <ResizePanel
                natural={natural}
                disabled={disabled}
                onRun={onRun}
                size={size}
                setSize={setSize}
                src={chosen.preview}
                framed={
                  result?.kind === 'resize' && result.framing ? { window: result.framing, box: result } : undefined
                }
              />
            ) : null}
            {chosen && tab === 'crop' ? (
              <CropPanel
                key={chosen.preview}
                natural={natural}
                disabled={disabled}
                onRun={onRun}
                src={chosen.preview}
                onLoad={setNatural}
              />
            ) : null}
            {chosen && tab === 'transform' ? (
              <TransformPanel
                key={chosen.preview}
                natural={natural}
                disabled={disabled}
                onRun={onRun}
                src={chosen.preview}
              />
            ) : null}
            {busy ? <ProgressCard job={job} onCancel={cancel} /> : null}
            {result ? (
              <ResultCard title="Result" frames={result.frames}>
                <ResultPicture
                  result={result}
                  alt="Modified result"
                  className="max-h-96 w-full rounded-lg bg-slate-100 object-contain dark:bg-slate-800"
                />
                <PictureFacts result={result} />
                <Notes notes={result.notes} />
                <DownloadLink
                  imageUrl={result.imageUrl}
                  name={resultName(chosen?.file.name ?? '', result.named, result.format)}
                  label={LABELS[result.kind].download}
                />
              </ResultCard>
            ) : null}
          </>
        )}
      </TabPanel>
    </>
  );
}
