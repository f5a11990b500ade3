import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { MemeCandidate, MemeSuggestRequest } from '../../../core/api/suggest';
import { TOPIC_MAX_CHARS } from '../../../core/limits';

/** The previews are the candidates' meme URLs drawn small: one quick still each, kept by the edge cache. */
const PREVIEW_WIDTH = 360;

/** The API client loads when first needed: on the home page it is not part of the first paint (bench/home-bundle.ts). */
const client = () => import('~/lib/api/client');

async function remainingToday(): Promise<string | null> {
  const { api, call } = await client();
  const usage = await call(api.GET('/api/usage-limit'));
  if (usage.premium) return 'Premium: no daily limit on AI operations.';
  const n = usage.remaining ?? 0;
  return `${n} AI operation${n === 1 ? '' : 's'} remaining today`;
}

/**
 * "What's your meme about?" (ADR 0173, docs/product.md): one line → three memes on different templates, drawn by the
 * API as the editor would lay them out, each with "Use this" and "More like this", and "Try again" for three new
 * templates. Each request spends one AI operation (refunded when it fails); the count left is read after each one.
 * When no model wrote them, the answer's note says these are offline suggestions, and so does the screen.
 */
export function TopicMemes({
  onUse,
  compact = false,
}: {
  onUse: (candidate: MemeCandidate) => void;
  compact?: boolean;
}) {
  const inputId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [topic, setTopic] = useState('');
  const [asked, setAsked] = useState('');
  const [shown, setShown] = useState<string[]>([]);
  const [candidates, setCandidates] = useState<MemeCandidate[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [remaining, setRemaining] = useState<string | null>(null);

  // The server draws this field and the box hydrates after the first paint (it is loaded lazily): words typed in
  // between are in the field but not in state, which left "Make memes" disabled. Take them when the box wakes.
  useEffect(() => {
    const typed = field.current?.value ?? '';
    if (typed) setTopic(typed);
  }, []);

  // Read when the person turns to the box and after each request, never on mount: the box sits on pages (the home,
  // the editor's Text tab) whose visitors may never use it.
  const readRemaining = () => remainingToday().then(setRemaining, () => setRemaining(null));

  const ask = async (body: MemeSuggestRequest) => {
    setBusy(true);
    setError(null);
    try {
      const { api, call } = await client();
      const answer = await call(api.POST('/api/memes/suggest', { body }));
      setCandidates(answer.candidates);
      setNote(answer.note ?? null);
      setShown((was) => [
        ...new Set([...(body.exclude ?? []), ...was, ...answer.candidates.map((c) => c.template.id)]),
      ]);
    } catch (e) {
      const { ApiClientError } = await import('~/lib/api-client');
      setError((e instanceof ApiClientError && e.serverMessage) || 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
      void readRemaining();
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = topic.trim();
    if (!text || busy) return;
    setAsked(text);
    setShown([]);
    void ask({ topic: text });
  };

  return (
    <section aria-label="Memes from a topic" className="flex flex-col gap-3 text-left">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <label
          htmlFor={inputId}
          className={`font-semibold text-slate-900 dark:text-white ${compact ? 'text-sm' : 'text-lg'}`}
        >
          What&apos;s your meme about?
        </label>
        <div className={`flex gap-2 ${compact ? 'flex-col' : 'flex-col sm:flex-row'}`}>
          <input
            ref={field}
            id={inputId}
            type="text"
            value={topic}
            maxLength={TOPIC_MAX_CHARS}
            onChange={(e) => setTopic(e.target.value)}
            onFocus={() => remaining === null && void readRemaining()}
            placeholder="e.g. when the meeting could have been an email"
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
          />
          <button
            type="submit"
            disabled={busy || topic.trim() === ''}
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
          >
            {busy ? 'Making memes…' : 'Make memes ✨'}
          </button>
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Any language. Three memes to choose from for one AI operation{remaining ? ` · ${remaining}` : ''}.
        </p>
      </form>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {note ? (
        <p className="rounded bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">{note}</p>
      ) : null}
      {candidates.length > 0 ? (
        <>
          <ul
            aria-label="Memes to choose from"
            aria-busy={busy}
            className={`grid gap-3 ${compact ? 'grid-cols-1' : 'grid-cols-1 sm:grid-cols-3'}`}
          >
            {candidates.map((c) => (
              <li
                key={c.template.id}
                className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900"
              >
                <img
                  src={`${c.renderUrl}?width=${PREVIEW_WIDTH}`}
                  alt={`${c.template.name}: ${c.lines.join(' / ')}`}
                  className="w-full rounded bg-slate-100 dark:bg-slate-800"
                />
                <p className="text-xs text-slate-600 dark:text-slate-300">{c.template.name}</p>
                <div className="flex gap-2">
                  <button
                    type="button"
                    onClick={() => onUse(c)}
                    className="flex-1 rounded bg-brand-600 px-2 py-1 text-sm font-semibold text-white hover:bg-brand-700"
                  >
                    Use this
                  </button>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() =>
                      void ask({
                        topic: asked,
                        like: c.template.id,
                        exclude: shown.filter((id) => id !== c.template.id),
                      })
                    }
                    className="rounded border border-slate-300 px-2 py-1 text-sm text-slate-800 hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
                  >
                    More like this
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <button
            type="button"
            disabled={busy}
            onClick={() => void ask({ topic: asked, exclude: shown })}
            className="self-start rounded border border-brand-600 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-50 dark:text-brand-300 dark:hover:bg-slate-800"
          >
            Try again
          </button>
        </>
      ) : null}
    </section>
  );
}
