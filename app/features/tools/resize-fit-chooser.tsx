import {
  RESIZE_FIT_LABELS,
  RESIZE_FITS,
  RESIZE_POSITION_LABELS,
  RESIZE_POSITIONS,
  type ResizePosition,
} from '../../../core/tools/resize-options';
import { FREE_DAILY_AI_LIMIT } from '../../../core/limits';
import type { Size } from './crop-math';
import type { ChosenFit } from './resize-fields';
import { btnSecondary, fieldLabel } from './styles';

/** How the photo fills a box of another shape (a preset, or both sides typed). */
interface FitChooserProps {
  fit: ChosenFit;
  background: string;
  position: ResizePosition;
  onFit: (f: ChosenFit) => void;
  onBackground: (c: string) => void;
  onPosition: (p: ResizePosition) => void;
  box: Size;
}

export function FitChooser({ fit, background, position, onFit, onBackground, onPosition, box }: FitChooserProps) {
  return (
    <fieldset>
      <legend className={fieldLabel}>
        How should the photo fill {box.width} × {box.height}?
      </legend>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <ChipRadios name="resize-fit" values={RESIZE_FITS} labels={RESIZE_FIT_LABELS} chosen={fit} onChoose={onFit} />
        {fit === 'contain' ? (
          <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            Border colour
            <input
              type="color"
              value={background}
              onChange={(e) => onBackground(e.target.value)}
              className="h-9 w-12 cursor-pointer rounded border border-slate-300 bg-transparent dark:border-slate-600"
            />
          </label>
        ) : null}
      </div>
      {fit === 'cover' ? (
        <fieldset className="mt-3">
          <legend className="text-sm text-slate-800 dark:text-slate-200">Which part to keep</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            <ChipRadios
              name="resize-position"
              values={RESIZE_POSITIONS}
              labels={RESIZE_POSITION_LABELS}
              chosen={position}
              onChoose={onPosition}
            />
          </div>
          {position === 'smart' ? (
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="resize-faces-cost">
              Looking for faces uses one of your {FREE_DAILY_AI_LIMIT} free AI operations a day; when they are used up,
              the crop keeps the most detailed part instead, at no cost.
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </fieldset>
  );
}

/** Radio buttons drawn as buttons: the chosen one ringed, the focused one ringed while the keyboard is on it. */
function ChipRadios<T extends string>(props: {
  name: string;
  values: readonly T[];
  labels: Record<T, string>;
  chosen: T;
  onChoose: (value: T) => void;
}) {
  return props.values.map((value) => (
    <label
      key={value}
      className={`${btnSecondary} cursor-pointer text-sm focus-within:ring-2 focus-within:ring-brand-700 ${props.chosen === value ? '!border-brand-700 ring-2 ring-brand-700' : ''}`}
    >
      <input
        type="radio"
        name={props.name}
        value={value}
        checked={props.chosen === value}
        onChange={() => props.onChoose(value)}
        className="sr-only"
      />
      {props.labels[value]}
    </label>
  ));
}
