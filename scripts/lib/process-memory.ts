/**
 * The memory of each process of a local stack (scripts/lib/stack.ts), read from /proc by pid, for the soak
 * (scripts/soak.ts, ADR 0157). A stack is a tree: the front door (scripts/start.ts, in whose process it runs), wrangler
 * (Node) with its esbuild and two workerd processes (its proxy, and the one running the Pages Function and the API
 * Worker), and the three services, local-render with its Chromium. Each is found by its command line among the
 * descendants of the stack's first process, so another stack's copies on the same machine are never counted.
 * Linux only; elsewhere there is nothing to read and the soak says so.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** NUL-separated arguments joined by spaces. */
  cmdline: string;
}

/** pid and parent pid from the text of /proc/<pid>/stat (the command name may hold spaces and parentheses). */
export function parseStat(text: string): { pid: number; ppid: number; state: string } | null {
  const close = text.lastIndexOf(')');
  const pid = Number.parseInt(text, 10);
  if (close < 0 || !Number.isInteger(pid)) return null;
  const [state, ppid] = text.slice(close + 2).split(' ');
  if (!state || !ppid || !/^\d+$/.test(ppid)) return null;
  return { pid, ppid: Number(ppid), state };
}

/** A `Name:   123 kB` line of /proc/<pid>/status or smaps_rollup, in bytes; null when the line is absent. */
export function parseKbLine(text: string, name: string): number | null {
  const m = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(text);
  return m ? Number(m[1]) * 1024 : null;
}

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** Every live process now (zombies left out). */
export function listProcesses(): ProcessEntry[] {
  const out: ProcessEntry[] = [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    const parsed = stat ? parseStat(stat) : null;
    if (!parsed || parsed.state === 'Z') continue;
    out.push({
      pid: parsed.pid,
      ppid: parsed.ppid,
      cmdline: (read(`/proc/${name}/cmdline`) ?? '').split('\0').join(' ').trim(),
    });
  }
  return out;
}

/** `root` and everything below it. */
export function descendants(all: ProcessEntry[], root: number): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: ProcessEntry[] = [];
  const self = all.find((p) => p.pid === root);
  const queue = self ? [self] : [];
  while (queue.length) {
    const p = queue.shift()!;
    out.push(p);
    queue.push(...(children.get(p.pid) ?? []));
  }
  return out;
}

/** The parts of a stack the soak reports, in its table's order. */
export const ROLES = [
  'front door',
  'wrangler',
  'wrangler esbuild',
  'workerd proxy',
  'workerd Workers',
  'local-ai',
  'local-images',
  'local-render',
  'Chromium',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * Which part of the stack a process is, from its command line and its parent's role; null for launchers (npm, sh,
 * the tsx wrapper), the watchdog and the services' own esbuild. The workerd that runs the Workers is the one wrangler
 * gives an inspector (`--inspector-addr`); the other is wrangler's proxy in front of it.
 */
export function classify(cmdline: string, parentRole: Role | null): Role | null {
  if (/\/workerd serve /.test(cmdline)) return /--inspector-addr/.test(cmdline) ? 'workerd Workers' : 'workerd proxy';
  if (/wrangler-dist\/cli\.js pages dev/.test(cmdline)) return 'wrangler';
  if (/\/esbuild --service/.test(cmdline)) return parentRole === 'wrangler' ? 'wrangler esbuild' : null;
  if (/chrom(e|ium)/i.test(cmdline) && (parentRole === 'local-render' || parentRole === 'Chromium')) return 'Chromium';
  for (const service of ['local-ai', 'local-images', 'local-render'] as const) {
    if (cmdline.includes(`--import tsx ${service}/main.ts`)) return service;
  }
  if (/scripts\/start\.ts/.test(cmdline) && /--import/.test(cmdline)) return 'front door';
  return null;
}

/**
 * The stack's processes under `root` with their roles (a role can have several, e.g. Chromium's). A launcher between
 * a role and its child (npm exec, sh -c) passes the role down, so wrangler's esbuild is known by its parent.
 */
export function stackProcesses(all: ProcessEntry[], root: number): { role: Role; pid: number }[] {
  const inherited = new Map<number, Role | null>();
  const out: { role: Role; pid: number }[] = [];
  // descendants() lists parents before their children.
  for (const p of descendants(all, root)) {
    const role = classify(p.cmdline, inherited.get(p.ppid) ?? null);
    inherited.set(p.pid, role ?? inherited.get(p.ppid) ?? null);
    if (role) out.push({ role, pid: p.pid });
  }
  return out;
}

export interface MemoryReading {
  /** Resident set, bytes. */
  rss: number;
  /** Proportional set (shared pages divided among their users), bytes: what a sum over processes may add up. */
  pss: number;
}

/** One process's memory now; null when it is gone. */
export function readMemory(pid: number): MemoryReading | null {
  const status = read(`/proc/${pid}/status`);
  const rss = status ? parseKbLine(status, 'VmRSS') : null;
  if (rss === null) return null;
  const rollup = read(`/proc/${pid}/smaps_rollup`);
  return { rss, pss: (rollup ? parseKbLine(rollup, 'Pss') : null) ?? rss };
}

/**
 * The TCP ports a process listens on, from /proc/net/tcp (IPv4) matched to its socket descriptors. `tcpTable` is
 * that file's text; `socketInodes` the inodes of /proc/<pid>/fd's `socket:[inode]` links.
 */
export function listeningPorts(tcpTable: string, socketInodes: Set<string>): number[] {
  const ports: number[] = [];
  for (const line of tcpTable.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    // local_address is "IP:PORT" in hex; st 0A is LISTEN; the inode is the tenth field.
    if (f.length < 10 || f[3] !== '0A' || !socketInodes.has(f[9]!)) continue;
    ports.push(Number.parseInt(f[1]!.split(':')[1]!, 16));
  }
  return ports;
}

/** The ports `pid` listens on now (IPv4); empty when it cannot be read. */
export function portsOf(pid: number): number[] {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]!);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    return [];
  }
  return listeningPorts(read('/proc/net/tcp') ?? '', inodes);
}

/** The inode of the socket listening on `port` (IPv4, any address) in /proc/net/tcp's text; null when none listens. */
export function listeningInode(tcpTable: string, port: number): string | null {
  for (const line of tcpTable.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length >= 10 && f[3] === '0A' && Number.parseInt(f[1]!.split(':')[1]!, 16) === port) return f[9]!;
  }
  return null;
}

/** The process listening on `port` here (a stack's front door, for `soak --api`); null when none of ours does. */
export function listenerOf(port: number): number | null {
  const inode = listeningInode(read('/proc/net/tcp') ?? '', port);
  if (!inode) return null;
  for (const p of listProcesses()) {
    try {
      if (
        readdirSync(`/proc/${p.pid}/fd`).some((fd) => readlinkSync(`/proc/${p.pid}/fd/${fd}`) === `socket:[${inode}]`)
      )
        return p.pid;
    } catch {
      // not ours to read, or gone
    }
  }
  return null;
}
