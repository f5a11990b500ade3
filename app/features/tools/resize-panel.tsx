import { useEffect, useState } from 'react';
import {
  coverCrop,
  PRESET_CATEGORY_LABELS,
  QUICK_PRESET_COUNT,
  RESIZE_FIT_LABELS,
  RESIZE_FITS,
  RESIZE_POSITION_LABELS,
  RESIZE_POSITIONS,
  RESIZE_PRESETS,
  resizeProblem,
  type ResizePosition,
  type ResizeTarget,
} from '../../../core/tools/resize-options';
import type { CoverWindow } from '../../../core/tools/cover-framing';
import { FREE_DAILY_AI_LIMIT } from '../../../core/limits';
import { greyThumb, THUMB_LONG_SIDE, type GreyThumb } from '../../../core/tools/salient-window';
import type { Size } from './crop-math';
import { parseDimension } from './format';
import { planResize, pickPreset, setLock, typeSide, type ChosenFit, type ResizeFieldsState } from './resize-fields';
import { btnPrimary, btnSecondary, card, fieldLabel, input } from './styles';
import type { ToolFields } from '~/lib/api/tool-fields';

type Fields = ToolFields<'/api/modify'>;

/** The window the server kept in the last resize of this photo (the answer's `framing`) and the box it filled. */
export interface ServerFraming {
  window: CoverWindow;
  box: Size;
}

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

const QUICK = RESIZE_PRESETS.slice(0, QUICK_PRESET_COUNT);
const MORE = RESIZE_PRESETS.slice(QUICK_PRESET_COUNT);
const CATEGORIES = ['social', 'print', 'web'] as const satisfies readonly (keyof typeof PRESET_CATEGORY_LABELS)[];

export function ResizePanel({ natural, disabled, onRun, size, setSize, src, framed }: Props) {
  const plan = planResize(size, natural);
  const tooBig = plan ? resizeProblem(plan.target) : null;
  const selected = 'ring-2 ring-brand-700 !border-brand-700';
  return (
    <div className={`${card} space-y-4`}>
      <div>
        <h2 className={fieldLabel}>Quick Presets</h2>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {QUICK.map((p) => (
            <button
              key={p.id}
              type="button"
              aria-pressed={size.preset === p.id}
              onClick={() => setSize(pickPreset(size, p.id))}
              className={`${btnSecondary} flex-col !items-start text-left text-sm ${size.preset === p.id ? selected : ''}`}
            >
              <span className="font-semibold">{p.name}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {p.width} × {p.height}
              </span>
            </button>
          ))}
        </div>
        <label className={`${fieldLabel} mt-3`}>
          More sizes (YouTube, X, LinkedIn, Pinterest, print, web)
          <select
            value={MORE.some((p) => p.id === size.preset) ? size.preset! : ''}
            onChange={(e) => e.target.value && setSize(pickPreset(size, e.target.value))}
            className={input}
          >
            <option value="">Choose a size…</option>
            {CATEGORIES.map((c) => (
              <optgroup key={c} label={PRESET_CATEGORY_LABELS[c]}>
                {MORE.filter((p) => p.category === c).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({p.width} × {p.height})
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      </div>
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
          <Preview
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

function FitChooser({ fit, background, position, onFit, onBackground, onPosition, box }: FitChooserProps) {
  return (
    <fieldset>
      <legend className={fieldLabel}>
        How should the photo fill {box.width} × {box.height}?
      </legend>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {RESIZE_FITS.map((f) => (
          <label
            key={f}
            className={`${btnSecondary} cursor-pointer text-sm focus-within:ring-2 focus-within:ring-brand-700 ${fit === f ? '!border-brand-700 ring-2 ring-brand-700' : ''}`}
          >
            <input
              type="radio"
              name="resize-fit"
              value={f}
              checked={fit === f}
              onChange={() => onFit(f)}
              className="sr-only"
            />
            {RESIZE_FIT_LABELS[f]}
          </label>
        ))}
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
            {RESIZE_POSITIONS.map((p) => (
              <label
                key={p}
                className={`${btnSecondary} cursor-pointer text-sm focus-within:ring-2 focus-within:ring-brand-700 ${position === p ? '!border-brand-700 ring-2 ring-brand-700' : ''}`}
              >
                <input
                  type="radio"
                  name="resize-position"
                  value={p}
                  checked={position === p}
                  onChange={() => onPosition(p)}
                  className="sr-only"
                />
                {RESIZE_POSITION_LABELS[p]}
              </label>
            ))}
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

/**
 * The grey copy the server's window search reads (core/tools/salient-window.ts), made here from the photo on a canvas
 * of the same size, so the frame shows the part the server will keep (to a pixel or so: the browser scales the copy).
 */
function useGreyThumb(src: string, wanted: boolean): GreyThumb | undefined {
  const [thumb, setThumb] = useState<{ src: string; thumb: GreyThumb }>();
  useEffect(() => {
    if (!wanted || thumb?.src === src) return;
    let live = true;
    const img = new Image();
    img.onload = () => {
      const scale = Math.min(1, THUMB_LONG_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
      canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx || !live) return;
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      try {
        const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        setThumb({ src, thumb: greyThumb(data, canvas.width, canvas.height) });
      } catch {
        // A picture the page may not read (another origin): the frame stays centred; the server still finds the subject.
      }
    };
    img.src = src;
    return () => {
      live = false;
    };
  }, [src, wanted, thumb?.src]);
  return wanted && thumb?.src === src ? thumb.thumb : undefined;
}

const OBJECT_FIT = { cover: 'cover', contain: 'contain', stretch: 'fill', inside: 'contain' } as const;

const FRAME_WORDS = {
  faces: 'The frame is where the server cropped: on the faces.',
  detail: 'The frame is where the server cropped: on the most detailed part.',
  centre: 'The frame is where the server cropped: the centre.',
} as const;

/**
 * Fill shows the whole photo with the part that is kept framed and the rest dimmed, so the person sees what is cut;
 * Fit and Stretch show the result's own shape. Keeping the subject, the frame is first the browser's estimate from
 * detail (faces are found by the server), then, once a resize of this box has run, the window the server kept.
 */
function Preview({
  target,
  natural,
  background,
  src,
  smart,
  framed,
}: {
  target: ResizeTarget;
  natural: Size;
  background: string;
  src: string;
  smart: boolean;
  framed?: ServerFraming;
}) {
  const thumb = useGreyThumb(src, smart && target.fit === 'cover');
  if (target.fit === 'cover') {
    const server =
      smart &&
      framed &&
      framed.box.width === target.width &&
      framed.box.height === target.height &&
      framed.window.by !== 'centre'
        ? framed.window
        : undefined;
    const kept = server ?? coverCrop(natural, target, smart ? thumb : undefined);
    const crops = kept.width < natural.width || kept.height < natural.height;
    const pct = (v: number, of: number) => `${(v / of) * 100}%`;
    const says = server
      ? FRAME_WORDS[server.by]
      : smart && crops
        ? 'The frame is an estimate from detail: faces, if any, are found when you resize, and the frame then shows where the server cropped.'
        : null;
    return (
      <div className="flex flex-col gap-1">
        <div
          data-testid="resize-preview"
          data-fit="cover"
          data-position={smart && (server || thumb) ? 'smart' : 'centre'}
          data-framing={server ? server.by : smart && thumb ? 'estimate' : 'centre'}
          className="relative w-fit shrink-0 overflow-hidden rounded border border-slate-300 dark:border-slate-600"
        >
          <img src={src} alt="" className="block max-h-40 max-w-[16rem]" />
          <div
            data-testid="resize-frame"
            aria-hidden="true"
            className="absolute outline outline-2 outline-white"
            style={{
              left: pct(kept.x, natural.width),
              top: pct(kept.y, natural.height),
              width: pct(kept.width, natural.width),
              height: pct(kept.height, natural.height),
              boxShadow: '0 0 0 100vmax rgb(15 23 42 / 0.6)',
            }}
          />
        </div>
        {says ? (
          <p className="max-w-[16rem] text-xs text-slate-600 dark:text-slate-400" data-testid="resize-frame-note">
            {says}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div
      data-testid="resize-preview"
      data-fit={target.fit}
      className="relative max-h-40 w-32 shrink-0 overflow-hidden rounded border border-slate-300 dark:border-slate-600"
      style={{
        aspectRatio: `${target.width} / ${target.height}`,
        background: target.fit === 'contain' ? background : undefined,
      }}
    >
      <img src={src} alt="" className="h-full w-full" style={{ objectFit: OBJECT_FIT[target.fit] }} />
    </div>
  );
}
