import { useState } from 'react';
import type { SavedMeme } from '../../../core/api/memes';
import { api, call } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { formatBytes } from '~/features/tools/format';
import { btnSecondary } from '~/features/tools/styles';
import { memeDate } from './format';

/** 'Your Saved Memes (N)': loading, empty, or a grid; delete asks for confirmation in place. */
export function SavedMemes({ memes, onDeleted }: { memes: SavedMeme[] | null; onDeleted: (id: string) => void }) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const remove = async (id: string) => {
    setDeleting(id);
    try {
      await call(api.DELETE('/api/user-memes/{id}', { params: { path: { id } } }));
      onDeleted(id);
      toast.success('Meme Deleted', 'Your meme has been permanently deleted');
    } catch {
      toast.error('Delete Failed', 'Unable to delete meme. Please try again.');
    } finally {
      setDeleting(null);
      setConfirming(null);
    }
  };

  return (
    <section
      aria-labelledby="saved-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="saved-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Your Saved Memes ({memes?.length ?? 0})
      </h2>
      {memes === null ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400" role="status">
          Loading your memes...
        </p>
      ) : memes.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          No saved memes yet. In the editor, press Download Meme, then Save to dashboard, while this dashboard is
          unlocked.
        </p>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="saved-memes">
          {memes.map((m) => (
            <li
              key={m.id}
              className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700"
              data-testid="saved-meme"
            >
              <img
                src={m.imageUrl}
                alt={m.title}
                className="h-40 w-full bg-slate-100 object-contain dark:bg-slate-800"
                loading="lazy"
              />
              <div className="space-y-2 p-3">
                <p className="truncate font-medium text-slate-900 dark:text-white">{m.title}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {memeDate(m.createdAt)} · {m.format.toUpperCase()} · {formatBytes(m.fileSize)}
                </p>
                {confirming === m.id ? (
                  <div
                    className="flex flex-wrap items-center gap-2"
                    role="group"
                    aria-label={`Confirm deleting ${m.title}`}
                  >
                    <span className="text-sm text-slate-800 dark:text-slate-200">Delete permanently?</span>
                    <button
                      type="button"
                      className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50"
                      disabled={deleting === m.id}
                      onClick={() => remove(m.id)}
                    >
                      Yes, delete
                    </button>
                    <button type="button" className={btnSecondary} onClick={() => setConfirming(null)}>
                      Cancel
                    </button>
                  </div>
                ) : (
                  <div className="flex gap-2">
                    <a href={`${m.imageUrl}?download=${encodeURIComponent(m.title)}`} className={btnSecondary}>
                      Download
                    </a>
                    <button
                      type="button"
                      className={btnSecondary}
                      aria-label={`Delete ${m.title}`}
                      onClick={() => setConfirming(m.id)}
                    >
                      Delete
                    </button>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
