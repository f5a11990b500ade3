import { formatBytes } from '../../../core/file-size';
import { useEffect, useId, useRef, useState } from 'react';
import type { ToolResult } from '../../../core/api/tools';
import {
  HTML_MAX_BYTES,
  HTML_RENDER_TIMEOUT_MS,
  htmlSizeProblem,
  htmlTooLargeMessage,
} from '../../../core/tools/html-options';
import { api, call } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { failureText } from './api';
import { extensionOf } from './format';
import { HTML_SETTINGS_DEFAULT, HtmlSettingsCard, renderFields } from './html-settings';
import { DownloadLink, Notes, PictureFacts, ResultCard } from './result-card';
import { btnPrimary, btnSecondary, card, fieldLabel, input, muted } from './styles';

/** Behind a transparent result: a checkerboard, so see-through parts show as such. */
const CHECKERBOARD = {
  backgroundImage: 'repeating-conic-gradient(#cbd5e1 0% 25%, #f8fafc 0% 50%)',
  backgroundSize: '16px 16px',
};

/** `page.html` → `page-rendered.png`; pasted HTML → `html-rendered.png`. */
export function renderedName(fileName: string | null, format: string): string {
  const stem = fileName?.replace(/\.[^.]*$/, '').trim() || 'html';
  return `${stem}-rendered.${extensionOf(format)}`;
}

/** Convert's HTML to image tab: paste or choose a page, pick what to capture and the format, render on the server. */
export function HtmlToImage() {
  const [html, setHtml] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [settings, setSettings] = useState(HTML_SETTINGS_DEFAULT);
  const [busy, setBusy] = useState(false);
  const checking = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<(ToolResult & { name: string; scale: number; transparent: boolean }) | null>(
    null,
  );
  const ids = { html: useId(), error: useId() };
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
    // A second press while the first is checked (the schema's first load) renders nothing more.
    if (checking.current) return;
    checking.current = true;
    setResult(null);
    // The API's own schema, so the words are the server's; it (and zod, ~450 KB) loads at the first render, not with
    // the page (ADR 0195).
    const { htmlRenderSchema } = await import('./html-schema.client').finally(() => {
      checking.current = false;
    });
    const parsed = htmlRenderSchema.safeParse({ html, ...renderFields(settings) });
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'Please check the settings.');
    const tooBig = htmlSizeProblem(html);
    if (tooBig) return fail(tooBig);
    setError(null);
    setBusy(true);
    try {
      const answer = await call(api.POST('/api/convert/html', { body: parsed.data }));
      const name = renderedName(fileName, answer.format);
      setResult({ ...answer, name, scale: parsed.data.scale, transparent: parsed.data.transparent });
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
              {fileName ? `From ${fileName}` : 'Or paste the HTML above'} · up to {formatBytes(HTML_MAX_BYTES)}
            </span>
          </div>
        </div>
        <div className="order-3 space-y-4">
          <button type="button" className={btnPrimary} disabled={busy || !html.trim()} onClick={render}>
            {busy ? 'Rendering…' : `Render to ${settings.format.toUpperCase()}`}
          </button>
          {error && !busy ? (
            <p
              id={ids.error}
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {error}
            </p>
          ) : null}
          {busy ? <RenderProgress /> : null}
          {result ? (
            <ResultCard title="Rendered page">
              {/* At its own size up to the card's width (a 2× picture at half, as a browser shows it), never stretched. */}
              <div className="overflow-hidden rounded-lg border border-slate-200 bg-slate-100 p-2 dark:border-slate-700 dark:bg-slate-800">
                <img
                  src={result.imageUrl}
                  alt="The rendered page"
                  width={result.width / result.scale}
                  height={result.height / result.scale}
                  className="mx-auto block h-auto max-h-[32rem] max-w-full object-contain object-top"
                  style={result.transparent ? CHECKERBOARD : undefined}
                  data-testid="rendered-picture"
                />
              </div>
              <PictureFacts result={result} />
              <Notes notes={result.notes} />
              <DownloadLink
                imageUrl={result.imageUrl}
                name={result.name}
                label={`Download ${result.format.toUpperCase()}`}
              />
            </ResultCard>
          ) : null}
        </div>
      </div>
      <HtmlSettingsCard s={settings} set={setSettings} disabled={busy} className="order-2" />
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
      <div
        role="progressbar"
        aria-label="Rendering the page"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full bg-brand-700 transition-[width] dark:bg-brand-400" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
