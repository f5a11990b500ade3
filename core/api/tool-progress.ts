/**
 * The streamed answer of the tool routes (ADR 0105): a request that accepts `text/event-stream` gets `phase`
 * events as the server reaches each step, then exactly one `result` (the plain answer's body) or `error` (the plain
 * error body plus its status), each with `billedCalls`, what a plain answer says in its `x-billed-calls` header. Shared by the Worker that writes it and the screens that read it.
 */
export const EVENT_STREAM_TYPE = 'text/event-stream';

export const JOB_PHASES = ['queued', 'processing', 'encoding', 'storing'] as const;
export type JobPhase = (typeof JOB_PHASES)[number];

export interface PhaseEvent {
  phase: JobPhase;
  /** The first phase of an AI job: its id, for `DELETE /api/jobs/{id}` (Cancel, which refunds and answers the allowance). */
  job?: string;
  /** AI operations: the median of recent runs of the same operation on pictures of a similar size. */
  estimateMs?: number;
}

export interface ErrorEvent {
  error: string;
  code: string;
  status: number;
  /** The billed calls the job made before it failed (its headers went out before the work: core/api/billed-calls.ts). */
  billedCalls: number;
}
