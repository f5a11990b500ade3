import { json } from '../http';
import { withVisitorCookie } from '../identity/visitor';
import { dailyLimit, quotaSubjectOf, readUsage } from '../quota';

/** GET /api/usage-limit: today's AI allowance of this visitor; premium members have no cap. */
export async function getUsageLimit(request: Request, env: Env): Promise<Response> {
  const { subject, visitor } = await quotaSubjectOf(request, env);
  const usage = await readUsage(env, subject, dailyLimit(env));
  return withVisitorCookie(json(usage), visitor);
}
