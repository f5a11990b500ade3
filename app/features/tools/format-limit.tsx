import {
  FORMAT_FIT_SIDE,
  FORMAT_MAX_PIXELS,
  FORMAT_MAX_SIDE,
  type OutputFormat,
} from '../../../core/tools/convert-options';
import { muted } from './styles';

interface Size {
  width: number;
  height: number;
}

const px = (n: number) => n.toLocaleString('en-US');
const mp = (n: number) => `${Math.round(n / 100_000) / 10} MP`;

/**
 * How many of the pictures are over what `format` is written at: its side (`limit`, AVIF) or megapixels (`pixels`,
 * TIFF and BMP), and the side to fit them within (`side`, sent as `maxSide`).
 */
export function formatLimit(format: OutputFormat, sizes: Size[]) {
  const limit = FORMAT_MAX_SIDE[format];
  const pixels = FORMAT_MAX_PIXELS[format];
  const side = FORMAT_FIT_SIDE[format];
  const over = sizes.filter(
    (s) => (limit && Math.max(s.width, s.height) > limit) || (pixels && s.width * s.height > pixels),
  ).length;
  return { limit, pixels, side, over };
}

/**
 * A format's limit said before the click (issue 40, ADR 0164, 0168) with "Fit within N px", which scales larger pictures
 * down in the same call (the API's `maxSide`): AVIF's 1,200 px a side; TIFF's and BMP's megapixels, fitted within
 * 2,200 px (the image service scales a large photo down first).
 */
export function FormatLimit({
  format,
  sizes,
  fit,
  onFit,
}: {
  format: OutputFormat;
  sizes: Size[];
  fit: boolean;
  onFit: (fit: boolean) => void;
}) {
  const { limit, pixels, side, over } = formatLimit(format, sizes);
  if (!limit && !pixels) return null;
  const name = format.toUpperCase();
  const larger = over
    ? ` ${over === sizes.length ? (over === 1 ? 'Your picture is' : 'All your pictures are') : `${over} of your ${sizes.length} pictures are`} larger.`
    : '';
  return (
    <div className="space-y-2 text-sm" data-testid="format-limit">
      <p className={muted}>
        {limit ? `${name} is made at most ${px(limit)} px a side.` : `${name} is written up to ${mp(pixels!)} here.`}
        {larger}
        {over && !fit
          ? ` Unless fitted, those would not convert${limit ? '' : ': choose PNG for a lossless file of every pixel'}.`
          : ''}
      </p>
      {side && over ? (
        <label className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            checked={fit}
            onChange={(e) => onFit(e.target.checked)}
            className="h-4 w-4 accent-brand-700"
          />
          Fit within {px(side)} px (larger pictures scaled down, never up)
        </label>
      ) : null}
    </div>
  );
}
