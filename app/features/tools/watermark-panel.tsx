import { useEffect, useState, type ReactNode } from 'react';
import {
  WATERMARK_COLOUR_DEFAULT,
  WATERMARK_LOGO_MAX_BYTES,
  WATERMARK_LOGO_MAX_SIDE,
  WATERMARK_OPACITY_DEFAULT,
  logoSize,
  markPlace,
  watermarkLayout,
  watermarkStrip,
  watermarkTiles,
} from '../../../core/tools/watermark-options';
import { WATERMARK_POSITIONS, WATERMARK_SIZE, type WatermarkPosition } from '../../../core/tools/watermark-options';
import { checkImageBytes } from '../../../core/images/intake';
import { displaySize } from '../../../core/images/sniff';
import { toast } from '~/lib/toast';
import type { Size } from './crop-math';
import { btnPrimary, card, fieldLabel, input, muted, range } from './styles';
import type { ToolFields } from '~/lib/api/tool-fields';

/** The person's logo: the file sent as `logo`, a URL to draw it in the preview, and its upright size. */
export interface ChosenLogo {
  file: File;
  url: string;
  size: Size;
}

export interface WatermarkSettings {
  mark: 'text' | 'logo';
  /** Empty until the person types: their photo never carries our name (ADR 0163). */
  text: string;
  logo: ChosenLogo | null;
  tiled: boolean;
  position: WatermarkPosition;
  opacity: number;
  size: number;
  color: string;
}
export const defaultWatermark = (): WatermarkSettings => ({
  mark: 'text',
  text: '',
  logo: null,
  tiled: false,
  position: 'bottom-right',
  opacity: Math.round(WATERMARK_OPACITY_DEFAULT * 100),
  size: WATERMARK_SIZE.default,
  color: WATERMARK_COLOUR_DEFAULT,
});
const POSITION_LABELS: Record<WatermarkPosition, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
  center: 'Center',
};
const TEXT_PLACEHOLDER = `e.g. © ${new Date().getFullYear()} Your Name`;

/** The job's fields for these settings: the text or the logo file (exactly one), and the rest. */
export function watermarkFields(s: WatermarkSettings): ToolFields<'/api/security'> {
  const mark = s.mark === 'logo' && s.logo ? { logo: s.logo.file } : { text: s.text };
  return {
    operation: 'watermark',
    ...mark,
    position: s.position,
    opacity: s.opacity / 100,
    size: s.size,
    color: s.color,
    tiled: s.tiled,
  };
}

/** Why the settings cannot be applied yet, in the words of the server's rule; null when they can. */
function notReady(s: WatermarkSettings): string | null {
  if (s.mark === 'logo') return s.logo ? null : 'Choose a logo (a PNG) first.';
  if (!s.text.trim()) return 'Type the text of your watermark first.';
  return /^#[0-9a-fA-F]{6}$/.test(s.color) ? null : 'The colour must look like #ffffff.';
}

/** The width and height of a line of text as the server's bundled bold font draws it, measured in this browser. */
function measureText(text: string, fontPx: number): Size {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return { width: Math.round(text.length * fontPx * 0.6), height: fontPx };
  context.font = `700 ${fontPx}px 'Noto Sans', sans-serif`;
  const m = context.measureText(text);
  return {
    width: Math.max(1, Math.ceil(m.width)),
    height: Math.max(1, Math.ceil(m.actualBoundingBoxAscent + m.actualBoundingBoxDescent)),
  };
}

/**
 * The picture with the watermark drawn where the server will draw it (core/tools/watermark.ts's geometry, the same
 * font family): text at a corner, the logo at its size, or either tiled in the server's rows.
 */
export function WatermarkPreview({ src, natural, s }: { src: string; natural: Size; s: WatermarkSettings }) {
  const picture = { width: natural.width || 1, height: natural.height || 1 };
  const text = s.text.trim();
  const fill = { fill: s.color, fillOpacity: s.opacity / 100 };
  let marks: ReactNode = null;
  if (natural.width && s.mark === 'logo' && s.logo) {
    const box = logoSize(picture.width, s.size, s.logo.size);
    const image = (x: number, y: number, key?: string) => (
      <image
        key={key}
        href={s.logo!.url}
        x={x}
        y={y}
        width={box.width}
        height={box.height}
        opacity={s.opacity / 100}
        preserveAspectRatio="none"
      />
    );
    if (s.tiled)
      marks = watermarkTiles(picture, box).rows.flatMap((r) => r.xs.map((x) => image(x, r.y, `${x}:${r.y}`)));
    else {
      const at = markPlace(picture, box, s.position);
      marks = image(at.x, at.y);
    }
  } else if (natural.width && text && s.tiled) {
    const { fontPx } = watermarkStrip(picture.width, s.size, 'top-left');
    const box = measureText(text, fontPx);
    marks = watermarkTiles(picture, box).rows.flatMap((r) =>
      r.xs.map((x) => (
        <text
          key={`${x}:${r.y}`}
          x={x}
          y={r.y + Math.round(box.height * 0.8)}
          fontFamily="'Noto Sans', sans-serif"
          fontWeight={700}
          fontSize={fontPx}
          {...fill}
        >
          {text}
        </text>
      )),
    );
  } else if (natural.width && text) {
    const l = watermarkLayout(picture.width, picture.height, s.size, s.position);
    marks = (
      <text
        x={l.x}
        y={l.baseline}
        fontFamily="'Noto Sans', sans-serif"
        fontWeight={700}
        fontSize={l.fontPx}
        textAnchor={l.anchor}
        {...fill}
      >
        {text}
      </text>
    );
  }
  return (
    <div className="relative mx-auto w-full max-w-2xl" data-testid="watermark-preview">
      <img src={src} alt="Watermark preview" className="block w-full" />
      {marks ? (
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${picture.width} ${picture.height}`}
          className="pointer-events-none absolute inset-0 h-full w-full"
          data-testid="watermark-marks"
        >
          {marks}
        </svg>
      ) : null}
    </div>
  );
}

/** Reads a chosen logo: a PNG or WebP within the server's limits, refused here with the same words before any upload. */
async function chooseLogo(file: File): Promise<ChosenLogo | null> {
  const refuse = (title: string, message: string) => {
    toast.error(title, message);
    return null;
  };
  if (file.size > WATERMARK_LOGO_MAX_BYTES)
    return refuse(
      'Logo too large',
      `The logo is larger than ${WATERMARK_LOGO_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller PNG.`,
    );
  const checked = checkImageBytes(new Uint8Array(await file.arrayBuffer()));
  if (!checked.ok || (checked.info.format !== 'png' && checked.info.format !== 'webp'))
    return refuse('Not a PNG', 'The logo must be a PNG or WebP picture (a logo keeps its transparent background).');
  const size = displaySize(checked.info);
  if (Math.max(size.width, size.height) > WATERMARK_LOGO_MAX_SIDE)
    return refuse(
      'Logo too large',
      `The logo may be at most ${WATERMARK_LOGO_MAX_SIDE.toLocaleString('en-US')} px a side.`,
    );
  return { file, url: URL.createObjectURL(file), size };
}

export function WatermarkControls({
  s,
  set,
  disabled,
  onApply,
}: {
  s: WatermarkSettings;
  set: (s: WatermarkSettings) => void;
  disabled: boolean;
  onApply: () => void;
}) {
  const waiting = notReady(s);
  // The logo's preview URL lives as long as the logo is chosen.
  const logoUrl = s.logo?.url;
  useEffect(() => () => (logoUrl ? URL.revokeObjectURL(logoUrl) : undefined), [logoUrl]);
  const [picking, setPicking] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setPicking(true);
    const logo = await chooseLogo(file);
    setPicking(false);
    if (logo) set({ ...s, mark: 'logo', logo });
  };
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
        Size: {s.size}px
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
