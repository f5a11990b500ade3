import { formatBytes } from '~/features/tools/format';
import type { ExportSize } from '../model/export-plan';
import { optionStyles, SizeChoice } from './export-frame';
import { FORMAT_LABEL, type ExportSource, type Format, type FormatEstimate } from './export-source';

const { fieldset, legend, option } = optionStyles;

export type Estimates = Partial<Record<Format, FormatEstimate | 'failed'>>;

function SizeText({ estimate }: { estimate: FormatEstimate | 'failed' | undefined }) {
  if (estimate === undefined) return <span className="text-slate-500 dark:text-slate-400">measuring…</span>;
  if (estimate === 'failed') return <span>size unknown</span>;
  return (
    <>
      {estimate.exact ? '' : '≈ '}
      {formatBytes(estimate.bytes)}
      {estimate.note ? <span className="block text-xs text-slate-600 dark:text-slate-300">{estimate.note}</span> : null}
      {estimate.warning ? (
        <span className="block text-xs font-semibold text-amber-800 dark:text-amber-300">{estimate.warning}</span>
      ) : null}
    </>
  );
}

/**
 * The export dialog's choices, for a still or an animated meme (export-source.ts): the formats offered, each with
 * its file size, and what the source says about them; dithering for an animated GIF; the size (share or original).
 */
export function ExportOptions(props: {
  source: ExportSource;
  offered: readonly Format[];
  format: Format;
  size: ExportSize;
  dither: boolean;
  estimates: Estimates;
  disabled: boolean;
  onFormat: (f: Format) => void;
  onSize: (s: ExportSize) => void;
  onDither: (on: boolean) => void;
}) {
  const { source } = props;
  return (
    <>
      <fieldset className={fieldset} disabled={props.disabled}>
        <legend className={legend}>Format</legend>
        {source.formats
          .filter(({ format }) => props.offered.includes(format))
          .map(({ format: f, hint }) => (
            <label key={f} className={option}>
              <input
                type="radio"
                name="export-format"
                value={f}
                checked={props.format === f}
                onChange={() => props.onFormat(f)}
                className="accent-brand-700"
              />
              <span className="flex flex-1 flex-col">
                <span className="font-semibold text-slate-900 dark:text-white">{FORMAT_LABEL[f]}</span>
                <span className="text-xs text-slate-600 dark:text-slate-300">{hint}</span>
              </span>
              <span
                className="whitespace-nowrap text-right text-sm tabular-nums text-slate-700 dark:text-slate-200"
                data-testid={`size-${f}`}
              >
                <SizeText estimate={props.estimates[f]} />
              </span>
            </label>
          ))}
        {source.notes(props.offered).map((note) => (
          <p key={note} className="text-xs text-slate-600 dark:text-slate-300">
            {note}
          </p>
        ))}
      </fieldset>
      {source.frames !== null && props.format === 'gif' ? (
        <label className="mt-3 flex items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
          <input
            type="checkbox"
            checked={props.dither}
            disabled={props.disabled}
            onChange={(e) => props.onDither(e.target.checked)}
            className="accent-brand-700"
          />
          Dithering <span className="text-xs text-slate-600 dark:text-slate-300">(smoother photos, larger file)</span>
        </label>
      ) : null}
      <SizeChoice
        name="export-size"
        sizes={source.sizes}
        oneSize={source.oneSize}
        oneSizeNote={source.oneSizeNote}
        size={props.size}
        hints={source.sizeHints}
        disabled={props.disabled}
        onSize={props.onSize}
      />
    </>
  );
}
