import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { groupAlive, spawnGroup } from './process-groups';
import { Backoff, Supervisor, type BackoffOptions } from './supervisor';

// Real child processes (node -e), with the waits scaled down so a run takes under a few seconds.
const FAST: BackoffOptions = { initialMs: 50, maxMs: 200, resetAfterMs: 1000 };

const node = (script: string) => () => spawnGroup(process.execPath, ['-e', script], { stdio: 'ignore' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const running: Supervisor[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop(500)));
});

function supervise(
  spawn: () => ChildProcess,
  options: { probe?: () => Promise<boolean>; backoff?: BackoffOptions } = {},
) {
  const lines: string[] = [];
  const starts: number[] = [];
  const supervisor = new Supervisor(
    {
      name: 'test-service',
      spawn: () => {
        starts.push(Date.now());
        return spawn();
      },
      probe: options.probe,
    },
    { backoff: options.backoff ?? FAST, log: (line) => lines.push(line), watchMs: 30, watchMisses: 2 },
  );
  running.push(supervisor);
  supervisor.start();
  return { supervisor, lines, starts };
}

describe('Backoff', () => {
  it('doubles from the first wait up to the cap', () => {
    const b = new Backoff({ initialMs: 500, maxMs: 10_000, resetAfterMs: 60_000 });
    expect(Array.from({ length: 7 }, () => b.next(100))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('starts again from the first wait after a run of a minute', () => {
    const b = new Backoff({ initialMs: 500, maxMs: 10_000, resetAfterMs: 60_000 });
    for (let i = 0; i < 3; i++) b.next(0);
    expect(b.next(59_999)).toBe(4000);
    expect(b.next(60_000)).toBe(500);
    expect(b.next(10)).toBe(1000);
  });
});

describe('Supervisor', () => {
  it('restarts a child that keeps dying, waiting longer each time up to the cap, one log line per restart', async () => {
    const { lines, starts } = supervise(node('process.exit(3)'));
    await until('five starts', () => starts.length >= 5);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    // 50, 100, 200, 200 ms (plus the time node takes to start and exit).
    expect(gaps[0]).toBeGreaterThanOrEqual(50);
    expect(gaps[1]).toBeGreaterThanOrEqual(100);
    expect(gaps[2]).toBeGreaterThanOrEqual(200);
    expect(gaps[3]).toBeGreaterThanOrEqual(200);
    expect(gaps[3]).toBeLessThan(gaps[2]! + 1000);
    expect(lines.slice(0, 4)).toEqual([
      'test-service exited (code 3); restarting in 0.05 s',
      'test-service exited (code 3); restarting in 0.1 s',
      'test-service exited (code 3); restarting in 0.2 s',
      'test-service exited (code 3); restarting in 0.2 s',
    ]);
  });

  it('restarts a child killed with SIGKILL and says so', async () => {
    const { supervisor, lines, starts } = supervise(node('setInterval(() => {}, 1000)'), {
      backoff: { initialMs: 1000, maxMs: 10_000, resetAfterMs: 60_000 },
    });
    await until('the first run', () => supervisor.child?.pid !== undefined);
    const first = supervisor.child!;
    process.kill(first.pid!, 'SIGKILL');
    await until('the restart', () => starts.length === 2, 3000);
    expect(lines).toEqual(['test-service exited (signal SIGKILL); restarting in 1 s']);
    expect(supervisor.child).not.toBe(first);
    expect(supervisor.restarts).toBe(1);
  });

  it('waits the first delay again once a run lasted long enough', async () => {
    // Dies at once twice, then runs 1.2 s (past resetAfterMs) before dying.
    let run = 0;
    const { lines, starts } = supervise(() => node(`setTimeout(() => process.exit(1), ${++run >= 3 ? 1200 : 0})`)());
    await until('the fourth start', () => starts.length >= 4, 6000);
    expect(lines.slice(0, 3).map((l) => l.replace(/.*restarting in /, ''))).toEqual(['0.05 s', '0.1 s', '0.05 s']);
    expect(lines[2]).toBe('test-service exited (code 1); restarting in 0.05 s');
  });

  it('does not restart during shutdown, and stops the whole process group', async () => {
    // A child with a grandchild in its group, as a service with its browser.
    const { supervisor, starts } = supervise(
      node(
        `require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); setInterval(() => {}, 1000)`,
      ),
    );
    await until('the first run', () => supervisor.child?.pid !== undefined);
    const child = supervisor.child!;
    await sleep(200);
    await supervisor.stop(1000);
    // Killed processes of the group stay visible until they are reaped (the grandchild by init): give it a moment.
    await until('the group to be gone', () => !groupAlive(child));
    await sleep(300);
    expect(starts).toHaveLength(1);
  });

  it('cancels a restart already scheduled when it is stopped', async () => {
    const { supervisor, lines, starts } = supervise(node('process.exit(1)'), {
      backoff: { initialMs: 300, maxMs: 300, resetAfterMs: 60_000 },
    });
    await until('the first exit', () => lines.length === 1);
    await supervisor.stop();
    await sleep(500);
    expect(starts).toHaveLength(1);
  });

  it('kills what a dead child left in its group before starting the next run', async () => {
    // The child starts a grandchild, then dies; the grandchild would otherwise hold the port.
    let run = 0;
    const { supervisor, starts } = supervise(() =>
      ++run === 1
        ? node(
            `require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); setTimeout(() => process.exit(1), 200)`,
          )()
        : node('setInterval(() => {}, 1000)')(),
    );
    await until('the first run', () => supervisor.child?.pid !== undefined);
    const first = supervisor.child!;
    await until('the restart', () => starts.length === 2);
    await until('the first group to be gone', () => !groupAlive(first));
  });

  it('leaves the port to another copy that answers, and starts its own when that copy stops answering', async () => {
    let otherCopyUp = true;
    const { supervisor, lines, starts } = supervise(node('process.exit(0)'), { probe: async () => otherCopyUp });
    await until('standing by', () => lines.length === 1);
    expect(lines[0]).toBe(
      'test-service exited (code 0) and another copy answers on its port; using that one and watching it',
    );
    await sleep(200);
    expect(starts).toHaveLength(1);
    expect(supervisor.child).toBeUndefined();
    otherCopyUp = false;
    await until('our own copy', () => starts.length === 2);
    expect(lines[1]).toBe('test-service: the other copy stopped answering; restarting in 0.05 s');
  });
});
