import { EXPORT_FORMATS, type ExportFormat } from '../../../../core/api/memes';
import { EXPORT_QUALITY, SHARE_MAX_BYTES } from '../../../../core/limits';
import { formatBytes } from '~/features/tools/format';
import { optionStyles, SizeChoice } from './export-frame';
import type { ExportSession, SizeEstimate } from '../canvas/export-session';
import type { ExportSize } from '../model/export-plan';

export const FORMAT_LABEL: Record<ExportFormat, string> = { png: 'PNG', jpg: 'JPG', webp: 'WebP' };

const HINT: Record<ExportFormat, string> = {
  png: 'Lossless: crisp text and flat colours',
  jpg: 'Opens everywhere; best for photos',
  webp: 'Smaller still; modern browsers and apps',
};

const { fieldset, legend, option } = optionStyles;

function SizeText({ estimate }: { estimate: SizeEstimate | 'failed' | undefined }) {
  if (estimate === undefined) return <span className="text-slate-500 dark:text-slate-400">measuring…</span>;
  if (estimate === 'failed') return <span>size unknown</span>;
  const lowered = estimate.quality < EXPORT_QUALITY;
  return (
    <>
      {estimate.exact ? '' : '≈ '}
      {formatBytes(estimate.bytes)}
      {lowered ? (
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          quality {Math.round(estimate.quality * 100)}
        </span>
      ) : null}
      {estimate.bytes > SHARE_MAX_BYTES ? (
        <span className="block text-xs font-semibold text-amber-800 dark:text-amber-300">
          over {SHARE_MAX_BYTES / 1_000_000} MB
        </span>
      ) : null}
    </>
  );
}

/** The dialog's two choices: the format, each with its file size, and the size (share or original). */
export function ExportOptions(props: {
  session: ExportSession;
  format: ExportFormat;
  size: ExportSize;
  estimates: Partial<Record<ExportFormat, SizeEstimate | 'failed'>>;
  disabled: boolean;
  onFormat: (f: ExportFormat) => void;
  onSize: (s: ExportSize) => void;
  shareHint: string;
}) {
  return (
    <>
      <fieldset className={fieldset} disabled={props.disabled}>
        <legend className={legend}>Format</legend>
        {EXPORT_FORMATS.map((f) => (
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
              <span className="text-xs text-slate-600 dark:text-slate-300">{HINT[f]}</span>
            </span>
            <span
              className="whitespace-nowrap text-right text-sm tabular-nums text-slate-700 dark:text-slate-200"
              data-testid={`size-${f}`}
            >
              <SizeText estimate={props.estimates[f]} />
            </span>
          </label>
        ))}
      </fieldset>
      <SizeChoice
        name="export-size"
        sizes={props.session.sizes}
        oneSize={props.session.oneSize}
        oneSizeNote=", trimmed to your meme."
        size={props.size}
        hints={{ share: props.shareHint, original: 'Every pixel of your picture' }}
        disabled={props.disabled}
        onSize={props.onSize}
      />
    </>
  );
}
