import { useEffect, useRef, useState } from 'react';
import { shareImagePath, sharePagePath } from '../../../core/api/share-links';
import { btnSecondary } from '~/features/tools/styles';
import { linkDate, memeDate } from './format';
import type { ShareLinkItem } from './use-share-links';

const small = 'px-3 py-1.5 text-sm';
const action = `${btnSecondary} ${small}`;
/** The secondary button in red words: btnSecondary's own text colour would fight a second one. */
const deleteAction = `${small} inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white font-medium text-red-800 hover:bg-red-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 dark:border-slate-600 dark:bg-slate-800 dark:text-red-300 dark:hover:bg-slate-700`;

function expiry(item: ShareLinkItem): string {
  if (item.expiresAt === null) return 'Kept until you delete it';
  if (item.expiresAt === undefined) return item.status === 'checking' ? 'Checking…' : '';
  // Said from the record when the API could not be asked; the API's 410 makes it Gone otherwise.
  if (Date.parse(item.expiresAt) <= Date.now()) return `Expired ${linkDate(item.expiresAt)}`;
  return `Works until ${linkDate(item.expiresAt)}`;
}

/** A square the thumbnail's size, for a link whose picture is gone or did not load. */
function NoPicture() {
  return (
    <div
      aria-hidden="true"
      className="flex h-20 w-20 shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300"
    >
      No picture
    </div>
  );
}

/**
 * One share link: its picture, title, captions, when it was made and until when it works; Open, Copy link and Delete
 * (asked first, in place) while it is live, Remove once it is gone.
 */
export function ShareLinkRow(props: {
  item: ShareLinkItem;
  deleting: boolean;
  onCopy: () => void;
  onDelete: () => void;
  onRemove: () => void;
}) {
  const { item } = props;
  const title = item.title ?? 'Shared meme';
  const gone = item.status === 'gone';
  const [confirming, setConfirming] = useState(false);
  const [pictureFailed, setPictureFailed] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Focus follows the question: to Keep it when it is asked, back to Delete when it is put away.
  useEffect(() => {
    if (confirming) keep.current?.focus();
    else if (wasConfirming.current) deleteButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const captions = item.captions.map((c) => `“${c}”`).join(' / ');
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" data-testid="share-link">
      <div className="flex min-w-0 flex-1 gap-3">
        {gone || pictureFailed ? (
          <NoPicture />
        ) : (
          <img
            src={shareImagePath(item.id)}
            alt=""
            width={80}
            height={80}
            loading="lazy"
            onError={() => setPictureFailed(true)}
            className="h-20 w-20 shrink-0 rounded-md bg-slate-100 object-contain dark:bg-slate-800"
          />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-medium text-slate-900 dark:text-white">
            {title}
            {gone ? (
              <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                Gone
              </span>
            ) : null}
          </p>
          {captions ? (
            <p className="truncate text-sm text-slate-700 dark:text-slate-300" title={captions}>
              {captions}
            </p>
          ) : null}
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="share-link-dates">
            {gone ? (
              'This link expired or was taken down.'
            ) : (
              <>
                {item.createdAt ? <span className="block">Made {memeDate(item.createdAt)}</span> : null}
                <span className="block">{expiry(item)}</span>
              </>
            )}
          </p>
          {item.status === 'unknown' ? (
            <p className="text-sm text-amber-800 dark:text-amber-300">Could not check this link just now.</p>
          ) : null}
        </div>
      </div>
      {gone ? (
        <div className="flex gap-2 sm:justify-end">
          <button
            type="button"
            className={action}
            aria-label={`Remove ${title} from this list`}
            onClick={props.onRemove}
          >
            Remove
          </button>
        </div>
      ) : confirming ? (
        <div
          role="group"
          aria-label={`Delete ${title} for everyone?`}
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 sm:max-w-xs dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <p>Delete this link for everyone? Its page and picture stop working. This cannot be undone.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              disabled={props.deleting}
              onClick={props.onDelete}
              className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
            >
              {props.deleting ? 'Deleting…' : 'Delete for everyone'}
            </button>
            <button
              ref={keep}
              type="button"
              disabled={props.deleting}
              onClick={() => setConfirming(false)}
              className={action}
            >
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <a href={sharePagePath(item.id)} className={action} aria-label={`Open ${title}`}>
            Open
          </a>
          <button type="button" className={action} aria-label={`Copy link to ${title}`} onClick={props.onCopy}>
            Copy link
          </button>
          <button
            ref={deleteButton}
            type="button"
            className={deleteAction}
            aria-label={`Delete ${title}`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
