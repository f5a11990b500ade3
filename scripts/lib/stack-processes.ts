/**
 * The processes of `npm start` (scripts/start.ts) and how the stack ends: on a signal, when wrangler ends on its own,
 * or when a launcher above it is gone, it stops its supervised services and wrangler (each a process group of its own,
 * process-groups.ts) and exits.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { groupAlive, signalGroup, stopGroups } from './process-groups';
import type { Supervisor } from './supervisor';

export class StackProcesses {
  /** The supervised services (scripts/lib/supervisor.ts, ADR 0117), and wrangler, which is not restarted. */
  readonly supervisors: Supervisor[] = [];
  server: ChildProcess | undefined;
  stopping = false;
  /** True while wrangler is being stopped by the wedge watch, to be started again: its exit does not end the stack. */
  restarting = false;

  readonly shutdown = async (code: number) => {
    if (this.stopping) return;
    this.stopping = true;
    await Promise.all([...this.supervisors.map((s) => s.stop()), this.server ? stopGroups([this.server]) : undefined]);
    process.exit(code);
  };

  /** Stops the stack on SIGINT, SIGTERM and SIGHUP; on any other way out, kills what is left. */
  stopOnSignals(): void {
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
      ['SIGHUP', 129],
    ] as const)
      process.on(signal, () => void this.shutdown(code));
    // Last resort on any exit path (an uncaught error, process.exit): synchronous, so only SIGKILL.
    process.on('exit', () => {
      for (const c of [...this.supervisors.map((s) => s.child), this.server])
        if (c && groupAlive(c)) signalGroup(c, 'SIGKILL');
    });
  }

  /**
   * `kill <npm pid>` ends npm and its `sh -c`, but sh does not pass the signal on: tsx and this script would run on
   * with the server. So watch the launchers above us (tsx, sh, npm: up to three) and stop when one of them is gone.
   * (Only gone: a launcher merely re-parented, as in `(npm start &)`, is still running.) Linux only (/proc); elsewhere
   * stop with Ctrl+C or a signal to this process.
   */
  stopWithLaunchers(): void {
    const launchers: number[] = [];
    for (let pid = process.ppid; launchers.length < 3 && pid > 1; ) {
      const parent = parentOf(pid);
      if (parent === null) break;
      launchers.push(pid);
      pid = parent;
    }
    if (launchers.length === 0) return;
    setInterval(() => {
      if (launchers.some((pid) => parentOf(pid) === null)) void this.shutdown(143);
    }, 1000).unref();
  }
}

/** The parent of a live process, from /proc (Linux); null when it is gone (or a zombie) or /proc is not there. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return state === 'Z' ? null : Number(parent);
  } catch {
    return null;
  }
}
