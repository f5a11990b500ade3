/**
 * A server-sent event stream for one job (ADR 0105). Writes never wait on the reader; the first write that fails
 * (the person closed the tab, pressed Cancel, or the connection dropped) aborts `signal`, as does the request's own
 * signal where the runtime gives one. A comment line every second keeps proxies from closing a quiet stream during
 * a long AI call, and notices a vanished reader within a second even without the request's signal.
 */
import { EVENT_STREAM_TYPE } from '../../../../../core/api/tool-progress';

export const HEARTBEAT_MS = 1000;

export interface EventStream {
  response(headers?: HeadersInit): Response;
  /** Aborted once nobody is reading any more. */
  signal: AbortSignal;
  send(event: 'phase' | 'result' | 'error', data: unknown): void;
  close(): Promise<void>;
}

export function openEventStream(requestSignal?: AbortSignal): EventStream {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const gone = new AbortController();
  const stop = () => gone.abort();
  if (requestSignal?.aborted) stop();
  requestSignal?.addEventListener('abort', stop);
  const encoder = new TextEncoder();
  const write = (text: string) => {
    if (!gone.signal.aborted) writer.write(encoder.encode(text)).catch(stop);
  };
  const heartbeat = setInterval(() => write(': working\n\n'), HEARTBEAT_MS);

  return {
    signal: gone.signal,
    response: (headers = {}) =>
      new Response(readable, {
        headers: {
          ...Object.fromEntries(new Headers(headers)),
          'content-type': `${EVENT_STREAM_TYPE}; charset=utf-8`,
          'cache-control': 'no-store',
        },
      }),
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    async close() {
      clearInterval(heartbeat);
      requestSignal?.removeEventListener('abort', stop);
      await writer.close().catch(() => undefined);
    },
  };
}
