import { forwardRef, useEffect, useRef, useState } from 'react';
import type { ShareCreated } from '../../../../core/api/shares';
import { SHARE_FREE_DAYS } from '../../../../core/api/share-links';
import { ApiClientError } from '~/lib/api-client';
import { api, call, multipart } from '~/lib/api/client';
import { keepShare } from '~/features/share/delete-tokens';
import { expiryText } from '~/features/share/expiry';
import { isAbort } from './export-frame';

/** What a share says besides the picture: its template (for "Make your own") and captions (for the alt text). */
export interface ShareMeme {
  templateId: string | null;
  captions: string[];
}

/**
 * The export dialog's Share: the file `make` answers (export-source.ts: a still meme's share size in the chosen format,
 * a PNG too large for a share as JPG; an animated meme's share-size GIF or WebP, ADR 0142), sent to POST /api/shares; the
 * answer's link is shown with Copy link, and its delete token kept in this browser with what the dashboard lists of
 * it (features/share/delete-tokens.ts). Nothing is sent until the button is pressed (ADR 0139). The ref is the Share
 * a link button, where the top bar's Share puts the focus; once the link is made, Copy link takes it.
 */
export const ShareLink = forwardRef<
  HTMLButtonElement,
  {
    make: (signal: AbortSignal) => Promise<Blob>;
    meme: ShareMeme;
    premium: boolean;
    disabled: boolean;
    onBusy: (busy: boolean) => void;
  }
>(function ShareLink(props, ref) {
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; share: ShareCreated } | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  const [copied, setCopied] = useState('');
  const work = useRef<AbortController | null>(null);
  const link = useRef<HTMLInputElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);

  useEffect(() => () => work.current?.abort(), []);
  // The button that was pressed is gone once the link is shown: the focus moves on to Copy link, not to the body.
  useEffect(() => {
    if (state.kind === 'done') copyButton.current?.focus();
  }, [state.kind]);

  const share = async () => {
    const controller = new AbortController();
    work.current = controller;
    setState({ kind: 'busy' });
    props.onBusy(true);
    try {
      const blob = await props.make(controller.signal);
      const form = new FormData();
      form.append('image', blob, `meme.${blob.type.split('/')[1] ?? 'jpg'}`);
      if (props.meme.templateId) form.append('template', props.meme.templateId);
      for (const caption of props.meme.captions.map((c) => c.trim()).filter(Boolean)) form.append('captions', caption);
      const created = await call(api.POST('/api/shares', { body: multipart(form) }));
      keepShare(created);
      setState({ kind: 'done', share: created });
    } catch (e) {
      if (isAbort(e)) return;
      const message =
        e instanceof ApiClientError
          ? (e.serverMessage ?? 'The link could not be made. Please try again.')
          : 'The link could not be made. Please try again.';
      setState({ kind: 'failed', message });
    } finally {
      if (work.current === controller) work.current = null;
      props.onBusy(false);
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link copied');
    } catch {
      link.current?.select();
      setCopied('Could not copy; the link is selected, copy it by hand');
    }
  };

  if (state.kind === 'done') {
    const { share: made } = state;
    return (
      <section
        aria-label="Share link"
        className="mt-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
        data-testid="share-result"
      >
        <label htmlFor="share-link-url" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          Your link
        </label>
        <div className="mt-1 flex gap-2">
          <input
            ref={link}
            id="share-link-url"
            readOnly
            value={made.url}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          />
          <button
            ref={copyButton}
            type="button"
            onClick={() => void copy(made.url)}
            className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Copy link
          </button>
        </div>
        <p role="status" className="mt-1 min-h-5 text-xs text-slate-700 dark:text-slate-200">
          {copied}
        </p>
        <p className="text-xs text-slate-700 dark:text-slate-200">
          {expiryText(made.expiresAt)} You can delete it from{' '}
          <a
            href={made.url}
            target="_blank"
            rel="noopener"
            className="font-semibold text-brand-700 underline dark:text-brand-300"
          >
            its page
          </a>{' '}
          in this browser, and find it again under Your share links on the dashboard.
        </p>
      </section>
    );
  }
  return (
    <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700">
      <button
        ref={ref}
        type="button"
        disabled={props.disabled || state.kind === 'busy'}
        onClick={() => void share()}
        className="w-full rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60 dark:border-brand-300 dark:text-brand-200 dark:hover:bg-slate-800"
      >
        {state.kind === 'busy' ? 'Making your link…' : 'Share a link'}
      </button>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        Uploads the meme, without its metadata, to a page anyone with the link can see:{' '}
        {props.premium ? 'kept until you delete it.' : `for ${SHARE_FREE_DAYS} days.`}
      </p>
      {state.kind === 'failed' ? (
        <p
          role="alert"
          className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {state.message}
        </p>
      ) : null}
    </div>
  );
});
