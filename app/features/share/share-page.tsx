import { Link, useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { DELETE_TOKEN_HEADER, SHARE_FREE_DAYS, type Share } from '../../../core/api/shares';
import { ABUSE_EMAIL } from '../../../core/site';
import { ApiClientError } from '~/lib/api-client';
import { api, call } from '~/lib/api/client';
import { deleteTokenOf, forgetDeleteToken, shareTitle } from './delete-tokens';
import { expiryText } from './expiry';

const button =
  'inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60';
const primary = `${button} bg-brand-700 text-white hover:bg-brand-800`;
const secondary = `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`;

/** The editor, opened on the same template (or empty, for a meme made from a picture). */
const makeYourOwn = (share: Share) => (share.template ? `/meme-generator?template=${encodeURIComponent(share.template.id)}` : '/meme-generator');

const reportHref = (share: Share) =>
  `mailto:${ABUSE_EMAIL}?subject=${encodeURIComponent(`Report shared meme ${share.id}`)}&body=${encodeURIComponent(
    `The meme at ${share.url} should be taken down because:\n\n`,
  )}`;

/** The picture as a PNG, the one image type every browser's clipboard takes. */
async function asPng(url: string): Promise<Blob> {
  const blob = await (await fetch(url)).blob();
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'));
}

/**
 * A shared meme (ADR 0139): the picture with its alt text, then what to do with it: on a phone the system's share
 * sheet, on a computer copy the image or the link; Make your own on the same template; the expiry; a report link;
 * and Delete, only in the browser that holds the share's delete token.
 */
export function SharePage({ share }: { share: Share }) {
  const [phone, setPhone] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const revalidator = useRevalidator();

  // What the server cannot know: whether this is a touch device with a share sheet, and whether it made this share.
  useEffect(() => {
    setPhone(typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches);
    setToken(deleteTokenOf(share.id));
  }, [share.id]);

  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), 4000);
    return () => clearTimeout(timer);
  }, [said]);

  const title = shareTitle(share.template?.name);

  const shareSheet = async () => {
    try {
      await navigator.share({ title, url: share.url });
    } catch (e) {
      if (!(e instanceof DOMException && e.name === 'AbortError')) setSaid('Sharing did not work; copy the link instead.');
    }
  };
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(share.url);
      setSaid('Link copied');
    } catch {
      setSaid(`Could not copy. The link is ${share.url}`);
    }
  };
  const copyImage = async () => {
    try {
      // The item gets a promise, so the copy still counts as the click's (Safari asks for that).
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': asPng(share.imageUrl) })]);
      setSaid('Image copied');
    } catch {
      setSaid('This browser could not copy the image; copy the link, or save the image from its menu.');
    }
  };
  const remove = async () => {
    if (!token) return;
    setDeleting(true);
    setFailed(null);
    try {
      await call(api.DELETE('/api/shares/{id}', { params: { path: { id: share.id }, header: { [DELETE_TOKEN_HEADER]: token } } }));
      forgetDeleteToken(share.id);
      revalidator.revalidate();
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 410) {
        forgetDeleteToken(share.id);
        revalidator.revalidate();
        return;
      }
      setFailed(e instanceof ApiClientError && e.serverMessage ? e.serverMessage : 'The meme could not be deleted. Please try again.');
      setDeleting(false);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-6 sm:py-10">
      <h1 className="self-start text-2xl sm:self-center sm:text-center font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
      <img
        src={share.imageUrl}
        alt={share.altText}
        width={share.width}
        height={share.height}
        data-testid="shared-meme"
        className="mt-4 h-auto max-h-[75vh] w-auto max-w-full rounded-lg bg-slate-100 shadow-lg dark:bg-slate-800"
      />
      <div className="mt-5 flex w-full flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">
        {phone ? (
          <button type="button" onClick={() => void shareSheet()} className={primary}>
            Share…
          </button>
        ) : (
          <button type="button" onClick={() => void copyImage()} className={primary}>
            Copy image
          </button>
        )}
        <button type="button" onClick={() => void copyLink()} className={secondary}>
          Copy link
        </button>
        <Link to={makeYourOwn(share)} className={secondary}>
          Make your own{share.template ? ` ${share.template.name} meme` : ''}
        </Link>
      </div>
      <p role="status" className="mt-2 min-h-5 text-center text-sm text-slate-700 dark:text-slate-200">
        {said}
      </p>
      <p className="mt-2 text-center text-sm text-slate-600 dark:text-slate-300" data-testid="share-expiry">
        {expiryText(share.expiresAt)}
      </p>
      <p className="mt-3 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm">
        <a href={reportHref(share)} className="font-medium text-slate-700 underline hover:text-slate-900 dark:text-slate-300 dark:hover:text-white">
          Report this meme
        </a>
        {token && !confirming ? (
          <button type="button" onClick={() => setConfirming(true)} className="font-medium text-red-700 underline hover:text-red-900 dark:text-red-400 dark:hover:text-red-300">
            Delete
          </button>
        ) : null}
      </p>
      {token && confirming ? (
        <div role="group" aria-label="Delete this meme" className="mt-3 w-full max-w-md rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
          <p>Delete this meme for everyone? Its link will stop working. This cannot be undone.</p>
          <div className="mt-2 flex gap-2">
            <button type="button" disabled={deleting} onClick={() => void remove()} className={`${button} bg-red-700 text-white hover:bg-red-800`}>
              {deleting ? 'Deleting…' : 'Delete for everyone'}
            </button>
            <button type="button" disabled={deleting} onClick={() => setConfirming(false)} className={secondary}>
              Keep it
            </button>
          </div>
          {failed ? (
            <p role="alert" className="mt-2 font-medium">
              {failed}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** 410: the meme was deleted, taken down, or its days are up. */
export function SharedMemeGone() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">This meme is gone</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">It was deleted, or its link has expired. Links last {SHARE_FREE_DAYS} days unless their maker is a premium member.</p>
      <Link to="/meme-generator" className={`${primary} mt-6`}>
        Make a meme
      </Link>
    </div>
  );
}
