import type { Dispatch, SetStateAction } from 'react';
import { COMPRESS_FORMATS, COMPRESS_FORMAT_LABELS } from '../../../core/tools/compress-options';
import { parseDimension } from './format';
import { QualitySlider } from './quality-slider';
import { card, fieldLabel, input } from './styles';

export type BatchOp = 'resize' | 'compress';
export type BatchFormat = (typeof COMPRESS_FORMATS)[number];
/** The box every picture is resized into, whether its ratio is kept, and whether a smaller one may be enlarged. */
export interface BatchDims {
  width: number;
  height: number;
  keep: boolean;
  enlarge: boolean;
}

/** The batch's settings beside the drop zone: the operation, its box when resizing, output format and quality. */
export function BatchSettings({
  disabled,
  op,
  onOp,
  dims,
  onDims,
  format,
  onFormat,
  quality,
  onQuality,
}: {
  disabled: boolean;
  op: BatchOp;
  onOp: (op: BatchOp) => void;
  dims: BatchDims;
  onDims: Dispatch<SetStateAction<BatchDims>>;
  format: BatchFormat;
  onFormat: (format: BatchFormat) => void;
  quality: number;
  onQuality: (quality: number) => void;
}) {
  const setSide = (axis: 'width' | 'height', raw: string) => {
    // With the ratio kept, the server fits each picture inside this box with its own proportions.
    onDims((d) => ({ ...d, [axis]: parseDimension(raw) }));
  };

  return (
    <fieldset className={`${card} space-y-3`} disabled={disabled}>
      <legend className="px-1 font-semibold text-slate-900 dark:text-white">Batch Settings</legend>
      <label className={fieldLabel}>
        Operation
        <select value={op} onChange={(e) => onOp(e.target.value as BatchOp)} className={input}>
          <option value="resize">Resize</option>
          <option value="compress">Compress</option>
        </select>
      </label>
      {op === 'resize' ? (
        <>
          <div className="grid grid-cols-2 gap-2">
            <label className={fieldLabel}>
              Width
              <input
                type="number"
                min={1}
                value={dims.width || ''}
                onChange={(e) => setSide('width', e.target.value)}
                className={input}
              />
            </label>
            <label className={fieldLabel}>
              Height
              <input
                type="number"
                min={1}
                value={dims.height || ''}
                onChange={(e) => setSide('height', e.target.value)}
                className={input}
              />
            </label>
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              checked={dims.keep}
              onChange={(e) => onDims({ ...dims, keep: e.target.checked })}
              className="accent-brand-700"
            />
            Maintain aspect ratio
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              checked={!dims.enlarge}
              onChange={(e) => onDims({ ...dims, enlarge: !e.target.checked })}
              className="accent-brand-700"
            />
            Don&apos;t enlarge smaller pictures
          </label>
        </>
      ) : null}
      <label className={fieldLabel}>
        Output format
        <select value={format} onChange={(e) => onFormat(e.target.value as BatchFormat)} className={input}>
          {COMPRESS_FORMATS.map((f) => (
            <option key={f} value={f}>
              {COMPRESS_FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      <QualitySlider quality={quality} onQuality={onQuality} step={10} />
    </fieldset>
  );
}
