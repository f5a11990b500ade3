import { AVIF_MAX_SIDE } from '../../../core/image-service';
import { OUTPUT_FORMATS } from '../../../core/tools/convert-options';
import { FormatLimit } from './format-limit';
import { QualitySlider } from './quality-slider';
import { card, fieldLabel, input, muted } from './styles';

export type Format = (typeof OUTPUT_FORMATS)[number];
const DESCRIPTIONS: Record<Format, string> = {
  jpeg: 'Best for photos, smaller file',
  png: 'Graphics and transparency',
  webp: 'Modern, excellent compression',
  avif: `Smallest files, up to ${AVIF_MAX_SIDE.toLocaleString('en-US')} px a side`,
  bmp: 'Uncompressed, large',
  tiff: 'Lossless, for programs that ask for TIFF; large files',
};

/** The menu's words: short enough to read whole in a closed menu at 390 px; the guide below has the rest. */
const MENU_LABELS: Record<Format, string> = {
  jpeg: 'Best for photos',
  png: 'Graphics, transparency',
  webp: 'Modern, small files',
  avif: 'Smallest files',
  bmp: 'Uncompressed',
  tiff: 'Lossless, large files',
};

/**
 * The Convert screen's right-hand column: the output format with its limit and quality, then the guide to the
 * formats. Each card carries its place in the phone's order (convert-tool.tsx).
 */
export function ConvertSettings({
  format,
  onFormat,
  sizes,
  fit,
  onFit,
  quality,
  onQuality,
  busy,
}: {
  format: Format;
  onFormat: (format: Format) => void;
  /** Each chosen file's size, for the format's limit (format-limit.tsx). */
  sizes: { width: number; height: number }[];
  fit: boolean;
  onFit: (fit: boolean) => void;
  quality: number;
  onQuality: (quality: number) => void;
  busy: boolean;
}) {
  return (
    <div className="contents lg:block lg:space-y-4">
      <fieldset className={`${card} order-2 space-y-3`} disabled={busy}>
        <legend className="px-1 font-semibold text-slate-900 dark:text-white">Settings</legend>
        <label className={fieldLabel}>
          Output format
          <select value={format} onChange={(e) => onFormat(e.target.value as Format)} className={input}>
            {OUTPUT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f.toUpperCase()} - {MENU_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <FormatLimit format={format} sizes={sizes} fit={fit} onFit={onFit} />
        {format === 'jpeg' || format === 'webp' || format === 'avif' ? (
          <QualitySlider quality={quality} onQuality={onQuality} step={5} />
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
  );
}
