/**
 * The one way every tool route answers once its fields are valid: the engine's work, stored, as the plain JSON
 * answer, or streamed (ADR 0105) when the request accepts `text/event-stream`: `phase` events as the work goes,
 * then one `result` or `error`. AI operations spend one allowance unit (refunded on failure or cancel) and their
 * measured durations become the estimate the next job is shown.
 */
import {
  EVENT_STREAM_TYPE,
  type ErrorEvent,
  type JobPhase,
  type PhaseEvent,
} from '../../../../../core/api/tool-progress';
import { estimateFrom, recentTimings, recordTiming, sizeBucket, type TimingKey } from '../../db/op-timings';
import { HttpError, toErrorResponse } from '../../errors';
import { withDeadline } from '../../cancel';
import type { RequestContext } from '../../identity/request-context';
import {
  isMetered,
  runFields,
  timingNameOf,
  type EngineServices,
  type Picture,
  type ToolFields,
} from '../../imaging/engine';
import { allowanceFor, quotaSubjectOf, withAiUnit } from '../../quota';
import { engineServices } from './deps';
import { openEventStream } from './event-stream';
import { respondWithImage } from './respond';

export interface ToolJob {
  picture: Picture;
  fields: ToolFields;
}

/** The job spends one unit of the daily AI allowance (its operation's record says so, imaging/ops/registry.ts). */
const metered = (job: ToolJob) => isMetered(job.fields);

export const acceptsEventStream = (request: Request) =>
  (request.headers.get('accept') ?? '').includes(EVENT_STREAM_TYPE);

/** What an AI job's duration is filed under: the operation as it costs time, and the picture's size class. */
export function timingKeyOf(job: ToolJob): TimingKey {
  const { fields, picture } = job;
  return { operation: timingNameOf(fields), sizeBucket: sizeBucket(picture.upright.width * picture.upright.height) };
}

export async function answerTool(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  context: RequestContext,
  job: ToolJob,
): Promise<Response> {
  return acceptsEventStream(request)
    ? streamed(request, env, ctx, context, job)
    : plain(request, env, ctx, context, job);
}

/**
 * The engine's work within the job's deadline (ADR 0122): a job still running when it passes is stopped at its next
 * step and answered 503 took_too_long, and the log says which job it was.
 */
async function withinDeadline(request: Request, env: Env, job: ToolJob, services: EngineServices): Promise<Response> {
  const started = Date.now();
  try {
    return await respondWithImage(request, env, await runFields(job.picture, job.fields, services), services);
  } catch (err) {
    if (err instanceof HttpError && err.code === 'took_too_long') {
      const { width, height } = job.picture.upright;
      console.error(
        `tool job stopped at its deadline: ${job.fields.operation} on a ${width}×${height} ${job.picture.header.format} after ${Date.now() - started} ms`,
      );
    }
    throw err;
  }
}

/**
 * The job's signal: the person's cancel joined with the deadline. The AI operations are waits on the provider, which
 * holds no isolate time and has deadlines of its own (ADR 0114), so they keep only the cancel.
 */
const jobSignal = (job: ToolJob, cancel: AbortSignal | undefined) => (metered(job) ? cancel : withDeadline(cancel));

async function plain(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  context: RequestContext,
  job: ToolJob,
): Promise<Response> {
  const payer = () => quotaSubjectOf(request, env, context);
  const services: EngineServices = {
    ...engineServices(env, context.billed.bill),
    signal: jobSignal(job, undefined),
    allowance: allowanceFor(env, ctx, payer),
  };
  const work = () => withinDeadline(request, env, job, services);
  if (!metered(job)) return work();
  return withAiUnit(env, ctx, await payer(), timed(env, ctx, job, work));
}

/** Runs `work` and, when it succeeds, files its duration in the background. */
function timed<T>(env: Env, ctx: ExecutionContext, job: ToolJob, work: () => Promise<T>) {
  return async () => {
    const started = Date.now();
    const out = await work();
    ctx.waitUntil(recordTiming(env.DB, timingKeyOf(job), Date.now() - started).catch(() => undefined));
    return out;
  };
}

async function streamed(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  context: RequestContext,
  job: ToolJob,
): Promise<Response> {
  // The timing history behind an AI job's estimate is read side by side with settling who pays (before the stream
  // opens, so a first-time visitor's cookie goes out with the headers): one D1 round trip, not two in a row.
  const history = metered(job) ? recentTimings(env.DB, timingKeyOf(job)).catch(() => undefined) : undefined;
  const payer = metered(job) ? await quotaSubjectOf(request, env, context) : null;
  const events = openEventStream(request.signal);
  // An AI job's id, sent with the first phase: DELETE /api/jobs/{id} refunds its unit at once (the refund it answers
  // is the one the screens show), whatever this request is still doing.
  const jobId = payer ? crypto.randomUUID() : undefined;
  let estimateMs: number | undefined;
  const onPhase = (phase: JobPhase) =>
    events.send('phase', phase === 'processing' && estimateMs !== undefined ? { phase, estimateMs } : { phase });
  // Who pays for the engine's own paid work (a smart crop's faces, a search's tries) is settled when it first spends:
  // the visitor was identified before the stream opened (throttled), so its cookie went out with the headers.
  const allowance = allowanceFor(env, ctx, () =>
    payer ? Promise.resolve(payer) : quotaSubjectOf(request, env, context),
  );
  const services: EngineServices = {
    ...engineServices(env, context.billed.bill),
    onPhase,
    signal: jobSignal(job, events.signal),
    allowance,
  };
  const work = () => withinDeadline(request, env, job, services);

  const run = async () => {
    try {
      const response = payer
        ? await withAiUnit(
            env,
            ctx,
            payer,
            async () => {
              estimateMs = estimateFrom(await history);
              return timed(env, ctx, job, work)();
            },
            undefined,
            jobId,
          )
        : await work();
      // The headers went out before the work: the last event says what the request cost (ADR 0148).
      events.send('result', { ...(await response.json<object>()), billedCalls: context.billed.total });
    } catch (err) {
      // The same words, code and status as the plain answer; nothing is sent to a reader who has gone.
      const refusal = toErrorResponse(err);
      const body = await refusal.json<{ error: string; code: string }>();
      events.send('error', { ...body, status: refusal.status, billedCalls: context.billed.total } satisfies ErrorEvent);
    } finally {
      await events.close();
    }
  };
  events.send('phase', { phase: 'queued', ...(jobId ? { job: jobId } : {}) } satisfies PhaseEvent);
  // The open response body keeps the request alive for as long as the job runs (waitUntil would cap it at 30 s).
  // Once the reader has gone, waitUntil keeps it long enough to stop and refund.
  const running = run();
  events.signal.addEventListener('abort', () => ctx.waitUntil(running));
  return events.response();
}
