import { useEffect, useId, useRef, useState } from 'react';
import type { ToolResult } from '../../../core/api/tools';
import { QUALITY } from '../../../core/tools/fields';
import {
  HTML_DEFAULT_QUALITY,
  HTML_FORMATS,
  HTML_MAX_BYTES,
  HTML_RENDER_TIMEOUT_MS,
  HTML_VIEWPORT_HEIGHT,
  HTML_VIEWPORT_WIDTH,
  htmlRenderSchema,
  htmlSizeProblem,
  htmlTooLargeMessage,
  type HtmlFormat,
} from '../../../core/tools/html';
import { api, call } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { failureText } from './api';
import { extensionOf } from './format';
import { DownloadLink, Notes, PictureFacts, ResultCard } from './result-card';
import { btnPrimary, btnSecondary, card, fieldLabel, input, muted, range } from './styles';

const LABELS: Record<HtmlFormat, string> = { png: 'PNG - sharp text, transparency', jpeg: 'JPEG - smallest for photos', webp: 'WebP - small and sharp' };

/** `page.html` → `page-rendered.png`; pasted HTML → `html-rendered.png`. */
export function renderedName(fileName: string | null, format: string): string {
  const stem = fileName?.replace(/\.[^.]*$/, '').trim() || 'html';
  return `${stem}-rendered.${extensionOf(format)}`;
}

/** Convert's HTML to image tab: paste or choose a page, pick the viewport and format, render on the server. */
export function HtmlToImage() {
  const [html, setHtml] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [width, setWidth] = useState<number>(HTML_VIEWPORT_WIDTH.default);
  const [height, setHeight] = useState<number>(HTML_VIEWPORT_HEIGHT.default);
  const [fullPage, setFullPage] = useState(false);
  const [format, setFormat] = useState<HtmlFormat>('png');
  const [quality, setQuality] = useState(HTML_DEFAULT_QUALITY);
  const [allowScripts, setAllowScripts] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<(ToolResult & { name: string }) | null>(null);
  const ids = { html: useId(), scripts: useId(), error: useId() };
  const picker = useRef<HTMLInputElement>(null);

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    if (!/\.html?$/i.test(file.name) && file.type !== 'text/html') return fail('Please choose an .html file.');
    if (file.size > HTML_MAX_BYTES) return fail(htmlTooLargeMessage(file.size));
    setHtml(await file.text());
    setFileName(file.name);
    setError(null);
  };

  function fail(message: string) {
    setError(message);
    toast.error('Could not render the page', message);
  }

  const render = async () => {
    setResult(null);
    const parsed = htmlRenderSchema.safeParse({ html, width, height, fullPage, format, quality, allowScripts });
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'Please check the settings.');
    const tooBig = htmlSizeProblem(html);
    if (tooBig) return fail(tooBig);
    setError(null);
    setBusy(true);
    try {
      const answer = await call(api.POST('/api/convert/html', { body: parsed.data }));
      const name = renderedName(fileName, answer.format);
      setResult({ ...answer, name });
      toast.success('Page rendered!', `${answer.width} × ${answer.height} ${answer.format.toUpperCase()}`);
    } catch (err) {
      fail(failureText(err, 'Something went wrong while rendering. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-3 lg:items-start">
      {/* On a phone the settings come between the page and the button (flex order), as on the other tabs. */}
      <div className="contents lg:col-span-2 lg:block lg:space-y-4">
        <div className={`${card} order-1 space-y-3`}>
          <label htmlFor={ids.html} className={fieldLabel}>
            HTML to render
          </label>
          <textarea
            id={ids.html}
            value={html}
            onChange={(e) => setHtml(e.target.value)}
            rows={12}
            spellCheck={false}
            placeholder="<!doctype html><html><body><h1>Hello</h1></body></html>"
            className={`${input} font-mono text-sm`}
            aria-describedby={error ? ids.error : undefined}
            disabled={busy}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className={btnSecondary} disabled={busy} onClick={() => picker.current?.click()}>
              Choose an .html file
            </button>
            <input
              ref={picker}
              type="file"
              accept=".html,.htm,text/html"
              aria-label="HTML file"
              className="hidden"
              onChange={(e) => {
                void chooseFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <span className={muted} data-testid="html-source">
              {fileName ? `From ${fileName}` : 'Or paste the HTML above'} · up to {HTML_MAX_BYTES / 1024} KB
            </span>
          </div>
        </div>
        <div className="order-3 space-y-4">
          <button type="button" className={btnPrimary} disabled={busy || !html.trim()} onClick={render}>
            {busy ? 'Rendering…' : `Render to ${format.toUpperCase()}`}
          </button>
          {error && !busy ? (
            <p id={ids.error} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
              {error}
            </p>
          ) : null}
          {busy ? <RenderProgress /> : null}
          {result ? (
            <ResultCard title="Rendered page">
              <img src={result.imageUrl} alt="The rendered page" className="max-h-[32rem] w-full rounded-lg border border-slate-200 bg-slate-100 object-contain object-top dark:border-slate-700 dark:bg-slate-800" />
              <PictureFacts result={result} />
              <Notes notes={result.notes} />
              <DownloadLink imageUrl={result.imageUrl} name={result.name} label={`Download ${result.format.toUpperCase()}`} />
            </ResultCard>
          ) : null}
        </div>
      </div>
      <fieldset className={`${card} order-2 space-y-3`} disabled={busy}>
        <legend className="px-1 font-semibold text-slate-900 dark:text-white">Settings</legend>
        <label className={fieldLabel}>
          Viewport width (px)
          <input type="number" inputMode="numeric" min={HTML_VIEWPORT_WIDTH.min} max={HTML_VIEWPORT_WIDTH.max} value={width} onChange={(e) => setWidth(Number(e.target.value))} className={input} />
        </label>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          <input type="checkbox" checked={fullPage} onChange={(e) => setFullPage(e.target.checked)} className="h-4 w-4 accent-brand-700" />
          Full page (the whole height of the page)
        </label>
        {fullPage ? null : (
          <label className={fieldLabel}>
            Viewport height (px)
            <input type="number" inputMode="numeric" min={HTML_VIEWPORT_HEIGHT.min} max={HTML_VIEWPORT_HEIGHT.max} value={height} onChange={(e) => setHeight(Number(e.target.value))} className={input} />
          </label>
        )}
        <label className={fieldLabel}>
          Output format
          <select value={format} onChange={(e) => setFormat(e.target.value as HtmlFormat)} className={input}>
            {HTML_FORMATS.map((f) => (
              <option key={f} value={f}>
                {LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        {format === 'png' ? null : (
          <label className={fieldLabel}>
            Quality: {quality}%
            <input type="range" min={QUALITY.min} max={QUALITY.max} step={5} value={quality} onChange={(e) => setQuality(Number(e.target.value))} className={range} />
          </label>
        )}
        <div>
          <label htmlFor={ids.scripts} className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
            <input id={ids.scripts} type="checkbox" checked={allowScripts} onChange={(e) => setAllowScripts(e.target.checked)} className="h-4 w-4 accent-brand-700" />
            Allow scripts
          </label>
          <p className={`mt-1 ${muted}`}>Off by default. The page never reaches the internet: pictures and fonts must be embedded as data: URLs.</p>
        </div>
      </fieldset>
    </div>
  );
}

/** Rendering is bounded by the server's time limit, so the bar shows the share of it used so far. */
function RenderProgress() {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - started), 200);
    return () => clearInterval(timer);
  }, []);
  const value = Math.min(95, Math.round((elapsed / HTML_RENDER_TIMEOUT_MS) * 100));
  const text = `Rendering your page… (at most ${HTML_RENDER_TIMEOUT_MS / 1000} seconds)`;
  return (
    <div role="status" className={card}>
      <p className="text-slate-800 dark:text-slate-100">{text}</p>
      <div role="progressbar" aria-label="Rendering the page" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <div className="h-full bg-brand-700 transition-[width] dark:bg-brand-400" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
