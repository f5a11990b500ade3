import { useState } from 'react';
import { QUICK_PRESET_COUNT, RESIZE_FIT_LABELS, RESIZE_FITS, RESIZE_PRESETS, resizeProblem, resizeTarget, type ResizeFit } from '../../../core/tools/resize';
import { CropBox } from './crop-box';
import { CROP_RATIOS, fitRatio, fromFields, type Box, type Size } from './crop-math';
import { keepRatio, parseDimension } from './format';
import { btnPrimary, btnSecondary, card, fieldLabel, input } from './styles';

type Fields = Record<string, string | number | boolean>;
interface PanelProps {
  natural: Size;
  disabled: boolean;
  onRun: (fields: Fields, label: string) => void;
}

/** How the photo fills a box of another shape: shown for presets and for unlocked custom sizes. */
function FitChooser({ fit, background, onFit, onBackground, box }: { fit: ResizeFit; background: string; onFit: (f: ChosenFit) => void; onBackground: (c: string) => void; box: Size }) {
  return (
    <fieldset>
      <legend className={fieldLabel}>
        How should the photo fill {box.width} × {box.height}?
      </legend>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {RESIZE_FITS.map((f) => (
          <label key={f} className={`${btnSecondary} cursor-pointer text-sm focus-within:ring-2 focus-within:ring-brand-700 ${fit === f ? '!border-brand-700 ring-2 ring-brand-700' : ''}`}>
            <input type="radio" name="resize-fit" value={f} checked={fit === f} onChange={() => onFit(f)} className="sr-only" />
            {RESIZE_FIT_LABELS[f]}
          </label>
        ))}
        {fit === 'contain' ? (
          <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            Border colour
            <input type="color" value={background} onChange={(e) => onBackground(e.target.value)} className="h-9 w-12 cursor-pointer rounded border border-slate-300 bg-transparent dark:border-slate-600" />
          </label>
        ) : null}
      </div>
    </fieldset>
  );
}

const OBJECT_FIT = { cover: 'cover', contain: 'contain', stretch: 'fill', inside: 'contain' } as const;

export function ResizePanel({ natural, disabled, onRun, size, setSize, src }: PanelProps & { size: PanelSizeState; setSize: (s: PanelSizeState) => void; src: string }) {
  const { width, height, keep, preset, fit, background } = size;
  const set = (axis: 'width' | 'height', raw: string) => {
    const v = parseDimension(raw);
    const other = axis === 'width' ? 'height' : 'width';
    const next = { ...size, [axis]: v, preset: null };
    if (keep && v > 0 && natural.width > 0) next[other] = keepRatio(v, natural, axis);
    setSize(next);
  };
  const ready = natural.width > 0 && width > 0 && height > 0;
  // The server's own rule (core/tools/resize.ts) says what size and fit the result will have.
  const target = ready ? resizeTarget(natural, { preset: preset ?? undefined, width, height, maintainAspectRatio: keep, fit: fit ?? undefined }) : null;
  const tooBig = target ? resizeProblem(target) : null;
  const choosing = preset !== null || !keep;
  return (
    <div className={`${card} space-y-4`}>
      <div>
        <h2 className={fieldLabel}>Quick Presets</h2>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {RESIZE_PRESETS.slice(0, QUICK_PRESET_COUNT).map((p) => (
            <button
              key={p.id}
              type="button"
              aria-pressed={preset === p.id}
              onClick={() => setSize({ ...size, width: p.width, height: p.height, preset: p.id, fit: null })}
              className={`${btnSecondary} flex-col !items-start text-left text-sm ${preset === p.id ? '!border-brand-700 ring-2 ring-brand-700' : ''}`}
            >
              <span className="font-semibold">{p.name}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {p.width} × {p.height}
              </span>
            </button>
          ))}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <label className={fieldLabel}>
          Width (px)
          <input type="number" min={1} value={width || ''} onChange={(e) => set('width', e.target.value)} className={input} />
        </label>
        <label className={fieldLabel}>
          Height (px)
          <input type="number" min={1} value={height || ''} onChange={(e) => set('height', e.target.value)} className={input} />
        </label>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
        <input type="checkbox" checked={keep} onChange={(e) => setSize({ ...size, keep: e.target.checked, fit: null })} className="accent-brand-700" />
        Maintain aspect ratio
      </label>
      {choosing && target ? (
        <FitChooser
          fit={target.fit}
          background={background}
          box={{ width, height }}
          onFit={(f) => setSize({ ...size, fit: f })}
          onBackground={(c) => setSize({ ...size, background: c })}
        />
      ) : null}
      {target ? (
        <div className="flex items-center gap-4">
          <div
            data-testid="resize-preview"
            className="relative max-h-40 w-32 shrink-0 overflow-hidden rounded border border-slate-300 dark:border-slate-600"
            style={{ aspectRatio: `${target.width} / ${target.height}`, background: target.fit === 'contain' ? background : undefined }}
          >
            <img src={src} alt="" className="h-full w-full" style={{ objectFit: OBJECT_FIT[target.fit] }} />
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite" data-testid="resize-outcome">
            Result: {target.width} × {target.height} px
            {target.fit === 'cover' ? ', edges cropped to fill' : target.fit === 'contain' ? ', with borders' : target.fit === 'stretch' ? ', stretched' : ''}
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
        disabled={disabled || !target || tooBig !== null}
        onClick={() =>
          onRun(
            {
              operation: 'resize',
              width,
              height,
              maintainAspectRatio: keep,
              ...(preset ? { preset } : {}),
              ...(choosing && target ? { fit: target.fit } : {}),
              ...(target?.fit === 'contain' ? { background } : {}),
            },
            'resize',
          )
        }
      >
        Resize Image
      </button>
    </div>
  );
}
type ChosenFit = (typeof RESIZE_FITS)[number];
export interface PanelSizeState {
  width: number;
  height: number;
  keep: boolean;
  preset: string | null;
  /** Null: the default for the choice (fill for a preset, stretch for an unlocked size). */
  fit: ChosenFit | null;
  background: string;
}

export function CropPanel({ natural, disabled, onRun, src, onLoad }: PanelProps & { src: string; onLoad: (s: Size) => void }) {
  const [ratioId, setRatioId] = useState<string>('free');
  const [box, setBox] = useState<Box | null>(null);
  const ratio = CROP_RATIOS.find((r) => r.id === ratioId)?.ratio ?? null;
  const current = box ?? fitRatio(natural, null);
  const pick = (id: string) => {
    setRatioId(id);
    setBox(fitRatio(natural, CROP_RATIOS.find((r) => r.id === id)?.ratio ?? null));
  };
  const field = (k: keyof Box, v: string) => setBox(fromFields({ ...current, [k]: parseDimension(v) }, natural, ratio));
  return (
    <div className={`${card} space-y-4`}>
      <CropBox src={src} natural={natural} box={current} ratio={ratio} onChange={setBox} onLoad={(s) => (onLoad(s), setBox(fitRatio(s, ratio)))} />
      <fieldset>
        <legend className={fieldLabel}>Aspect ratio</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {CROP_RATIOS.map((r) => (
            <button key={r.id} type="button" aria-pressed={ratioId === r.id} onClick={() => pick(r.id)} className={`${btnSecondary} text-sm ${ratioId === r.id ? '!border-brand-700 ring-2 ring-brand-700' : ''}`}>
              {r.label}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(['x', 'y', 'width', 'height'] as const).map((k) => (
          <label key={k} className={fieldLabel}>
            {k === 'x' ? 'Left (x)' : k === 'y' ? 'Top (y)' : k === 'width' ? 'Crop width' : 'Crop height'}
            <input type="number" min={0} value={current[k]} onChange={(e) => field(k, e.target.value)} className={input} disabled={k === 'height' && ratio !== null} />
          </label>
        ))}
      </div>
      <button type="button" className={btnPrimary} disabled={disabled || natural.width === 0} onClick={() => onRun({ operation: 'crop', ...current }, 'crop')}>
        Crop Image
      </button>
    </div>
  );
}

type Flip = 'none' | 'horizontal' | 'vertical';

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
        <img src={src} alt="Transform preview" data-testid="transform-preview" className="max-h-48 max-w-[12rem] transition-transform" style={{ transform: `scale(${sx}, ${sy}) rotate(${angle}deg)` }} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={btnSecondary} onClick={() => turn(270)}>Rotate 90° left</button>
        <button type="button" className={btnSecondary} onClick={() => turn(90)}>Rotate 90° right</button>
        <button type="button" className={btnSecondary} onClick={() => turn(180)}>Rotate 180°</button>
        <button type="button" className={btnSecondary} aria-pressed={flip === 'horizontal'} onClick={() => toggle('horizontal')}>Flip horizontal</button>
        <button type="button" className={btnSecondary} aria-pressed={flip === 'vertical'} onClick={() => toggle('vertical')}>Flip vertical</button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        Rotation {angle}°, flip {flip}
      </p>
      <button type="button" className={btnPrimary} disabled={disabled || (angle === 0 && flip === 'none')} onClick={() => onRun({ operation: 'rotate', angle: String(angle), flip }, 'transform')}>
        Apply Transform
      </button>
    </div>
  );
}
