import { describe, expect, it } from 'vitest';
import { Activity, IdleRecycle } from './idle-recycle';

const MB = 1024 * 1024;

/** A recycle with a hand-moved clock and a Workers' process whose pid and size the test sets. */
function setup() {
  let t = 0;
  const clock = { advance: (ms: number) => void (t += ms) };
  const activity = new Activity(() => t);
  const proc = { pid: 100, rss: 200 * MB };
  const reloads: number[] = [];
  const lines: string[] = [];
  const recycle = new IdleRecycle({
    activity,
    read: () => ({ ...proc }),
    reload: async () => void reloads.push(proc.pid),
    log: (line) => lines.push(line),
    idleMs: 60_000,
    checkMs: 10_000,
  });
  /** Ticks every 10 s for `ms`. */
  const run = async (ms: number) => {
    for (let i = 0; i < ms / 10_000; i++) {
      clock.advance(10_000);
      await recycle.tick();
    }
  };
  return { clock, activity, proc, reloads, lines, recycle, run };
}

describe('the front door’s activity', () => {
  it('counts requests in flight, ends each once, and is idle only with none in flight', () => {
    let t = 1000;
    const activity = new Activity(() => t);
    const end = activity.begin();
    t += 5000;
    expect([activity.inFlight, activity.idleFor()]).toEqual([1, 0]);
    end();
    end();
    expect([activity.inFlight, activity.began]).toEqual([0, 1]);
    t += 7000;
    expect(activity.idleFor()).toBe(7000);
  });
});

describe('the idle recycle of the Workers’ process', () => {
  it('reloads once a process that served requests has grown past 1.25× its start and nothing came for 60 s', async () => {
    const { activity, proc, reloads, lines, run } = setup();
    await run(30_000); // loading: its start is the most it held before its first request
    proc.rss = 210 * MB;
    await run(10_000);
    activity.begin()();
    proc.rss = 560 * MB;
    await run(50_000);
    expect(reloads).toEqual([]); // 50 s idle
    await run(10_000);
    expect(reloads).toEqual([100]);
    expect(lines[0]).toMatch(/holds 560 MB after 60 s without a request \(210 MB when it started\)/);
    await run(120_000);
    expect(reloads).toEqual([100]); // asked once; the new process has not appeared yet
  });

  it('never reloads while a request is being answered, however long, nor within 1.25× of the start', async () => {
    const { activity, proc, reloads, run } = setup();
    await run(10_000);
    const end = activity.begin();
    proc.rss = 900 * MB;
    await run(600_000);
    expect(reloads).toEqual([]);
    end();
    proc.rss = 250 * MB;
    await run(600_000);
    expect(reloads).toEqual([]); // 1.25× of 200 MB
    proc.rss = 251 * MB;
    await run(10_000);
    expect(reloads).toEqual([100]);
  });

  it('takes a new process as a new start, and never reloads one that has served nothing', async () => {
    const { activity, proc, reloads, run } = setup();
    await run(10_000);
    activity.begin()();
    proc.rss = 600 * MB;
    await run(60_000);
    expect(reloads).toEqual([100]);
    // The fresh process starts small and settles above 1.25× of its first reading: no request, no reload.
    Object.assign(proc, { pid: 200, rss: 120 * MB });
    await run(10_000);
    proc.rss = 215 * MB;
    await run(600_000);
    expect(reloads).toEqual([100]);
    // Its start is what it settled at: it is reloaded only past 1.25× that.
    activity.begin()();
    proc.rss = 260 * MB;
    await run(120_000);
    expect(reloads).toEqual([100]);
    proc.rss = 300 * MB;
    await run(10_000);
    expect(reloads).toEqual([100, 200]);
  });

  it('does nothing while the Workers’ process cannot be found', async () => {
    let t = 0;
    const activity = new Activity(() => t);
    const reloads: number[] = [];
    const recycle = new IdleRecycle({
      activity,
      read: () => null,
      reload: async () => void reloads.push(1),
      log: () => undefined,
      idleMs: 0,
      checkMs: 1,
    });
    activity.begin()();
    t += 1_000_000;
    await recycle.tick();
    expect(reloads).toEqual([]);
  });
});
