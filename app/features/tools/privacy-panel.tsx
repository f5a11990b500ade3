import type { MetadataAnalysis, ToolResult } from '../../../core/api/tools';
import { displaySize } from '../../../core/images/sniff';
import { formatBytes, resultName } from './format';
import { DownloadLink, ResultCard, ResultPicture } from './result-card';
import { btnPrimary, card, muted } from './styles';

export interface PrivacySettings {
  removeExif: boolean;
  removeLocation: boolean;
  removeTimestamp: boolean;
}
export const defaultPrivacy = (): PrivacySettings => ({
  removeExif: true,
  removeLocation: true,
  removeTimestamp: false,
});

export function AnalysisCard({ analysis, loading }: { analysis: MetadataAnalysis | null; loading: boolean }) {
  if (loading)
    return (
      <p role="status" className={`${card} text-slate-700 dark:text-slate-300`}>
        Analyzing image data...
      </p>
    );
  if (!analysis) return null;
  const { privacy, technical, exif } = analysis.metadata;
  // The API gives the stored size beside the orientation; every other screen names the size people see.
  const upright = displaySize({
    width: technical.width,
    height: technical.height,
    orientation: typeof exif.orientation === 'number' ? exif.orientation : 1,
  });
  return (
    <section aria-label="Image analysis" className={`${card} space-y-3`} data-testid="analysis">
      <div>
        <h3 className="font-semibold text-slate-900 dark:text-white">
          {privacy.potentialRisks.length ? 'Privacy Risks Detected' : 'No privacy risks found'}
        </h3>
        {privacy.potentialRisks.length ? (
          <ul className="mt-1 list-disc pl-5 text-sm text-red-800 dark:text-red-300">
            {privacy.potentialRisks.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {privacy.dataTypes.length ? (
        <div>
          <h3 className="font-semibold text-slate-900 dark:text-white">Data Types Found</h3>
          <ul className="mt-1 flex flex-wrap gap-1">
            {privacy.dataTypes.map((t) => (
              <li
                key={t}
                className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-900 dark:bg-slate-700 dark:text-slate-100"
              >
                {t}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className={muted}>
        {technical.format.toUpperCase()} · {formatBytes(technical.fileSize)} · {upright.width} × {upright.height} ·
        EXIF: {exif.available ? 'present' : 'none'}
      </p>
    </section>
  );
}

export function PrivacyControls({
  s,
  set,
  disabled,
  onApply,
}: {
  s: PrivacySettings;
  set: (s: PrivacySettings) => void;
  disabled: boolean;
  onApply: () => void;
}) {
  const boxes: [keyof PrivacySettings, string][] = [
    ['removeExif', 'Remove EXIF data (camera, software, settings)'],
    ['removeLocation', 'Remove GPS location'],
    ['removeTimestamp', 'Remove timestamps'],
  ];
  return (
    <div className={`${card} space-y-3`}>
      {boxes.map(([k, label]) => (
        <label key={k} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            checked={s[k]}
            onChange={(e) => set({ ...s, [k]: e.target.checked })}
            className="accent-brand-700"
          />
          {label}
        </label>
      ))}
      <button type="button" className={btnPrimary} disabled={disabled} onClick={onApply}>
        Protect Privacy Data
      </button>
    </div>
  );
}

export function PrivacyLogCard({ result, originalName }: { result: ToolResult; originalName: string }) {
  const log = result.privacyLog ?? { removed: [], actions: [], preserved: [] };
  const lists: [string, string[], string][] = [
    ['Data Removed', log.removed, 'log-removed'],
    ['Actions Performed', log.actions, 'log-actions'],
    ['Data Preserved', log.preserved, 'log-preserved'],
  ];
  return (
    <ResultCard title="Privacy Protection Log" frames={result.frames}>
      <div className="grid gap-3 sm:grid-cols-3">
        {lists.map(([title, items, id]) => (
          <div key={title} className="min-w-0">
            <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
            {/* A camera maker's name comes from the file and may be one long word: it wraps inside its column. */}
            <ul className="mt-1 list-disc break-words pl-5 text-sm text-slate-700 dark:text-slate-300" data-testid={id}>
              {items.length ? items.map((i) => <li key={i}>{i}</li>) : <li>None</li>}
            </ul>
          </div>
        ))}
      </div>
      <ResultPicture
        result={result}
        alt="Protected result"
        className="max-h-80 w-full rounded-lg bg-slate-100 object-contain dark:bg-slate-800"
      />
      <p className={muted} data-testid="new-size">
        {formatBytes(result.size)}
      </p>
      <DownloadLink
        imageUrl={result.imageUrl}
        name={resultName(originalName, result.operation, result.format)}
        label="Download Protected Image"
      />
    </ResultCard>
  );
}
