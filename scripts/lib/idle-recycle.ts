/**
 * Gives the local Workers' memory back when the stack is idle (ADR 0157). The workerd process that runs the Pages
 * Function and the API Worker grows with every request it serves, whatever the route (a static file served without
 * our code grows it too), and keeps what it grew to: each isolate collects its garbage only when it next allocates,
 * so an idle one never does, and workerd's allocator (tcmalloc, linked without its background release) keeps the
 * pages it was given. Nothing in a Worker can hand that back; a fresh process can. So when no request has come
 * through the front door for `idleMs` and the process holds more than `growth` times what it held when it started,
 * wrangler is asked to reload, which starts a new workerd (its proxy holds a request that arrives meanwhile).
 * Production does the same in its own way: the runtime evicts isolates as it needs (docs/decisions/0157).
 */
import { utimes } from 'node:fs/promises';
import { readStack, WORKER_BACK_WITHIN } from './memory-watch';

/** Requests through the front door: how many are being answered, how many began, when the last one ended. */
export class Activity {
  inFlight = 0;
  began = 0;
  private lastEnd: number;

  constructor(private readonly now: () => number = Date.now) {
    this.lastEnd = now();
  }

  /** A request came in; call what it answers once its answer has ended or its client has gone (once is enough). */
  begin(): () => void {
    this.inFlight++;
    this.began++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      this.lastEnd = this.now();
    };
  }

  /** How long the stack has had no request at all; 0 while one is being answered. */
  idleFor(): number {
    return this.inFlight > 0 ? 0 : this.now() - this.lastEnd;
  }
}

export interface IdleRecycleOptions {
  activity: Activity;
  /** The Workers' process now (pid, resident bytes), or null when it cannot be found. */
  read: () => { pid: number; rss: number } | null;
  /** Asks wrangler for a fresh Workers' process. */
  reload: () => Promise<void>;
  log: (line: string) => void;
  idleMs: number;
  checkMs: number;
  growth?: number;
}

const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Checks every `checkMs`. A process's start is the most it held before its first request (it is still loading at
 * first); a process that has served nothing is never recycled, so a fresh one is never recycled for its own start-up,
 * and each process is asked for at most once.
 */
export class IdleRecycle {
  private current: { pid: number; start: number; beganBefore: number; asked: boolean } | null = null;
  private timer: NodeJS.Timeout | undefined;
  private busy = false;

  constructor(private readonly options: IdleRecycleOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.checkMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async tick(): Promise<void> {
    if (this.busy) return;
    const { activity, read, growth = WORKER_BACK_WITHIN } = this.options;
    const now = read();
    if (!now) return;
    if (now.pid !== this.current?.pid) {
      this.current = { pid: now.pid, start: now.rss, beganBefore: activity.began, asked: false };
      return;
    }
    const p = this.current;
    if (activity.began === p.beganBefore) {
      p.start = Math.max(p.start, now.rss);
      return;
    }
    const idle = activity.idleFor();
    if (p.asked || idle < this.options.idleMs || now.rss <= p.start * growth) return;
    p.asked = true;
    this.busy = true;
    this.options.log(
      `The Workers' process holds ${MB(now.rss)} after ${Math.round(idle / 1000)} s without a request (${MB(p.start)} when it started): ` +
        'wrangler is reloading it to give that memory back (ADR 0157).',
    );
    try {
      await this.options.reload();
    } catch (err) {
      this.options.log(`Could not ask wrangler to reload: ${String(err)}`);
    } finally {
      this.busy = false;
    }
  }
}

/** No request through the front door for this long counts as idle; checked this often. */
const RECYCLE_IDLE_MS = 60_000;
const RECYCLE_CHECK_MS = 10_000;

/**
 * The stack's recycle (scripts/start.ts): the Workers' process is the stack's own (below this process), and the reload
 * is wrangler's own, on a change to a config it watches: touching the API Worker's config starts a new workerd while
 * wrangler's proxy holds what arrives meanwhile. `MEMEFORGE_RECYCLE=off` leaves the process alone (a debugger
 * attached to the Workers would lose its session).
 */
export function recycleWorkersWhenIdle(activity: Activity, apiConfig: string): IdleRecycle | null {
  if (process.env.MEMEFORGE_RECYCLE === 'off') return null;
  const recycle = new IdleRecycle({
    activity,
    read: () => {
      const part = readStack(process.pid).get('workerd Workers');
      return part ? { pid: part.pids[0]!, rss: part.rss } : null;
    },
    reload: async () => {
      const now = new Date();
      await utimes(apiConfig, now, now);
    },
    log: (line) => console.log(line),
    idleMs: RECYCLE_IDLE_MS,
    checkMs: RECYCLE_CHECK_MS,
  });
  recycle.start();
  return recycle;
}
