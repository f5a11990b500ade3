import { useState } from 'react';
import { CAPTION_LINE_SEPARATOR } from '../../../../core/editor';
import { ApiClientError } from '~/lib/api-client';
import { api, call } from '~/lib/api/client';
import { toast } from '~/lib/toast';

/**
 * 'AI captions': ideas for the open template (or, for an uploaded picture, top and bottom captions about what it
 * shows, when the site stored it). A suggestion has one line per box, and picking it fills the boxes in order. The
 * answer says whether a model wrote them or they came from the caption bank (`source`), and the panel and toast say so.
 */
export function CaptionSuggestions({
  templateId,
  hasPicture,
  pictureAddress,
  onPick,
}: {
  templateId: string | null;
  hasPicture: boolean;
  /** Read when the button is pressed: the picture on the canvas may have changed since the last render. */
  pictureAddress: () => string | null;
  onPick: (lines: string[]) => void;
}) {
  const [captions, setCaptions] = useState<string[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const ready = templateId !== null || hasPicture;

  const generate = async () => {
    if (!ready) return;
    setLoading(true);
    try {
      const imageUrl = templateId ? null : pictureAddress();
      const body = templateId ? { templateId, context: '' } : imageUrl ? { imageUrl, context: '' } : { context: '' };
      const res = await call(api.POST('/api/generate-captions', { body }));
      setCaptions(res.captions);
      setNote(res.note ?? null);
      // Say where they came from: offline, or when the model fails, they are written captions from the bank.
      const n = res.captions.length;
      if (res.source === 'model')
        toast.success('AI captions ready', `${n} ${n === 1 ? 'suggestion' : 'suggestions'} written by the AI model`);
      else
        toast.info(
          'Caption ideas ready',
          `${n} written ${n === 1 ? 'caption' : 'captions'} from our caption bank: no AI model answered`,
        );
    } catch (e) {
      toast.error('Failed to generate captions', e instanceof ApiClientError ? e.serverMessage : undefined);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        onClick={generate}
        disabled={!ready || loading}
        aria-describedby={ready ? undefined : 'caption-ideas-why'}
        className="rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-50 dark:text-brand-300 dark:hover:bg-slate-800"
      >
        {loading ? 'Thinking…' : '✨ AI captions'}
      </button>
      {!ready ? (
        <p id="caption-ideas-why" className="text-xs text-slate-600 dark:text-slate-300">
          Open a template or upload a picture to get caption ideas.
        </p>
      ) : null}
      {note ? <p className="text-xs text-slate-600 dark:text-slate-300">{note}</p> : null}
      {captions.length > 0 ? (
        <ul aria-label="Caption suggestions" className="flex flex-col gap-1">
          {captions.map((c) => (
            <li key={c}>
              <button
                type="button"
                onClick={() => onPick(c.split(CAPTION_LINE_SEPARATOR))}
                className="w-full rounded border border-slate-200 px-2 py-1 text-left text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                {c}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
