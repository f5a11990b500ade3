/**
 * Long-running children of `npm start` each get their own process group (`detached: true`), so stopping one reaches
 * its whole tree: npx, wrangler and the workerd processes wrangler spawns, or a service and the Chromium it drives,
 * which otherwise outlive a signal to the first process and keep the port (ADR 0101).
 * Process groups are POSIX; on Windows the children are plain children, stopped one by one.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import type { Socket } from 'node:net';

export const POSIX = process.platform !== 'win32';

export function spawnGroup(cmd: string, args: string[], options: SpawnOptions): ChildProcess {
  return spawn(cmd, args, { ...options, detached: POSIX });
}

/** True while any process of the child's group still exists. */
export function groupAlive(child: ChildProcess): boolean {
  if (!child.pid) return false;
  if (!POSIX) return child.exitCode === null && child.signalCode === null;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  if (!POSIX) return void child.kill(signal);
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

/** SIGTERM to each group, SIGKILL to whatever of them is left after the grace period. */
export async function stopGroups(children: ChildProcess[], graceMs = 5000): Promise<void> {
  const live = children.filter(groupAlive);
  for (const c of live) signalGroup(c, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (live.some(groupAlive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  for (const c of live) if (groupAlive(c)) signalGroup(c, 'SIGKILL');
}

/**
 * If `npm start` is killed outright (SIGKILL: no handler runs), a small detached watchdog kills the groups it leaves
 * behind. Groups come and go (a supervised service is restarted in a new group), so the watchdog is told each one
 * on its stdin; that pipe closing is how it learns its parent is gone, at once and without polling.
 */
export interface Watchdog {
  watch(child: ChildProcess): void;
  forget(child: ChildProcess): void;
}

const WATCHDOG = `const groups = new Set();
let rest = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (rest + chunk).split('\\n');
  rest = lines.pop();
  for (const line of lines) {
    const [verb, pgid] = line.split(' ');
    if (verb === 'watch') groups.add(Number(pgid));
    if (verb === 'forget') groups.delete(Number(pgid));
  }
});
process.stdin.on('close', () => {
  for (const g of groups) { try { process.kill(-g, 'SIGKILL'); } catch {} }
  process.exit(0);
});`;

export function startWatchdog(): Watchdog {
  if (!POSIX) return { watch: () => undefined, forget: () => undefined };
  const dog = spawn(process.execPath, ['-e', WATCHDOG], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
  dog.unref();
  // The pipe must not keep this process alive either.
  (dog.stdin as unknown as Socket).unref();
  dog.stdin!.on('error', () => undefined);
  const say = (line: string) => void dog.stdin!.write(`${line}\n`);
  return {
    watch: (child) => child.pid && say(`watch ${child.pid}`),
    forget: (child) => child.pid && say(`forget ${child.pid}`),
  };
}
