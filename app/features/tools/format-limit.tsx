import { FORMAT_MAX_PIXELS, FORMAT_MAX_SIDE, type OutputFormat } from '../../../core/tools/convert';
import { muted } from './styles';

interface Size {
  width: number;
  height: number;
}

const px = (n: number) => n.toLocaleString('en-US');
const mp = (n: number) => `${Math.round(n / 100_000) / 10} MP`;

/** How many of the pictures are over what `format` is written at, and the side to fit them within where it can. */
export function formatLimit(format: OutputFormat, sizes: Size[]) {
  const side = FORMAT_MAX_SIDE[format];
  const pixels = FORMAT_MAX_PIXELS[format];
  const over = sizes.filter((s) => (side && Math.max(s.width, s.height) > side) || (pixels && s.width * s.height > pixels)).length;
  return { side, pixels, over };
}

/**
 * A format's limit said before the click (issue 40, ADR 0164): AVIF's 1,200 px a side with "Fit within 1,200 px",
 * which scales larger pictures down in the same call (the API's `maxSide`); TIFF's and BMP's megapixels, which the
 * screen cannot fit yet, with what works instead.
 */
export function FormatLimit({ format, sizes, fit, onFit }: { format: OutputFormat; sizes: Size[]; fit: boolean; onFit: (fit: boolean) => void }) {
  const { side, pixels, over } = formatLimit(format, sizes);
  if (!side && !pixels) return null;
  const name = format.toUpperCase();
  const larger = over ? ` ${over === sizes.length ? (over === 1 ? 'Your picture is' : 'All your pictures are') : `${over} of your ${sizes.length} pictures are`} larger.` : '';
  return (
    <div className="space-y-2 text-sm" data-testid="format-limit">
      <p className={muted}>
        {side ? `${name} is made at most ${px(side)} px a side.` : `${name} is written up to ${mp(pixels!)} here.`}
        {larger}
        {over && !side ? ' Those would not convert: choose PNG for a lossless file, or resize them first (Modify › Resize).' : ''}
        {over && side && !fit ? ' Unless fitted, those would not convert.' : ''}
      </p>
      {side && over ? (
        <label className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
          <input type="checkbox" checked={fit} onChange={(e) => onFit(e.target.checked)} className="h-4 w-4 accent-brand-700" />
          Fit within {px(side)} px (larger pictures scaled down, never up)
        </label>
      ) : null}
    </div>
  );
}
