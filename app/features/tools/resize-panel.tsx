import { resizeProblem, type ResizeTarget } from '../../../core/tools/resize-options';
import type { Size } from './crop-math';
import { parseDimension } from './format';
import { planResize, setLock, typeSide, type ChosenFit, type ResizeFieldsState } from './resize-fields';
import { FitChooser } from './resize-fit-chooser';
import { ResizePresets } from './resize-presets';
import { ResizePreview, type ServerFraming } from './resize-preview';
import { btnPrimary, card, fieldLabel, input } from './styles';
import type { ToolFields } from '~/lib/api/tool-fields';

// The Resize tab: presets, the two sides and the aspect lock, how a box of another shape is filled, and the preview.

type Fields = ToolFields<'/api/modify'>;

interface Props {
  /** The last result's framing, so the preview shows the server's window once faces may have decided it. */
  framed?: ServerFraming;
  natural: Size;
  disabled: boolean;
  onRun: (fields: Fields, label: string) => void;
  size: ResizeFieldsState;
  setSize: (s: ResizeFieldsState) => void;
  src: string;
}

export function ResizePanel({ natural, disabled, onRun, size, setSize, src, framed }: Props) {
  const plan = planResize(size, natural);
  const tooBig = plan ? resizeProblem(plan.target) : null;
  return (
    <div className={`${card} space-y-4`}>
      <ResizePresets size={size} setSize={setSize} />
      <div className="grid grid-cols-2 gap-3">
        {(['width', 'height'] as const).map((axis) => (
          <label key={axis} className={fieldLabel}>
            {axis === 'width' ? 'Width (px)' : 'Height (px)'}
            <input
              type="number"
              min={1}
              value={size[axis] || ''}
              onChange={(e) => setSize(typeSide(size, axis, parseDimension(e.target.value), natural))}
              className={input}
            />
          </label>
        ))}
      </div>
      <div>
        <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            checked={size.keep}
            onChange={(e) => setSize(setLock(size, e.target.checked, natural))}
            className="accent-brand-700"
          />
          Maintain aspect ratio
        </label>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Fills in the other side from your photo. Type both sides for an exact size.
        </p>
      </div>
      {plan?.choosing ? (
        <FitChooser
          fit={plan.target.fit as ChosenFit}
          background={size.background}
          box={plan.target}
          position={size.position ?? 'smart'}
          onPosition={(p) => setSize({ ...size, position: p })}
          onFit={(f) => setSize({ ...size, fit: f })}
          onBackground={(c) => setSize({ ...size, background: c })}
        />
      ) : null}
      {plan ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <ResizePreview
            target={plan.target}
            natural={natural}
            background={size.background}
            src={src}
            smart={plan.choosing && (size.position ?? 'smart') === 'smart'}
            framed={framed}
          />
          <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="resize-outcome">
            {outcome(plan.target, plan.choosing)}
          </p>
        </div>
      ) : null}
      {tooBig ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {tooBig}
        </p>
      ) : null}
      <button
        type="button"
        className={btnPrimary}
        disabled={disabled || !plan || tooBig !== null}
        onClick={() => plan && onRun(plan.fields, 'resize')}
      >
        Resize Image
      </button>
    </div>
  );
}

function outcome(t: ResizeTarget, choosing: boolean): string {
  const size = `Result: ${t.width} × ${t.height} px`;
  if (!choosing) return size;
  if (t.fit === 'cover') return `${size}, edges cropped to fill`;
  return t.fit === 'contain' ? `${size}, with borders` : `${size}, stretched`;
}
