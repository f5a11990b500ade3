import { useState } from 'react';
import { AI_QUICK_SUGGESTIONS } from '../../../../core/editor';
import { LOW_QUOTA_WARNING_AT, PROMPT_MAX_CHARS } from '../../../../core/limits';
import { LimitNotice } from '~/components/ui/limit-notice';
import { limitToastText } from '~/lib/allowance-reset';
import { ApiClientError } from '~/lib/api-client';
import { api, call } from '~/lib/api/client';
import { toast } from '~/lib/toast';
import { ChatMessages, type ChatMessage } from './chat-messages';
import { useUsage } from '~/lib/use-usage';

let nextId = 0;
const id = () => `m${++nextId}`;

/** The AI image chat: usage header, messages, prompt with its counter, quick suggestions and quota notices. */
export function AiTab({ onUseImage }: { onUseImage: (url: string) => void }) {
  const { usage, failed, refetch } = useUsage();
  const [prompt, setPrompt] = useState('');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [generating, setGenerating] = useState(false);
  const atLimit = usage?.canGenerate === false;
  const remaining = usage?.remaining ?? null;

  const update = (mid: string, patch: Partial<ChatMessage>) =>
    setMessages((ms) => ms.map((m) => (m.id === mid ? { ...m, ...patch } : m)));

  const submit = async () => {
    const text = prompt.trim();
    if (!text || generating) return;
    if (text.length > PROMPT_MAX_CHARS)
      return void toast.error('Prompt Too Long', `Please keep your prompt under ${PROMPT_MAX_CHARS} characters.`);
    if (atLimit) return void toast.error('Daily Limit Reached', limitToastText(usage?.resetsAt, Date.now()));
    const aiId = id();
    setMessages((ms) => [
      ...ms,
      { id: id(), type: 'user', content: text, timestamp: Date.now() },
      {
        id: aiId,
        type: 'ai',
        content: `Generating image for: "${text}"...`,
        timestamp: Date.now(),
        isGenerating: true,
      },
    ]);
    setPrompt('');
    setGenerating(true);
    try {
      const res = await call(api.POST('/api/generate-image', { body: { prompt: text } }));
      if (res.isPlaceholder) {
        // Nothing was generated and nothing was counted: the card says so, and there is nothing to put on the canvas.
        update(aiId, {
          content: `Image generation is not available on this server, so "${text}" was not drawn. Nothing was counted.`,
          imageUrl: res.imageUrl,
          note: res.note ?? 'Offline preview: no image model is configured on this server.',
          isPlaceholder: true,
          isGenerating: false,
        });
        toast.info('No image model here', 'This server can only show a preview card. Nothing was counted.');
      } else {
        update(aiId, {
          content: `Generated image for: "${text}"`,
          imageUrl: res.imageUrl,
          note: res.note,
          isGenerating: false,
        });
        toast.success('Image Generated! 🎨');
      }
    } catch (e) {
      const message = (e instanceof ApiClientError && e.serverMessage) || 'Failed to generate image';
      update(aiId, { content: `❌ ${message}`, isGenerating: false });
      toast.error('Generation Failed', message);
    } finally {
      setGenerating(false);
      void refetch();
    }
  };

  const blocked = generating || atLimit || prompt.trim() === '';
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {failed
          ? 'Usage data is unavailable right now.'
          : !usage
            ? 'Loading usage data...'
            : usage.premium
              ? 'Unlimited AI operations (premium)'
              : `${remaining ?? 0} AI operations remaining today`}
      </p>
      {usage && !atLimit && remaining !== null && remaining > 0 && remaining <= LOW_QUOTA_WARNING_AT ? (
        <p
          role="status"
          className="rounded bg-amber-100 px-2 py-1 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-200"
        >
          Only {remaining} generations remaining today!
        </p>
      ) : null}
      {atLimit && usage ? <LimitNotice usage={usage} offer="Premium gives unlimited image generations." /> : null}
      <ChatMessages messages={messages} onUse={onUseImage} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="flex flex-col gap-1"
      >
        <textarea
          aria-label="Describe the image"
          rows={3}
          placeholder="Describe the image you want..."
          value={prompt}
          disabled={generating || atLimit}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
          className="w-full resize-y rounded border border-slate-300 bg-white px-2 py-1 text-sm disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
        />
        <p
          className={`text-xs ${prompt.length > PROMPT_MAX_CHARS ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400'}`}
        >
          Max {PROMPT_MAX_CHARS} characters • {prompt.length}/{PROMPT_MAX_CHARS}
        </p>
        <button
          type="submit"
          disabled={blocked}
          className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {generating ? 'Generating…' : 'Generate Image'}
        </button>
      </form>
      <div className="flex flex-wrap gap-1" aria-label="Quick suggestions">
        {AI_QUICK_SUGGESTIONS.map((s) => (
          <button
            key={s}
            type="button"
            disabled={generating || atLimit}
            onClick={() => setPrompt(s)}
            className="rounded-full border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            {s}
          </button>
        ))}
      </div>
    </div>
  );
}
