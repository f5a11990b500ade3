/**
 * A message of the AI tab's chat (docs/product.md §4.2; kept in the browser only), plus the server's note about how the
 * image was made.
 */
export interface ChatMessage {
  id: string;
  type: 'user' | 'ai';
  content: string;
  timestamp: number;
  imageUrl?: string;
  isGenerating?: boolean;
  note?: string;
  /** An offline preview card: shown for what it is, never offered as a picture for the meme. */
  isPlaceholder?: boolean;
}

export function ChatMessages({ messages, onUse }: { messages: ChatMessage[]; onUse: (url: string) => void }) {
  if (messages.length === 0) return null;
  return (
    // Focusable so keyboard users can scroll a long conversation.
    <ol aria-label="AI messages" tabIndex={0} className="flex max-h-80 flex-col gap-2 overflow-y-auto">
      {messages.map((m) => (
        <li
          key={m.id}
          className={`rounded-lg px-2 py-1.5 text-sm ${
            m.type === 'user'
              ? 'self-end bg-brand-700 text-white'
              : 'self-start bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100'
          }`}
        >
          <p className="flex items-center gap-2 whitespace-pre-wrap">
            {m.isGenerating ? (
              <span
                aria-hidden
                className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-current border-t-transparent"
              />
            ) : null}
            {m.content}
          </p>
          {m.imageUrl ? (
            <div className="mt-1 flex flex-col gap-1">
              <img src={m.imageUrl} alt={m.content} className="max-h-40 rounded" />
              {m.note ? <p className="text-xs text-slate-500 dark:text-slate-400">{m.note}</p> : null}
              {m.isPlaceholder ? null : (
                <button
                  type="button"
                  onClick={() => onUse(m.imageUrl ?? '')}
                  className="self-start rounded bg-brand-700 px-2 py-1 text-xs font-semibold text-white hover:bg-brand-800"
                >
                  Use in Editor
                </button>
              )}
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
