import { useState } from 'react';
import type { GenerateCaptionsResponse } from '../../../../core/api/ai';
import { ApiClientError, sendJson } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** 'AI captions': asks generate-captions for the current template and lets the person insert one. */
export function CaptionSuggestions({ templateId, onPick }: { templateId: string | null; onPick: (caption: string) => void }) {
  const [captions, setCaptions] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);

  const generate = async () => {
    if (!templateId) return;
    setLoading(true);
    try {
      const res = await sendJson<GenerateCaptionsResponse>('POST', '/api/generate-captions', { templateId, context: '' });
      setCaptions(res.captions);
      toast.success('AI Captions Generated!', `Generated ${res.captions.length} caption suggestions`);
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
        disabled={!templateId || loading}
        title={templateId ? undefined : 'Open a template to get caption ideas'}
        className="rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-50 dark:text-brand-300 dark:hover:bg-slate-800"
      >
        {loading ? 'Thinking…' : '✨ AI captions'}
      </button>
      {captions.length > 0 ? (
        <ul aria-label="Caption suggestions" className="flex flex-col gap-1">
          {captions.map((c) => (
            <li key={c}>
              <button
                type="button"
                onClick={() => onPick(c)}
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
