import { json } from '../http';
import type { RequestContext } from '../identity/request-context';
import { dailyLimit, quotaSubjectOf, readUsage } from '../quota';

/** GET /api/usage-limit: today's AI allowance of this visitor; premium members have no cap. */
export async function getUsageLimit(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const subject = await quotaSubjectOf(request, env, context);
  return json(await readUsage(env, subject, dailyLimit(env)));
}
