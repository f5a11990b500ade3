import { useCallback, useEffect, useState } from 'react';
import type { DashboardResponse } from '../../../core/api/dashboard';
import type { SavedMeme } from '../../../core/api/memes';
import { Spinner } from '~/components/ui/spinner';
import { api, call } from '~/lib/api/client';
import { btnSecondary } from '~/features/tools/styles';
import { AccessGate } from './access-gate';
import { ApiKeysSection } from './api-keys-section';
import { memberSince } from './format';
import { CurrentPlan, PlanComparison } from './plan-cards';
import { SavedMemes } from './saved-memes';
import { ShareLinks } from './share-links';
import { UsageCard } from './usage-card';
import { UsageChart } from './usage-chart';

type State = 'checking' | 'locked' | 'unlocked';

/**
 * The premium dashboard: the server session decides locked or unlocked, so a reload keeps it open. This browser's
 * share links are listed either way.
 */
export function DashboardView() {
  const [state, setState] = useState<State>('checking');
  useEffect(() => {
    call(api.GET('/api/session'))
      .then((s) => setState(s.premium ? 'unlocked' : 'locked'))
      .catch(() => setState('locked'));
  }, []);

  if (state === 'checking')
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-16 text-slate-700 dark:text-slate-300">
        <Spinner /> Checking access...
      </p>
    );
  // Share links live in this browser, not behind the access code: anyone who made one finds it here (ADR 0141).
  if (state === 'locked')
    return (
      <>
        <AccessGate onUnlocked={() => setState('unlocked')} />
        <div className="mx-auto w-full max-w-4xl px-4 pb-12">
          <ShareLinks />
        </div>
      </>
    );
  return <Unlocked onLock={() => setState('locked')} />;
}

function Unlocked({ onLock }: { onLock: () => void }) {
  const [stats, setStats] = useState<DashboardResponse | null>(null);
  const [statsFailed, setStatsFailed] = useState(false);
  const [memes, setMemes] = useState<SavedMeme[] | null>(null);

  const load = useCallback(() => {
    call(api.GET('/api/dashboard')).then(setStats, () => setStatsFailed(true));
    // A failed list is only logged: it stays empty (docs/product.md §6).
    call(api.GET('/api/user-memes')).then(
      (r) => setMemes(r.memes),
      (err) => {
        console.error('could not load saved memes', err);
        setMemes([]);
      },
    );
  }, []);
  useEffect(load, [load]);

  const lock = async () => {
    await call(api.DELETE('/api/session')).catch(() => undefined);
    onLock();
  };
  const onDeleted = (id: string) => {
    setMemes((m) => m?.filter((x) => x.id !== id) ?? null);
    setStats((s) => (s ? { ...s, memesSaved: Math.max(0, s.memesSaved - 1) } : s));
  };

  const figure = (v: number | string | undefined) => (v === undefined ? (statsFailed ? '—' : '…') : String(v));
  const cards: [string, string][] = [
    ['Memes Saved', figure(stats?.memesSaved)],
    ['AI Operations this month', figure(stats?.totals.aiThisMonth)],
    ['Downloads', figure(stats?.totals.downloadsAllTime)],
    ['Member Since', stats ? memberSince(stats.memberSince) : figure(undefined)],
  ];

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Premium Dashboard</h1>
        <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
          Premium Member
        </span>
        <button type="button" className={`${btnSecondary} ml-auto`} onClick={lock}>
          Lock dashboard
        </button>
      </div>
      {statsFailed ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          Your statistics could not be loaded. Please reload the page.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(([label, value]) => (
          <div
            key={label}
            className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
            data-testid="stat-card"
          >
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <UsageCard stats={stats} failed={statsFailed} />
        <CurrentPlan />
      </div>
      <SavedMemes memes={memes} onDeleted={onDeleted} />
      <ShareLinks />
      <ApiKeysSection />
      <section
        aria-labelledby="trend-heading"
        className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id="trend-heading" className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
          Usage Trends (Last 30 Days)
        </h2>
        {stats ? (
          <UsageChart days={stats.trend} />
        ) : (
          <p className="text-slate-600 dark:text-slate-400">{statsFailed ? 'Unavailable.' : 'Loading...'}</p>
        )}
      </section>
      <PlanComparison />
    </div>
  );
}
