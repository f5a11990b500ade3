/**
 * The soak's memory figures (scripts/soak.ts, ADR 0157): each part of a local stack at the start, at its peak and
 * after the idle period, from the resident size of its processes (scripts/lib/process-memory.ts), and the table the
 * soak prints. A part whose process was replaced during the run (the Workers' workerd recycled when idle, a service
 * restarted by its supervisor) is marked, so a figure that came back by a restart is never read as one that came back
 * by itself.
 */
import { listProcesses, readMemory, ROLES, stackProcesses, type Role } from './process-memory';

/** One reading of every part: resident bytes summed over its processes, and their pids. */
export type StackReading = Map<Role, { rss: number; pids: number[] }>;

export function readStack(root: number): StackReading {
  const out: StackReading = new Map();
  for (const { role, pid } of stackProcesses(listProcesses(), root)) {
    const memory = readMemory(pid);
    if (!memory) continue;
    const part = out.get(role) ?? { rss: 0, pids: [] };
    part.rss += memory.rss;
    part.pids.push(pid);
    out.set(role, part);
  }
  return out;
}

export interface MemoryRow {
  role: Role;
  start: number;
  peak: number;
  idle: number;
  /** After the idle period ÷ start. */
  ratio: number;
  /** True when none of the processes at the start is still there after the idle period. */
  replaced: boolean;
}

/** Start, peak (over every reading, start and idle included) and idle figures of each part present at the start. */
export function summarise(start: StackReading, readings: StackReading[], idle: StackReading): MemoryRow[] {
  const rows: MemoryRow[] = [];
  for (const role of ROLES) {
    const first = start.get(role);
    if (!first) continue;
    const last = idle.get(role);
    const peak = Math.max(first.rss, last?.rss ?? 0, ...readings.map((r) => r.get(role)?.rss ?? 0));
    const idleRss = last?.rss ?? 0;
    rows.push({
      role,
      start: first.rss,
      peak,
      idle: idleRss,
      ratio: idleRss / first.rss,
      replaced: !first.pids.some((pid) => last?.pids.includes(pid)),
    });
  }
  return rows;
}

const NOTES: Partial<Record<Role, string>> = {
  'front door': 'scripts/start.ts (front door, supervisors)',
  'workerd proxy': "wrangler's proxy in front of the Workers",
  'workerd Workers': 'the Pages Function and the API Worker',
  Chromium: 'all its processes, shared pages counted in each',
};

const MB = (bytes: number) => Math.round(bytes / (1024 * 1024)).toLocaleString('en-US');

/** The table, in Markdown, as docs/benchmarks.md keeps it. */
export function memoryTable(rows: MemoryRow[], idleSeconds: number): string[] {
  const lines = [
    `| process | start MB | peak MB | after ${idleSeconds} s idle MB | idle ÷ start |`,
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const note = [NOTES[r.role], r.replaced ? 'replaced during the run' : ''].filter(Boolean).join('; ');
    lines.push(
      `| ${r.role}${note ? ` (${note})` : ''} | ${MB(r.start)} | ${MB(r.peak)} | ${MB(r.idle)} | ${r.ratio.toFixed(2)}× |`,
    );
  }
  return lines;
}

/**
 * The goal of ADR 0157: the Workers' process back within 25% of its start after the idle period. The stack's idle
 * recycle (scripts/lib/idle-recycle.ts) reloads a process grown past it.
 */
export const WORKER_BACK_WITHIN = 1.25;

export function workerBack(rows: MemoryRow[]): { ok: boolean; row: MemoryRow | undefined } {
  const row = rows.find((r) => r.role === 'workerd Workers');
  return { ok: row !== undefined && row.ratio <= WORKER_BACK_WITHIN, row };
}
