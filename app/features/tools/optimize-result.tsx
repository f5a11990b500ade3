import type { ToolResult } from '../../../core/api/tools';
import { NO_SUBJECT_CUTOUT } from '../../../core/tools/ai-options';
import { CompareSlider } from './compare-slider';
import type { CompressOutcome } from './compress-outcome';
import { formatBytes, resultName } from './format';
import { DownloadLink, Facts, Notes, ResultCard } from './result-card';
import { btnPrimary, btnSecondary } from './styles';
import { useDisplayable } from './use-displayable';

/**
 * The optimize screen's result: the before/after comparison (or the kept original), its facts, the quality judge's
 * verdict and the download.
 */
export function OptimizeResult({
  result,
  before,
  originalName,
  outcome,
  noSubject = false,
}: {
  result: ToolResult;
  before: string;
  originalName: string;
  /** A background removal that found no subject (cutout-share.ts): said in amber, its download offered quietly. */
  noSubject?: boolean;
  /** What a compress did against what was asked (compress-outcome.ts); absent for the AI tabs. */
  outcome?: CompressOutcome;
}) {
  const name = resultName(originalName, result.operation, result.format);
  const after = useDisplayable(result.imageUrl, result.format);
  // A kept original is the file sent: there is nothing to compare, and the first note says why.
  const kept = result.keptOriginal === true;
  // A missed target or a larger file is never shown beside a green "Saved".
  const honest = outcome?.kind === 'missed' || outcome?.kind === 'grew';
  const title = kept
    ? 'Your original is already smaller'
    : honest
      ? outcome!.title
      : noSubject
        ? NO_SUBJECT_CUTOUT.title
        : 'Processing Complete';
  return (
    <ResultCard title={title} frames={result.frames} warn={honest || noSubject}>
      {noSubject ? (
        <p
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          data-testid="no-subject"
          role="status"
        >
          {NO_SUBJECT_CUTOUT.text}
        </p>
      ) : null}
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
      {outcome && !kept ? <Outcome outcome={outcome} /> : null}
      {result.compressionRatio > 0 && !honest ? (
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
        label={kept ? 'Download Image' : noSubject ? 'Download the transparent result' : 'Download Optimized Image'}
        className={noSubject ? btnSecondary : btnPrimary}
      />
    </ResultCard>
  );
}

/** The compress's outcome in words: amber for a missed target or a larger file, green for a target reached. */
function Outcome({ outcome }: { outcome: CompressOutcome }) {
  if (outcome.kind === 'smaller') return null;
  const warn = outcome.kind !== 'reached';
  const tone = warn
    ? 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100'
    : 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100';
  return (
    <p
      className={`rounded-lg border p-3 text-sm ${tone}`}
      data-testid={`outcome-${outcome.kind}`}
      role={warn ? 'status' : undefined}
    >
      {warn ? <strong>{outcome.title}. </strong> : null}
      {outcome.text}
    </p>
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
