import { json } from '../http';
import { readSession } from '../identity/session';
import { identifyVisitor, withVisitorCookie } from '../identity/visitor';
import { dailyLimit, quotaSubject, readUsage } from '../quota';

/** GET /api/usage-limit: today's AI allowance of this visitor; premium members have no cap. */
export async function getUsageLimit(request: Request, env: Env): Promise<Response> {
  const [visitor, session] = await Promise.all([identifyVisitor(request, env), readSession(request, env)]);
  const usage = await readUsage(env.DB, quotaSubject(visitor, session), dailyLimit(env));
  return withVisitorCookie(json(usage), visitor);
}
