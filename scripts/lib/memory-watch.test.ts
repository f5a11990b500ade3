import { describe, expect, it } from 'vitest';
import { memoryTable, readStack, summarise, workerBack, type StackReading } from './memory-watch';
import type { Role } from './process-memory';

const MB = 1024 * 1024;
const reading = (parts: [Role, number, number[]][]): StackReading =>
  new Map(parts.map(([role, mb, pids]) => [role, { rss: mb * MB, pids }]));

describe('the soak’s memory figures', () => {
  const start = reading([
    ['front door', 80, [10]],
    ['workerd Workers', 200, [56]],
    ['Chromium', 300, [41, 42]],
  ]);
  const during = [
    reading([
      ['front door', 90, [10]],
      ['workerd Workers', 560, [56]],
      ['Chromium', 310, [41, 42]],
    ]),
    reading([
      ['front door', 95, [10]],
      ['workerd Workers', 480, [56]],
      ['Chromium', 305, [41, 42]],
    ]),
  ];

  it('gives each part its start, its peak over every reading and its figure after the idle period', () => {
    const rows = summarise(
      start,
      during,
      reading([
        ['front door', 85, [10]],
        ['workerd Workers', 520, [56]],
        ['Chromium', 300, [41, 42]],
      ]),
    );
    expect(rows.map((r) => [r.role, r.start / MB, r.peak / MB, r.idle / MB, r.ratio.toFixed(2), r.replaced])).toEqual([
      ['front door', 80, 95, 85, '1.06', false],
      ['workerd Workers', 200, 560, 520, '2.60', false],
      ['Chromium', 300, 310, 300, '1.00', false],
    ]);
    expect(workerBack(rows).ok).toBe(false);
  });

  it('marks a part whose processes were all replaced, and counts the Workers back only within 25% of the start', () => {
    const recycled = reading([
      ['front door', 85, [10]],
      ['workerd Workers', 240, [77]],
      ['Chromium', 300, [42, 43]],
    ]);
    const rows = summarise(start, during, recycled);
    expect(rows.find((r) => r.role === 'workerd Workers')).toMatchObject({ replaced: true, peak: 560 * MB });
    // One Chromium process of the start is still there: the part was not replaced.
    expect(rows.find((r) => r.role === 'Chromium')?.replaced).toBe(false);
    expect(workerBack(rows)).toMatchObject({ ok: true });
    expect(workerBack(summarise(start, during, reading([['workerd Workers', 251, [56]]]))).ok).toBe(false);
    expect(workerBack(summarise(start, during, reading([['workerd Workers', 250, [56]]]))).ok).toBe(true);
    // A part gone by the end counts as nothing left, and never as back.
    const gone = summarise(start, during, reading([]));
    expect(gone.find((r) => r.role === 'front door')).toMatchObject({ idle: 0, replaced: true });
    expect(workerBack(summarise(reading([['front door', 80, [10]]]), [], reading([]))).ok).toBe(false);
  });

  it('prints a Markdown table in MB with the ratio, and says which figure came back by a replacement', () => {
    const rows = summarise(
      start,
      during,
      reading([
        ['front door', 85, [10]],
        ['workerd Workers', 240, [77]],
        ['Chromium', 300, [41, 42]],
      ]),
    );
    const table = memoryTable(rows, 120);
    expect(table[0]).toBe('| process | start MB | peak MB | after 120 s idle MB | idle ÷ start |');
    expect(table[3]).toBe(
      '| workerd Workers (the Pages Function and the API Worker; replaced during the run) | 200 | 560 | 240 | 1.20× |',
    );
    expect(table).toHaveLength(5);
  });

  it('reads nothing below a pid that is not a stack', () => {
    expect(readStack(process.pid).size).toBe(0);
  });
});
