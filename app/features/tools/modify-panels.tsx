import { useState } from 'react';
import { CropBox } from './crop-box';
import { CROP_RATIOS, fitRatio, type Box, type Size } from './crop-math';
import { CropNumberFields } from './crop-number-fields';
import { btnPrimary, btnSecondary, card, fieldLabel } from './styles';
import { transformWords, type Flip } from './transform-words';
import type { ToolFields } from '~/lib/api/tool-fields';

type Fields = ToolFields<'/api/modify'>;
interface PanelProps {
  natural: Size;
  disabled: boolean;
  onRun: (fields: Fields, label: string) => void;
}

export function CropPanel({
  natural,
  disabled,
  onRun,
  src,
  onLoad,
}: PanelProps & { src: string; onLoad: (s: Size) => void }) {
  const [ratioId, setRatioId] = useState<string>('free');
  const [box, setBox] = useState<Box | null>(null);
  const ratio = CROP_RATIOS.find((r) => r.id === ratioId)?.ratio ?? null;
  const current = box ?? fitRatio(natural, null);
  const pick = (id: string) => {
    setRatioId(id);
    setBox(fitRatio(natural, CROP_RATIOS.find((r) => r.id === id)?.ratio ?? null));
  };
  return (
    <div className={`${card} space-y-4`}>
      <CropBox
        src={src}
        natural={natural}
        box={current}
        ratio={ratio}
        onChange={setBox}
        onLoad={(s) => (onLoad(s), setBox(fitRatio(s, ratio)))}
      />
      <fieldset>
        <legend className={fieldLabel}>Aspect ratio</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {CROP_RATIOS.map((r) => (
            <button
              key={r.id}
              type="button"
              aria-pressed={ratioId === r.id}
              onClick={() => pick(r.id)}
              className={`${btnSecondary} text-sm ${ratioId === r.id ? '!border-brand-700 ring-2 ring-brand-700' : ''}`}
            >
              {r.label}
            </button>
          ))}
        </div>
      </fieldset>
      <CropNumberFields box={current} img={natural} ratio={ratio} onChange={setBox} />
      <button
        type="button"
        className={btnPrimary}
        disabled={disabled || natural.width === 0}
        onClick={() => onRun({ operation: 'crop', ...current }, 'crop')}
      >
        Crop Image
      </button>
    </div>
  );
}

/** The turn as the form field spells it: the panel's angle is always 0, 90, 180 or 270. */
const ANGLE_FIELDS = ['0', '90', '180', '270'] as const;

export function TransformPanel({ disabled, onRun, src }: PanelProps & { src: string }) {
  const [angle, setAngle] = useState(0);
  const [flip, setFlip] = useState<Flip>('none');
  const turn = (by: number) => setAngle((a) => (a + by) % 360);
  // Flipping both ways is a half turn: keep the state in the server's one-flip form.
  const toggle = (f: Exclude<Flip, 'none'>) => {
    if (flip === f) setFlip('none');
    else if (flip === 'none') setFlip(f);
    else {
      setFlip('none');
      turn(180);
    }
  };
  const sx = flip === 'horizontal' ? -1 : 1;
  const sy = flip === 'vertical' ? -1 : 1;
  return (
    <div className={`${card} space-y-4`}>
      <div className="grid h-72 place-items-center overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800">
        <img
          src={src}
          alt="Transform preview"
          data-testid="transform-preview"
          className="max-h-48 max-w-[12rem] transition-transform"
          style={{ transform: `scale(${sx}, ${sy}) rotate(${angle}deg)` }}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={btnSecondary} onClick={() => turn(270)}>
          Rotate 90° left
        </button>
        <button type="button" className={btnSecondary} onClick={() => turn(90)}>
          Rotate 90° right
        </button>
        <button type="button" className={btnSecondary} onClick={() => turn(180)}>
          Rotate 180°
        </button>
        <button
          type="button"
          className={btnSecondary}
          aria-pressed={flip === 'horizontal'}
          onClick={() => toggle('horizontal')}
        >
          Flip horizontal
        </button>
        <button
          type="button"
          className={btnSecondary}
          aria-pressed={flip === 'vertical'}
          onClick={() => toggle('vertical')}
        >
          Flip vertical
        </button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite" data-testid="transform-state">
        {transformWords(angle, flip)}
      </p>
      <button
        type="button"
        className={btnPrimary}
        disabled={disabled || (angle === 0 && flip === 'none')}
        onClick={() => onRun({ operation: 'rotate', angle: ANGLE_FIELDS[angle / 90] ?? '0', flip }, 'transform')}
      >
        Apply Transform
      </button>
    </div>
  );
}
