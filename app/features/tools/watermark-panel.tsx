import { WATERMARK_POSITIONS, WATERMARK_SIZE, type WatermarkPosition } from '../../../core/tools/watermark-options';
import { btnPrimary, card, fieldLabel, input, muted, range } from './styles';
import { useWatermarkLogo } from './use-watermark-logo';
import { notReady, sizeWords, type WatermarkSettings } from './watermark-settings';

// The Watermark tab's controls: text or logo, tiling, position, colour, opacity and size, and the button that applies them.

const POSITION_LABELS: Record<WatermarkPosition, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
  center: 'Center',
};
const TEXT_PLACEHOLDER = `e.g. © ${new Date().getFullYear()} Your Name`;

export function WatermarkControls({
  s,
  set,
  disabled,
  onApply,
  pictureWidth,
}: {
  s: WatermarkSettings;
  set: (s: WatermarkSettings) => void;
  disabled: boolean;
  onApply: () => void;
  /** The chosen picture's upright width, to say how tall the mark comes out on it. */
  pictureWidth?: number;
}) {
  const waiting = notReady(s);
  const { picking, pick } = useWatermarkLogo(s, set);
  return (
    <div className={`${card} grid gap-4 sm:grid-cols-2`}>
      <fieldset className="sm:col-span-2">
        <legend className={fieldLabel}>Watermark</legend>
        <div className="mt-1 flex gap-4 text-sm text-slate-800 dark:text-slate-200">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="wm-mark"
              checked={s.mark === 'text'}
              onChange={() => set({ ...s, mark: 'text' })}
              className="accent-brand-700"
            />
            Text
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="wm-mark"
              checked={s.mark === 'logo'}
              onChange={() => set({ ...s, mark: 'logo' })}
              className="accent-brand-700"
            />
            Logo
          </label>
        </div>
      </fieldset>
      {s.mark === 'text' ? (
        <label className={`${fieldLabel} sm:col-span-2`}>
          Watermark text
          <input
            value={s.text}
            maxLength={100}
            placeholder={TEXT_PLACEHOLDER}
            onChange={(e) => set({ ...s, text: e.target.value })}
            className={input}
          />
        </label>
      ) : (
        <div className="sm:col-span-2">
          <label className={fieldLabel}>
            Logo (PNG or WebP, transparent background recommended)
            <input
              type="file"
              accept="image/png,image/webp"
              disabled={picking}
              onChange={(e) => void pick(e.target.files?.[0])}
              className={`${input} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 dark:file:bg-slate-700`}
            />
          </label>
          {s.logo ? (
            <p className={`${muted} mt-1`} data-testid="wm-logo-name">
              {s.logo.file.name} · {s.logo.size.width} × {s.logo.size.height} px
            </p>
          ) : null}
        </div>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2 dark:text-slate-200">
        <input
          type="checkbox"
          checked={s.tiled}
          onChange={(e) => set({ ...s, tiled: e.target.checked })}
          className="accent-brand-700"
        />
        Repeat over the whole picture (tiled)
      </label>
      <label className={fieldLabel}>
        Position
        <select
          value={s.position}
          disabled={s.tiled}
          onChange={(e) => set({ ...s, position: e.target.value as WatermarkPosition })}
          className={input}
        >
          {WATERMARK_POSITIONS.map((p) => (
            <option key={p} value={p}>
              {POSITION_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      {s.mark === 'text' ? (
        <div className={fieldLabel}>
          <label htmlFor="wm-color-text">Colour</label>
          <div className="mt-1 flex gap-2">
            <input
              type="color"
              aria-label="Colour picker"
              value={s.color}
              onChange={(e) => set({ ...s, color: e.target.value })}
              className="h-10 w-12 rounded border border-slate-300 dark:border-slate-600"
            />
            <input
              id="wm-color-text"
              value={s.color}
              onChange={(e) => set({ ...s, color: e.target.value })}
              className={`${input} !mt-0`}
            />
          </div>
        </div>
      ) : null}
      <label className={fieldLabel}>
        Opacity: {s.opacity}%
        <input
          type="range"
          min={10}
          max={100}
          step={5}
          value={s.opacity}
          onChange={(e) => set({ ...s, opacity: Number(e.target.value) })}
          className={range}
        />
      </label>
      <label className={fieldLabel}>
        <span data-testid="wm-size">{sizeWords(s, pictureWidth)}</span>
        <input
          type="range"
          min={WATERMARK_SIZE.min}
          max={WATERMARK_SIZE.max}
          step={2}
          value={s.size}
          onChange={(e) => set({ ...s, size: Number(e.target.value) })}
          className={range}
        />
      </label>
      {waiting ? (
        <p className={`${muted} sm:col-span-2`} data-testid="wm-waiting">
          {waiting}
        </p>
      ) : null}
      <button
        type="button"
        className={`${btnPrimary} sm:col-span-2`}
        disabled={disabled || waiting !== null}
        onClick={onApply}
      >
        Add Watermark
      </button>
    </div>
  );
}
