import { COMPRESS_SIZES, type CompressSize } from '../../../core/tools/compress-options';
import { fitWithin } from '../../../core/tools/output';
import { fieldLabel, input, muted } from './styles';

/**
 * The size the picture is compressed at (ADR 0168), chosen before the click: the original's, or fitted within a side
 * (never enlarged); with a picture chosen, what it will be.
 */
export function SizeField({
  value,
  onChange,
  picture,
  maxSide,
}: {
  value: CompressSize;
  onChange: (v: CompressSize) => void;
  picture?: { width: number; height: number };
  maxSide?: number;
}) {
  const fitted = picture && maxSide ? fitWithin(picture, maxSide) : null;
  return (
    <div>
      <label htmlFor="compress-size" className={fieldLabel}>
        Picture size
      </label>
      <select
        id="compress-size"
        value={value}
        onChange={(e) => onChange(e.target.value as CompressSize)}
        className={input}
      >
        {COMPRESS_SIZES.map((s) => (
          <option key={s.id} value={s.id}>
            {s.label}
          </option>
        ))}
      </select>
      {picture && fitted ? (
        <p className={`mt-1 ${muted}`} data-testid="size-outcome">
          {fitted === picture
            ? `Your picture (${picture.width} × ${picture.height}) already fits: it keeps its size.`
            : `Your picture will be ${fitted.width} × ${fitted.height} (from ${picture.width} × ${picture.height}).`}
        </p>
      ) : null}
    </div>
  );
}
