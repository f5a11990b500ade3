import type { IRequest } from 'itty-router';
import { jobIdSchema, type CancelJobResponse } from '../../../../core/api/jobs';
import { json } from '../http';
import type { RequestContext } from '../identity/request-context';
import { dailyLimit, quotaSubjectOf, readUsage, releaseJob } from '../quota';
import { parseWith } from '../validate';

/**
 * DELETE /api/jobs/:id: Cancel of a streamed AI tool job (ADR 0125). Its unit comes back now, once, by the ticket the
 * job opened with this visitor's first key (no other visitor's job can be reached), and the answer is the allowance
 * after it; a job that already finished keeps its unit. Premium members have no count, so nothing to give back.
 */
export async function deleteJob(
  request: IRequest,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const id = parseWith(jobIdSchema, request.params.id ?? '');
  const subject = await quotaSubjectOf(request, env, context);
  const holder = subject.keys[0];
  const outcome =
    !subject.memberId && holder !== undefined ? await releaseJob(env, holder, id) : { refunded: false, counted: false };
  const body: CancelJobResponse = { ...outcome, usage: await readUsage(env, subject, dailyLimit(env)) };
  return json(body);
}
