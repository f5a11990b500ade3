import { Link, useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { Share } from '../../../core/api/shares';
import { DELETE_TOKEN_HEADER, SHARE_FREE_DAYS } from '../../../core/api/share-links';
import { ABUSE_EMAIL } from '../../../core/site';
import { ApiClientError } from '~/lib/api-client';
import { api, call } from '~/lib/api/client';
import { deleteTokenOf, forgetDeleteToken, shareTitle } from './delete-tokens';
import { expiryText } from './expiry';
import { button, primary, secondary, ShareActions } from './share-actions';

const reportHref = (share: Share) =>
  `mailto:${ABUSE_EMAIL}?subject=${encodeURIComponent(`Report shared meme ${share.id}`)}&body=${encodeURIComponent(
    `The meme at ${share.url} should be taken down because:\n\n`,
  )}`;

/**
 * A shared meme (ADR 0139): the picture with its alt text, then what to do with it (share-actions.tsx); the expiry; a
 * report link; and Delete, only in the browser that holds the share's delete token.
 */
export function SharePage({ share }: { share: Share }) {
  const [token, setToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const revalidator = useRevalidator();

  // What the server cannot know: whether this browser made this share.
  useEffect(() => setToken(deleteTokenOf(share.id)), [share.id]);

  const title = shareTitle(share.template?.name);

  const remove = async () => {
    if (!token) return;
    setDeleting(true);
    setFailed(null);
    try {
      await call(
        api.DELETE('/api/shares/{id}', {
          params: { path: { id: share.id }, header: { [DELETE_TOKEN_HEADER]: token } },
        }),
      );
      forgetDeleteToken(share.id);
      revalidator.revalidate();
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 410) {
        forgetDeleteToken(share.id);
        revalidator.revalidate();
        return;
      }
      setFailed(
        e instanceof ApiClientError && e.serverMessage
          ? e.serverMessage
          : 'The meme could not be deleted. Please try again.',
      );
      setDeleting(false);
    }
  };

  return (
    // Two columns from 1024 px: the picture, held within the window's height, and beside it what to do with it, so
    // Copy link and Download are in the first screen on a laptop as on a phone (docs/product.md §2).
    <div className="mx-auto w-full max-w-6xl px-4 py-4 sm:py-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl lg:text-center dark:text-white">
        {title}
      </h1>
      <div className="mt-3 grid gap-5 lg:mt-4 lg:grid-cols-[minmax(0,auto)_20rem] lg:items-start lg:justify-center lg:gap-8">
        <div className="flex justify-center">
          <img
            src={share.imageUrl}
            alt={share.altText}
            width={share.width}
            height={share.height}
            data-testid="shared-meme"
            className="h-auto max-h-[45vh] w-auto max-w-full rounded-lg bg-slate-100 shadow-lg lg:max-h-[calc(100vh-13rem)] dark:bg-slate-800"
          />
        </div>
        <div>
          <ShareActions share={share} title={title} />
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-300" data-testid="share-expiry">
            {expiryText(share.expiresAt)}
          </p>
          <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <a
              href={reportHref(share)}
              className="font-medium text-slate-700 underline hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
            >
              Report this meme
            </a>
            {token && !confirming ? (
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className="font-medium text-red-700 underline hover:text-red-900 dark:text-red-400 dark:hover:text-red-300"
              >
                Delete
              </button>
            ) : null}
          </p>
          {token && confirming ? (
            <div
              role="group"
              aria-label="Delete this meme"
              className="mt-3 w-full rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
            >
              <p>Delete this meme for everyone? Its link will stop working. This cannot be undone.</p>
              <div className="mt-2 flex gap-2">
                <button
                  type="button"
                  disabled={deleting}
                  onClick={() => void remove()}
                  className={`${button} bg-red-700 text-white hover:bg-red-800`}
                >
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
      </div>
    </div>
  );
}

/** 410: the meme was deleted, taken down, or its days are up. */
export function SharedMemeGone() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">This meme is gone</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        It was deleted, or its link has expired. Links last {SHARE_FREE_DAYS} days unless their maker is a premium
        member.
      </p>
      <Link to="/meme-generator" className={`${primary} mt-6`}>
        Make a meme
      </Link>
    </div>
  );
}
