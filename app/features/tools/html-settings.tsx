import { useId } from 'react';
import { QUALITY } from '../../../core/tools/output';
import {
  HTML_DEFAULT_QUALITY,
  HTML_FITS,
  HTML_FORMATS,
  HTML_SELECTOR_MAX_CHARS,
  HTML_VIEWPORT_HEIGHT,
  HTML_VIEWPORT_WIDTH,
  type HtmlFit,
  type HtmlFormat,
} from '../../../core/tools/html-options';
import { card, fieldLabel, input, muted, range } from './styles';

/** What the HTML to image tab sends besides the HTML (the fields of htmlRenderSchema, core/tools/html.ts). */
export interface HtmlSettingsState {
  width: number;
  height: number;
  fit: HtmlFit;
  /** Only with fit=content; blank is the page's content. */
  selector: string;
  scale: 1 | 2;
  transparent: boolean;
  format: HtmlFormat;
  quality: number;
  allowScripts: boolean;
}

export const HTML_SETTINGS_DEFAULT: HtmlSettingsState = {
  width: HTML_VIEWPORT_WIDTH.default,
  height: HTML_VIEWPORT_HEIGHT.default,
  fit: 'content',
  selector: '',
  scale: 1,
  transparent: false,
  format: 'png',
  quality: HTML_DEFAULT_QUALITY,
  allowScripts: false,
};

/** The request body's settings: a blank selector and a JPEG's transparency are left out rather than refused. */
export function renderFields(s: HtmlSettingsState) {
  const { selector, transparent, ...rest } = s;
  return {
    ...rest,
    ...(s.fit === 'content' && selector.trim() ? { selector: selector.trim() } : {}),
    transparent: transparent && s.format !== 'jpeg',
  };
}

const FORMAT_LABELS: Record<HtmlFormat, string> = {
  png: 'PNG - sharp text, transparency',
  jpeg: 'JPEG - smallest for photos',
  webp: 'WebP - small and sharp',
};
const FIT_LABELS: Record<HtmlFit, string> = {
  content: 'Fit to the content',
  viewport: 'The viewport',
  page: 'The whole page',
};
const FIT_HINTS: Record<HtmlFit, string> = {
  content: 'Just what the page draws, without the empty space around it.',
  viewport: 'Exactly the width and height below, like a browser window.',
  page: 'Everything from the top, up to 16,000 px tall.',
};

export function HtmlSettings({ s, set }: { s: HtmlSettingsState; set: (s: HtmlSettingsState) => void }) {
  const ids = { scripts: useId(), selectorHint: useId(), fitHint: useId() };
  const put = <K extends keyof HtmlSettingsState>(key: K, value: HtmlSettingsState[K]) => set({ ...s, [key]: value });
  return (
    <>
      <label className={fieldLabel}>
        What to capture
        <select
          value={s.fit}
          onChange={(e) => put('fit', e.target.value as HtmlFit)}
          className={input}
          aria-describedby={ids.fitHint}
        >
          {HTML_FITS.map((f) => (
            <option key={f} value={f}>
              {FIT_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      <p id={ids.fitHint} className={`-mt-2 ${muted}`}>
        {FIT_HINTS[s.fit]}
      </p>
      {s.fit === 'content' ? (
        <div>
          <label className={fieldLabel}>
            Only this element (optional)
            <input
              type="text"
              value={s.selector}
              onChange={(e) => put('selector', e.target.value)}
              maxLength={HTML_SELECTOR_MAX_CHARS}
              placeholder=".card or #poster"
              spellCheck={false}
              autoCapitalize="off"
              className={`${input} font-mono text-sm`}
              aria-describedby={ids.selectorHint}
            />
          </label>
          <p id={ids.selectorHint} className={`mt-1 ${muted}`}>
            A CSS selector: the picture is the first element it matches.
          </p>
        </div>
      ) : null}
      <label className={fieldLabel}>
        Viewport width (px)
        <input
          type="number"
          inputMode="numeric"
          min={HTML_VIEWPORT_WIDTH.min}
          max={HTML_VIEWPORT_WIDTH.max}
          value={s.width}
          onChange={(e) => put('width', Number(e.target.value))}
          className={input}
        />
      </label>
      {s.fit === 'viewport' ? (
        <label className={fieldLabel}>
          Viewport height (px)
          <input
            type="number"
            inputMode="numeric"
            min={HTML_VIEWPORT_HEIGHT.min}
            max={HTML_VIEWPORT_HEIGHT.max}
            value={s.height}
            onChange={(e) => put('height', Number(e.target.value))}
            className={input}
          />
        </label>
      ) : null}
      <label className={fieldLabel}>
        Sharpness
        <select value={s.scale} onChange={(e) => put('scale', Number(e.target.value) === 2 ? 2 : 1)} className={input}>
          <option value={1}>1× - standard</option>
          <option value={2}>2× - for high-density screens</option>
        </select>
      </label>
      <label className={fieldLabel}>
        Output format
        <select value={s.format} onChange={(e) => put('format', e.target.value as HtmlFormat)} className={input}>
          {HTML_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      {s.format === 'png' ? null : (
        <label className={fieldLabel}>
          Quality: {s.quality}%
          <input
            type="range"
            min={QUALITY.min}
            max={QUALITY.max}
            step={5}
            value={s.quality}
            onChange={(e) => put('quality', Number(e.target.value))}
            className={range}
          />
        </label>
      )}
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            checked={s.transparent && s.format !== 'jpeg'}
            disabled={s.format === 'jpeg'}
            onChange={(e) => put('transparent', e.target.checked)}
            className="h-4 w-4 accent-brand-700"
          />
          Transparent background
        </label>
        <p className={`mt-1 ${muted}`}>
          {s.format === 'jpeg'
            ? 'JPEG has no transparency: choose PNG or WebP.'
            : 'Where the page paints no background of its own.'}
        </p>
      </div>
      <div>
        <label
          htmlFor={ids.scripts}
          className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          <input
            id={ids.scripts}
            type="checkbox"
            checked={s.allowScripts}
            onChange={(e) => put('allowScripts', e.target.checked)}
            className="h-4 w-4 accent-brand-700"
          />
          Allow scripts
        </label>
        <p className={`mt-1 ${muted}`}>
          Off by default. The page never reaches the internet: pictures and fonts must be embedded as data: URLs.
        </p>
      </div>
    </>
  );
}

/** The settings card (a fieldset, so a render in progress disables them all). */
export function HtmlSettingsCard({
  s,
  set,
  disabled,
  className,
}: {
  s: HtmlSettingsState;
  set: (s: HtmlSettingsState) => void;
  disabled: boolean;
  className: string;
}) {
  return (
    <fieldset className={`${card} ${className} space-y-3`} disabled={disabled}>
      <legend className="px-1 font-semibold text-slate-900 dark:text-white">Settings</legend>
      <HtmlSettings s={s} set={set} />
    </fieldset>
  );
}
