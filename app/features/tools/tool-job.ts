/**
 * One tool job in the browser (ADR 0105): the upload's progress from the request, then the server's phases from
 * its event stream, then the result, and Cancel that aborts the request (the server stops and refunds). XHR,
 * because fetch reports no upload progress; its `responseText` grows as the stream arrives. The arithmetic that turns
 * where a job is into a bar, words and an estimate is pure and tested in Node.
 */
import { createEventStreamParser } from '../../../core/api/event-stream';
import { EVENT_STREAM_TYPE, type ErrorEvent, type JobPhase, type PhaseEvent } from '../../../core/api/tool-progress';
import type { CancelJobResponse } from '../../../core/api/jobs';
import type { ToolResult } from '../../../core/api/tools';
import { ApiClientError } from '~/lib/api-client';
import { api, call } from '~/lib/api/client';

/** Where a job is, as the progress card shows it. */
export type JobView =
  | { stage: 'uploading'; sent: number; total: number }
  | { stage: JobPhase; estimateMs?: number; processingSince?: number }
  | { stage: 'done' };

/**
 * The job was cancelled by the person: not a failure to report. `answer` is the server's word on it, for an AI job
 * whose id had arrived: DELETE /api/jobs/{id} refunds its unit at once and answers the allowance after that, so the
 * screen shows the server's count (null when there was no id yet, or the request failed: then nothing was taken, or
 * the allowance is read again).
 */
export class JobCancelled extends Error {
  constructor(readonly answer: Promise<CancelJobResponse | null> = Promise.resolve(null)) {
    super('The job was cancelled.');
    this.name = 'JobCancelled';
  }
}

/** Asks the server to refund a cancelled AI job; null if it cannot be asked. */
export function cancelOnServer(job: string): Promise<CancelJobResponse | null> {
  return call(api.DELETE('/api/jobs/{id}', { params: { path: { id: job } } })).catch(() => null);
}
export const isCancelled = (err: unknown): err is JobCancelled => err instanceof JobCancelled;

/** The bar's share of each stage: the upload fills the first 30%, the server's work the rest. */
const UPLOAD_SHARE = 30;
const AT: Record<JobPhase | 'done', number> = { queued: 32, processing: 35, encoding: 88, storing: 95, done: 100 };
/** Without an estimate, processing sits here: the middle of its share, never a climb that pretends to know. */
const PROCESSING_UNKNOWN = 60;

/** The bar, in whole percent: real upload bytes, then the phase reached (with elapsed time against the estimate). */
export function jobPercent(view: JobView, now: number): number {
  if (view.stage === 'uploading')
    return view.total > 0 ? Math.floor((UPLOAD_SHARE * Math.min(view.sent, view.total)) / view.total) : 0;
  if (view.stage !== 'processing') return AT[view.stage];
  if (!view.estimateMs || view.processingSince === undefined) return PROCESSING_UNKNOWN;
  // Within the estimate the bar moves with time, up to just short of the next phase; past it, it waits there.
  const share = Math.min(1, Math.max(0, (now - view.processingSince) / view.estimateMs));
  return Math.floor(AT.processing + share * (AT.encoding - 2 - AT.processing));
}

/** Seconds left by the estimate (at least 1), or 'late' once the job takes longer than usual; null without one. */
export function timeLeft(view: JobView, now: number): number | 'late' | null {
  if (view.stage !== 'processing' || !view.estimateMs || view.processingSince === undefined) return null;
  const left = view.estimateMs - (now - view.processingSince);
  return left <= 0 ? 'late' : Math.max(1, Math.ceil(left / 1000));
}

const WORKING: Record<string, string> = {
  'remove-background': 'Removing the background…',
  upscale: 'Upscaling…',
  blur: 'Blurring…',
  compress: 'Compressing…',
  resize: 'Resizing…',
  crop: 'Cropping…',
  rotate: 'Rotating…',
  watermark: 'Adding the watermark…',
  privacy: 'Removing private data…',
};

/** The phase in words, for the card and screen readers. */
export function phaseText(view: JobView, operation: string): string {
  switch (view.stage) {
    case 'uploading':
      return `Uploading ${view.total > 0 ? Math.floor((100 * Math.min(view.sent, view.total)) / view.total) : 0}%`;
    case 'queued':
      return 'Waiting for a free worker';
    case 'processing':
      return WORKING[operation] ?? 'Processing…';
    case 'encoding':
      return 'Encoding';
    case 'storing':
      return 'Saving';
    case 'done':
      return 'Done';
  }
}

/** Without an estimate, the time spent is said from this many seconds on: the held bar is then not read as hung. */
export const ELAPSED_SHOWN_AFTER_S = 5;

/**
 * What the estimate says, in words: "about 12 s left", or that it is taking longer than usual; without an estimate,
 * how long the work has run ("20 s so far"), since a bar held at one place says nothing of a job still alive.
 */
export function estimateText(view: JobView, now: number): string | null {
  const left = timeLeft(view, now);
  if (left !== null) return left === 'late' ? 'Taking longer than usual…' : `About ${left} s left`;
  if (view.stage !== 'processing' || view.processingSince === undefined) return null;
  const elapsed = Math.floor((now - view.processingSince) / 1000);
  return elapsed >= ELAPSED_SHOWN_AFTER_S ? `${elapsed} s so far` : null;
}

/** Whether the bar can only say "working" (processing with no estimate): it then moves in place rather than fills. */
export function indeterminate(view: JobView): boolean {
  return view.stage === 'processing' && !view.estimateMs;
}

/** An error the server sent, as the same ApiClientError a plain answer raises (so screens keep one wording path). */
function serverError(status: number, text: string): ApiClientError {
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof body.error === 'string')
      return new ApiClientError(
        status,
        `${status}: ${text}`,
        body.error,
        typeof body.code === 'string' ? body.code : undefined,
      );
  } catch {
    // Not JSON: the status alone says what happened.
  }
  return new ApiClientError(status, `${status}: ${text}`);
}

export interface ToolJobOptions {
  onView(view: JobView): void;
  signal?: AbortSignal;
}

/** Posts the picture and fields to a tool route, streaming; resolves with the result body. */
export function runToolJob(url: string, form: FormData, { onView, signal }: ToolJobOptions): Promise<ToolResult> {
  return new Promise<ToolResult>((resolve, reject) => {
    if (signal?.aborted) return reject(new JobCancelled());
    const xhr = new XMLHttpRequest();
    const parser = createEventStreamParser();
    let read = 0;
    let settled = false;
    let estimateMs: number | undefined;
    let job: string | undefined;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', abort);
      fn();
    };
    const abort = () => {
      xhr.abort();
      settle(() => reject(new JobCancelled(job ? cancelOnServer(job) : undefined)));
    };
    signal?.addEventListener('abort', abort);

    const streaming = () => (xhr.getResponseHeader('content-type') ?? '').startsWith(EVENT_STREAM_TYPE);
    const readEvents = () => {
      if (!streaming() || xhr.status !== 200) return;
      const fresh = xhr.responseText.slice(read);
      read = xhr.responseText.length;
      for (const e of parser.push(fresh)) {
        if (e.event === 'phase') {
          const { phase, estimateMs: estimate, job: id } = JSON.parse(e.data) as PhaseEvent;
          if (estimate !== undefined) estimateMs = estimate;
          if (id) job = id;
          onView(
            phase === 'processing'
              ? { stage: phase, estimateMs, processingSince: Date.now() }
              : { stage: phase, estimateMs },
          );
        } else if (e.event === 'result') {
          const result = JSON.parse(e.data) as ToolResult;
          settle(() => {
            onView({ stage: 'done' });
            resolve(result);
          });
        } else if (e.event === 'error') {
          const { status, ...body } = JSON.parse(e.data) as ErrorEvent;
          settle(() => reject(serverError(status, JSON.stringify(body))));
        }
      }
    };

    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', EVENT_STREAM_TYPE);
    xhr.upload.onprogress = (e) =>
      onView({ stage: 'uploading', sent: e.loaded, total: e.lengthComputable ? e.total : 0 });
    xhr.onprogress = readEvents;
    xhr.onload = () => {
      readEvents();
      if (!streaming() || xhr.status !== 200) return settle(() => reject(serverError(xhr.status, xhr.responseText)));
      settle(() =>
        reject(
          new ApiClientError(
            502,
            '502: the stream ended early',
            'The connection closed before the result arrived. Please try again.',
          ),
        ),
      );
    };
    xhr.onerror = () =>
      settle(() =>
        reject(
          new ApiClientError(
            0,
            'network error',
            'The connection to the server was lost. Please check your connection and try again.',
          ),
        ),
      );
    onView({ stage: 'uploading', sent: 0, total: 0 });
    xhr.send(form);
  });
}
