import { useState } from 'react';
import { QUALITY } from '../../../core/tools/output';
import {
  COMPRESS_FORMATS,
  COMPRESS_FORMAT_LABELS,
  maxSideOfSize,
  type CompressSize,
} from '../../../core/tools/compress-options';
import { SizeField } from './size-field';
import { btnPrimary, card, fieldLabel, input, muted, range } from './styles';

type Mode = 'quality' | 'auto' | 'target';

/** The Compress tab's choices, kept by the optimize screen so that its request reads them. */
export function useCompressSettings() {
  const [quality, setQuality] = useState<number>(QUALITY.default);
  const [format, setFormat] = useState<(typeof COMPRESS_FORMATS)[number]>('original');
  const [mode, setMode] = useState<Mode>('auto');
  const [targetKb, setTargetKb] = useState(200);
  const [size, setSize] = useState<CompressSize>('original');
  const maxSide = maxSideOfSize(size);
  return { quality, setQuality, format, setFormat, mode, setMode, targetKb, setTargetKb, size, setSize, maxSide };
}

export type CompressSettings = ReturnType<typeof useCompressSettings>;

/** The Compress tab's card: mode, quality or target size, output format and size, and the button that starts it. */
export function CompressPanel({
  settings,
  picture,
  disabled,
  onCompress,
}: {
  settings: CompressSettings;
  /** The chosen picture's size, for the size field's hint. */
  picture?: { width: number; height: number };
  disabled: boolean;
  onCompress: () => void;
}) {
  const { quality, setQuality, format, setFormat, mode, setMode, targetKb, setTargetKb, size, setSize, maxSide } =
    settings;
  return (
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
      <SizeField value={size} onChange={setSize} picture={picture} maxSide={maxSide} />
      <button type="button" className={btnPrimary} disabled={disabled} onClick={onCompress}>
        Compress Image
      </button>
    </div>
  );
}
