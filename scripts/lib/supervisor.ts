/**
 * Keeps one of `npm start`'s local services running (ADR 0117): a service that exits or is killed is started again
 * after a backoff (0.5 s doubling to 10 s, back to 0.5 s once a run lasted a minute), with one log line per restart.
 * A service that finds its port taken exits at once and leaves the port to the copy already there (another stack's);
 * the supervisor then watches that copy's health and starts its own when the copy stops answering.
 */
import type { ChildProcess } from 'node:child_process';
import { groupAlive, signalGroup, stopGroups, type Watchdog } from './process-groups';

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** A run at least this long counts as healthy: the next restart waits `initialMs` again. */
  resetAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 10_000, resetAfterMs: 60_000 };

/** The waits between restarts, given how long each run lasted. */
export class Backoff {
  private attempt = 0;
  constructor(private readonly options: BackoffOptions = DEFAULT_BACKOFF) {}

  next(uptimeMs: number): number {
    if (uptimeMs >= this.options.resetAfterMs) this.attempt = 0;
    const delay = Math.min(this.options.initialMs * 2 ** this.attempt, this.options.maxMs);
    this.attempt += 1;
    return delay;
  }
}

export interface ServiceSpec {
  /** As it appears in the log: `local-images`. */
  name: string;
  /** Starts one run of the service, in its own process group (process-groups.ts `spawnGroup`). */
  spawn: () => ChildProcess;
  /** Whether something answers on the service's port: ours, or a copy another stack runs. */
  probe?: () => Promise<boolean>;
}

export interface SupervisorOptions {
  backoff?: BackoffOptions;
  /** How often a copy run by someone else is asked whether it still answers. */
  watchMs?: number;
  /** Consecutive unanswered probes before that copy counts as gone. */
  watchMisses?: number;
  log?: (line: string) => void;
  watchdog?: Watchdog;
}

const seconds = (ms: number) => `${Number((ms / 1000).toPrecision(2))} s`;
const why = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `signal ${signal}` : code === null ? 'not started' : `code ${code}`;

export class Supervisor {
  /** How many times the service was started again after an exit. */
  restarts = 0;
  private current: ChildProcess | undefined;
  private startedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private readonly backoff: Backoff;
  private readonly log: (line: string) => void;

  constructor(
    private readonly spec: ServiceSpec,
    private readonly options: SupervisorOptions = {},
  ) {
    this.backoff = new Backoff(options.backoff);
    this.log = options.log ?? ((line) => console.warn(line));
  }

  /** The run now going, if any (none while waiting to restart or while another copy serves the port). */
  get child(): ChildProcess | undefined {
    return this.current;
  }

  start(): void {
    if (this.stopping) return;
    const child = this.spec.spawn();
    this.current = child;
    this.startedAt = Date.now();
    this.options.watchdog?.watch(child);
    let ended = false;
    const end = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      void this.exited(child, code, signal);
    };
    child.once('exit', end);
    // A spawn that fails (no such program) may end with 'error' alone.
    child.on('error', (err) => {
      this.log(`${this.spec.name} could not start: ${err.message}`);
      if (child.pid === undefined) end(null, null);
    });
  }

  /** Stops the service for good: no restart after this, even one already scheduled. */
  async stop(graceMs = 5000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    if (this.current) await stopGroups([this.current], graceMs);
  }

  private async exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null) {
    // What the service left behind in its group (a browser, a helper) goes with it, so the new run finds the port free.
    if (groupAlive(child)) {
      signalGroup(child, 'SIGKILL');
      for (let i = 0; i < 20 && groupAlive(child); i++) await new Promise((r) => setTimeout(r, 50));
    }
    this.options.watchdog?.forget(child);
    if (this.current === child) this.current = undefined;
    if (this.stopping) return;
    const uptime = Date.now() - this.startedAt;
    if (this.spec.probe && (await this.spec.probe())) {
      if (this.stopping) return;
      this.log(
        `${this.spec.name} exited (${why(code, signal)}) and another copy answers on its port; using that one and watching it`,
      );
      this.watchOther();
      return;
    }
    if (this.stopping) return;
    this.restartIn(this.backoff.next(uptime), `${this.spec.name} exited (${why(code, signal)})`);
  }

  private restartIn(delay: number, reason: string) {
    this.log(`${reason}; restarting in ${seconds(delay)}`);
    this.timer = setTimeout(() => {
      this.restarts += 1;
      this.start();
    }, delay);
  }

  /** Probes the copy someone else runs until it stops answering, then starts ours. */
  private watchOther(since = Date.now(), misses = 0) {
    const { watchMs = 2000, watchMisses = 2 } = this.options;
    this.timer = setTimeout(async () => {
      const answered = await this.spec.probe!();
      if (this.stopping) return;
      if (answered) return this.watchOther(since, 0);
      if (misses + 1 < watchMisses) return this.watchOther(since, misses + 1);
      // Time served by the other copy counts as a healthy run: a copy that ran for a minute resets the backoff.
      this.restartIn(this.backoff.next(Date.now() - since), `${this.spec.name}: the other copy stopped answering`);
    }, watchMs);
  }
}
