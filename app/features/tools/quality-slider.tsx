import { QUALITY } from '../../../core/tools/output';
import { fieldLabel, range } from './styles';

/** The "Quality: N%" slider of the Convert screen and the batch settings, from QUALITY.min to QUALITY.max. */
export function QualitySlider({
  quality,
  onQuality,
  step,
}: {
  quality: number;
  onQuality: (quality: number) => void;
  step: number;
}) {
  return (
    <label className={fieldLabel}>
      Quality: {quality}%
      <input
        type="range"
        min={QUALITY.min}
        max={QUALITY.max}
        step={step}
        value={quality}
        onChange={(e) => onQuality(Number(e.target.value))}
        className={range}
      />
    </label>
  );
}
