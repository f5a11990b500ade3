import { formatBytes } from '~/features/tools/format';
import { optionStyles, SizeChoice } from './export-frame';
import type { MotionEstimate, MotionSession } from '../canvas/motion-session';
import type { ExportSize } from '../model/export-plan';
import { MOTION_FORMATS, MOTION_SHARE_BYTES, MOTION_SHARE_SIDE, type MotionFormat } from '../model/motion-plan';

export const MOTION_LABEL: Record<MotionFormat, string> = { gif: 'GIF', webp: 'WebP', mp4: 'MP4' };

const HINT: Record<MotionFormat, string> = {
  gif: 'Animated; plays everywhere',
  webp: 'Animated; usually smaller for photos; modern browsers and apps',
  mp4: 'Video; the smallest, for apps that turn GIFs into video anyway',
};

const { fieldset, legend, option } = optionStyles;

export type MotionEstimates = Partial<Record<MotionFormat, MotionEstimate | 'failed'>>;

function SizeText({ estimate }: { estimate: MotionEstimate | 'failed' | undefined }) {
  if (estimate === undefined) return <span className="text-slate-500 dark:text-slate-400">measuring…</span>;
  if (estimate === 'failed') return <span>size unknown</span>;
  return (
    <>
      {estimate.exact ? '' : '≈ '}
      {formatBytes(estimate.bytes)}
      {estimate.note ? <span className="block text-xs text-slate-600 dark:text-slate-300">{estimate.note}</span> : null}
    </>
  );
}

/**
 * The animated dialog's choices: GIF, WebP or MP4 (MP4 only where this browser can encode it, and the dialog says
 * when it cannot), each with its estimated size; dithering for GIF; share or original size.
 */
export function MotionOptions(props: {
  session: MotionSession;
  formats: readonly MotionFormat[];
  format: MotionFormat;
  size: ExportSize;
  dither: boolean;
  estimates: MotionEstimates;
  disabled: boolean;
  onFormat: (f: MotionFormat) => void;
  onSize: (s: ExportSize) => void;
  onDither: (on: boolean) => void;
}) {
  const missingMp4 = !props.formats.includes('mp4');
  return (
    <>
      <fieldset className={fieldset} disabled={props.disabled}>
        <legend className={legend}>Format</legend>
        {MOTION_FORMATS.filter((f) => props.formats.includes(f)).map((f) => (
          <label key={f} className={option}>
            <input
              type="radio"
              name="motion-format"
              value={f}
              checked={props.format === f}
              onChange={() => props.onFormat(f)}
              className="accent-brand-700"
            />
            <span className="flex flex-1 flex-col">
              <span className="font-semibold text-slate-900 dark:text-white">{MOTION_LABEL[f]}</span>
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
        {missingMp4 ? (
          <p className="text-xs text-slate-600 dark:text-slate-300">
            MP4 is not offered: this browser cannot encode video.
          </p>
        ) : null}
        <p className="text-xs text-slate-600 dark:text-slate-300">
          GIF and WebP sizes are estimated from a few frames; MP4’s is the video itself, made in the background.
        </p>
      </fieldset>
      {props.format === 'gif' ? (
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
        name="motion-size"
        sizes={props.session.sizes}
        oneSize={props.session.oneSize}
        oneSizeNote=""
        size={props.size}
        hints={{
          share: `${MOTION_SHARE_SIDE} px at most, under ${MOTION_SHARE_BYTES / 1_000_000} MB for messengers`,
          original: 'The animation’s own pixels',
        }}
        disabled={props.disabled}
        onSize={props.onSize}
      />
    </>
  );
}
