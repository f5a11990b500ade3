import { useRef, useState, type PointerEvent } from 'react';
import type { Rect } from '../../../core/api/tools';
import { BLUR_METHODS, BLUR_STRENGTH } from '../../../core/tools/blur-options';
import type { UsageLimit } from '../../../core/api/usage';
import { LimitNotice } from '~/components/ui/limit-notice';
import { AiBanner } from './ai-banner';
import type { Size } from './crop-math';
import { btnPrimary, btnSecondary, card, fieldLabel, input, muted, range } from './styles';

const METHOD_LABELS = {
  faces: 'Blur Faces Only',
  people: 'Blur All People',
  background: 'Blur Background',
  selective: 'Selective Blur',
} as const;
export type BlurMethod = (typeof BLUR_METHODS)[number];
export interface BlurSettings {
  method: BlurMethod;
  strength: number;
  regions: Rect[];
}
export const defaultBlur = (): BlurSettings => ({ method: 'faces', strength: BLUR_STRENGTH.default, regions: [] });

interface BlurProps {
  s: BlurSettings;
  set: (s: BlurSettings) => void;
  disabled: boolean;
  onApply: () => void;
  usage: UsageLimit | null;
  usageFailed: boolean;
  src: string;
  natural: Size;
}

export function BlurControls({ s, set, disabled, onApply, usage, usageFailed, src, natural }: BlurProps) {
  const ai = s.method !== 'selective';
  return (
    <div className={`${card} space-y-4`}>
      {ai ? <AiBanner usage={usage} failed={usageFailed} /> : null}
      {ai && usage && !usage.canGenerate ? (
        <LimitNotice
          usage={usage}
          offer="Premium blurs faces, people and backgrounds as often as you like; selective blur is always free."
        />
      ) : null}
      <label className={fieldLabel}>
        Method
        <select
          value={s.method}
          onChange={(e) => set({ ...s, method: e.target.value as BlurMethod })}
          className={input}
        >
          {BLUR_METHODS.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
      <label className={fieldLabel}>
        Strength: {s.strength}
        <input
          type="range"
          min={BLUR_STRENGTH.min}
          max={BLUR_STRENGTH.max}
          step={1}
          value={s.strength}
          onChange={(e) => set({ ...s, strength: Number(e.target.value) })}
          className={range}
        />
      </label>
      <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100">
        Blurring faces, people or the background uses AI to find them: each counts as one of your daily AI operations
        (nothing is counted if it fails). Selective blur only blurs the areas you draw on the picture and needs no AI.
      </p>
      {s.method === 'selective' ? (
        <RegionDrawer src={src} natural={natural} regions={s.regions} onChange={(regions) => set({ ...s, regions })} />
      ) : null}
      <button
        type="button"
        className={btnPrimary}
        disabled={disabled || (s.method === 'selective' && !s.regions.length)}
        onClick={onApply}
      >
        Apply Blur Protection
      </button>
    </div>
  );
}

/** Draw rectangles on the picture (drag); the list allows removing them and a keyboard user can add a centred one. */
function RegionDrawer({
  src,
  natural,
  regions,
  onChange,
}: {
  src: string;
  natural: Size;
  regions: Rect[];
  onChange: (r: Rect[]) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const toImage = (e: PointerEvent) => {
    const r = frame.current!.getBoundingClientRect();
    const k = natural.width / r.width;
    return {
      x: Math.min(natural.width, Math.max(0, (e.clientX - r.left) * k)),
      y: Math.min(natural.height, Math.max(0, (e.clientY - r.top) * k)),
    };
  };
  const rectOf = (d: NonNullable<typeof draft>): Rect => ({
    x: Math.round(Math.min(d.x0, d.x1)),
    y: Math.round(Math.min(d.y0, d.y1)),
    width: Math.round(Math.abs(d.x1 - d.x0)),
    height: Math.round(Math.abs(d.y1 - d.y0)),
  });
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  const shown = draft ? [...regions, rectOf(draft)] : regions;
  return (
    <div className="space-y-2">
      <p className={muted}>Drag on the picture to mark areas to blur.</p>
      <div
        ref={frame}
        className="relative mx-auto w-full max-w-2xl cursor-crosshair touch-none select-none"
        data-testid="region-drawer"
        onPointerDown={(e) => {
          (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
          const p = toImage(e);
          setDraft({ x0: p.x, y0: p.y, x1: p.x, y1: p.y });
        }}
        onPointerMove={(e) => draft && setDraft({ ...draft, ...(({ x, y }) => ({ x1: x, y1: y }))(toImage(e)) })}
        onPointerUp={() => {
          if (draft) {
            const r = rectOf(draft);
            if (r.width >= 4 && r.height >= 4) onChange([...regions, r]);
          }
          setDraft(null);
        }}
      >
        <img src={src} alt="Picture to mark for blurring" draggable={false} className="block w-full" />
        {natural.width
          ? shown.map((r, i) => (
              <div
                key={i}
                aria-hidden="true"
                className="absolute border-2 border-red-600 bg-red-600/20"
                style={{
                  left: pct(r.x, natural.width),
                  top: pct(r.y, natural.height),
                  width: pct(r.width, natural.width),
                  height: pct(r.height, natural.height),
                }}
              />
            ))
          : null}
      </div>
      <ul className="space-y-1 text-sm text-slate-800 dark:text-slate-200" aria-label="Blur areas">
        {regions.map((r, i) => (
          <li key={i} className="flex items-center gap-2">
            Area {i + 1}: {r.width} × {r.height} at {r.x}, {r.y}
            <button
              type="button"
              className="text-red-700 underline dark:text-red-300"
              onClick={() => onChange(regions.filter((_, j) => j !== i))}
            >
              Remove area {i + 1}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={btnSecondary}
        disabled={!natural.width}
        onClick={() =>
          onChange([
            ...regions,
            {
              x: Math.round(natural.width / 4),
              y: Math.round(natural.height / 4),
              width: Math.round(natural.width / 2),
              height: Math.round(natural.height / 2),
            },
          ])
        }
      >
        Add centre area
      </button>
    </div>
  );
}
