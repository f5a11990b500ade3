import { DASHBOARD_TREND_DAYS, type DashboardDay, type DashboardResponse } from '../../../../core/api/dashboard';
import { activitySummary } from '../db/activity';
import { listActiveKeys, memberCallsInMonth } from '../db/api-keys';
import { bookmarkHeader, readsNearVisitor } from '../db/replica';
import { countSavedMemes } from '../db/saved-memes';
import { json } from '../http';
import { utcMonth, withMeteredCalls } from '../identity/api-key';
import type { RequestContext } from '../identity/request-context';
import { requireSession } from '../identity/session';
import { utcDay } from '../identity/visitor';

const DAY_MS = 86_400_000;

/** GET /api/dashboard: totals and the last 30 UTC days of the member's activity (401 without a premium session). */
export async function getDashboard(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const now = Date.now();
  const session = await requireSession(request, env, context);
  const today = utcDay(now);
  const first = utcDay(now - (DASHBOARD_TREND_DAYS - 1) * DAY_MS);
  const monthStart = `${today.slice(0, 7)}-01`;
  // Reads side by side on the replica nearest the member (ADR 0112), from the bookmark the member's client sent back
  // if any, so a meme saved a moment ago is counted (ADR 0115): the activity (one batch), the saved memes, this
  // month's calls of the member's keys and the active keys, whose meters then add the calls D1 has not been written
  // yet (ADR 0149). The session itself was read on the primary, which holds a session opened a moment ago for certain.
  const replica = readsNearVisitor(env, request);
  const month = utcMonth(now);
  const [{ totals, days }, memesSaved, written, keys] = await Promise.all([
    activitySummary(replica.db, session.memberId, { monthStart, first, last: today }),
    countSavedMemes(replica.db, session.memberId),
    memberCallsInMonth(replica.db, session.memberId, month).then(([row]) => Number(row?.calls ?? 0)),
    listActiveKeys(replica.db, session.memberId, month),
  ]);
  const apiCalls = written + (await withMeteredCalls(env, keys, month)).unwritten;
  const sum = (kind: string, field: 'count' | 'month') => Number(totals.find((r) => r.kind === kind)?.[field] ?? 0);

  const byDay = new Map<string, DashboardDay>();
  for (let i = DASHBOARD_TREND_DAYS - 1; i >= 0; i--) {
    const day = utcDay(now - i * DAY_MS);
    byDay.set(day, { day, ai: 0, downloads: 0 });
  }
  for (const r of days) {
    const entry = byDay.get(r.day);
    if (!entry) continue;
    if (r.kind === 'ai') entry.ai = r.count;
    else if (r.kind === 'download') entry.downloads = r.count;
  }

  const body: DashboardResponse = {
    memberSince: new Date(session.memberSince).toISOString(),
    memesSaved,
    totals: {
      aiThisMonth: sum('ai', 'month'),
      aiAllTime: sum('ai', 'count'),
      downloadsThisMonth: sum('download', 'month'),
      downloadsAllTime: sum('download', 'count'),
      apiCallsThisMonth: apiCalls,
    },
    trend: [...byDay.values()],
  };
  return json(body, { headers: { 'cache-control': 'private, no-store', ...bookmarkHeader(replica) } });
}
