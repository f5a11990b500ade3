import { DASHBOARD_TREND_DAYS, type DashboardDay, type DashboardResponse } from '../../../../core/api/dashboard';
import { memberCallsInMonth } from '../db/api-keys';
import { json } from '../http';
import { utcMonth } from '../identity/api-key';
import { requireSession } from '../identity/session';
import { utcDay } from '../identity/visitor';

const DAY_MS = 86_400_000;

interface Row {
  kind: string;
  day: string;
  count: number;
}

/** GET /api/dashboard: totals and the last 30 UTC days of the member's activity (401 without a premium session). */
export async function getDashboard(request: Request, env: Env, now = Date.now()): Promise<Response> {
  const session = await requireSession(request, env);
  const today = utcDay(now);
  const first = utcDay(now - (DASHBOARD_TREND_DAYS - 1) * DAY_MS);
  const month = `${today.slice(0, 7)}-01`;
  // Three small reads in one round trip: per-kind totals, the days in the window, and the saved memes.
  // Alongside: this month's calls of the member's API keys.
  const apiCalls = memberCallsInMonth(env.DB, session.memberId, utcMonth(now)).then(([row]) => Number(row?.calls ?? 0));
  const [totals, days, memes] = await env.DB.batch([
    env.DB.prepare(
      `SELECT kind, SUM(count) AS count, SUM(CASE WHEN day >= ?2 THEN count ELSE 0 END) AS month
       FROM activity WHERE member_id = ?1 GROUP BY kind`,
    ).bind(session.memberId, month),
    env.DB.prepare(`SELECT kind, day, count FROM activity WHERE member_id = ?1 AND day >= ?2 AND day <= ?3`).bind(session.memberId, first, today),
    env.DB.prepare(`SELECT COUNT(*) AS n FROM saved_memes WHERE member_id = ?1`).bind(session.memberId),
  ]);
  const sum = (kind: string, field: 'count' | 'month') => Number((totals!.results as (Row & { month: number })[]).find((r) => r.kind === kind)?.[field] ?? 0);

  const byDay = new Map<string, DashboardDay>();
  for (let i = DASHBOARD_TREND_DAYS - 1; i >= 0; i--) {
    const day = utcDay(now - i * DAY_MS);
    byDay.set(day, { day, ai: 0, downloads: 0 });
  }
  for (const r of days!.results as Row[]) {
    const entry = byDay.get(r.day);
    if (!entry) continue;
    if (r.kind === 'ai') entry.ai = r.count;
    else if (r.kind === 'download') entry.downloads = r.count;
  }

  const body: DashboardResponse = {
    memberSince: new Date(session.memberSince).toISOString(),
    memesSaved: Number((memes!.results[0] as { n: number } | undefined)?.n ?? 0),
    totals: {
      aiThisMonth: sum('ai', 'month'),
      aiAllTime: sum('ai', 'count'),
      downloadsThisMonth: sum('download', 'month'),
      downloadsAllTime: sum('download', 'count'),
      apiCallsThisMonth: await apiCalls,
    },
    trend: [...byDay.values()],
  };
  return json(body, { headers: { 'cache-control': 'private, no-store' } });
}
