import { describe, expect, it } from 'vitest';
import {
  classify,
  descendants,
  listeningInode,
  listeningPorts,
  listProcesses,
  parseKbLine,
  parseStat,
  readMemory,
  stackProcesses,
  type ProcessEntry,
} from './process-memory';

describe('reading /proc', () => {
  it('reads pid, state and parent from a stat line whose command name holds spaces and parentheses', () => {
    expect(parseStat('4242 (node (tsx) x) S 4200 4242 4242 0 -1 4194304 2045 0 0 0')).toEqual({
      pid: 4242,
      ppid: 4200,
      state: 'S',
    });
    expect(parseStat('garbage')).toBeNull();
    expect(parseStat('12 (cut')).toBeNull();
  });

  it('reads a kB line of status or smaps_rollup in bytes, and tells an absent line from zero', () => {
    const status = 'Name:\tworkerd\nVmPeak:\t 9999 kB\nVmRSS:\t  215944 kB\nRssAnon:\t  146452 kB\n';
    expect(parseKbLine(status, 'VmRSS')).toBe(215944 * 1024);
    expect(parseKbLine(status, 'RssAnon')).toBe(146452 * 1024);
    expect(parseKbLine('Pss:                   0 kB\n', 'Pss')).toBe(0);
    expect(parseKbLine(status, 'Pss')).toBeNull();
  });

  it('finds the ports a process listens on, and the socket listening on a port, from /proc/net/tcp', () => {
    const table = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:A3D5 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1 0000000000000000 100 0 0 10 0',
      '   1: 0100007F:22B2 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 222 1 0000000000000000 100 0 0 10 0',
      '   2: 0100007F:A3D5 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000     0        0 333 1 0000000000000000 20 4 30 10 -1',
    ].join('\n');
    // 0xA3D5 = 41941, 0x22B2 = 8882; the third line is an established connection, not a listener.
    expect(listeningPorts(table, new Set(['111', '333']))).toEqual([41941]);
    expect(listeningPorts(table, new Set(['111', '222']))).toEqual([41941, 8882]);
    expect(listeningInode(table, 8882)).toBe('222');
    expect(listeningInode(table, 8883)).toBeNull();
  });

  it('reads this process: it is listed with its parent, and has a resident size', () => {
    const me = listProcesses().find((p) => p.pid === process.pid);
    expect(me?.ppid).toBe(process.ppid);
    expect(readMemory(process.pid)?.rss).toBeGreaterThan(10 * 1024 * 1024);
    expect(readMemory(2 ** 22 + 12345)).toBeNull();
  });
});

// A stack as `ps` showed it (pids made up, command lines shortened to what matters).
const NODE = '/work/main/node_modules/node/bin/node';
const STACK: ProcessEntry[] = [
  { pid: 1, ppid: 0, cmdline: 'init' },
  {
    pid: 10,
    ppid: 1,
    cmdline: `${NODE} --require tsx/dist/preflight.cjs --import file:///tsx/dist/loader.mjs scripts/start.ts --fresh --no-build`,
  },
  { pid: 11, ppid: 10, cmdline: '/node_modules/@esbuild/linux-x64/bin/esbuild --service=0.28.2 --ping' },
  { pid: 12, ppid: 10, cmdline: `${NODE} -e const groups = new Set();` },
  { pid: 20, ppid: 10, cmdline: `${NODE} --import tsx local-ai/main.ts` },
  { pid: 21, ppid: 20, cmdline: '/node_modules/@esbuild/linux-x64/bin/esbuild --service=0.28.2 --ping' },
  { pid: 30, ppid: 10, cmdline: `${NODE} --import tsx local-images/main.ts` },
  { pid: 40, ppid: 10, cmdline: `${NODE} --import tsx local-render/main.ts` },
  { pid: 41, ppid: 40, cmdline: '/usr/lib/chromium/chromium --headless --no-sandbox' },
  { pid: 42, ppid: 41, cmdline: '/usr/lib/chromium/chromium --type=zygote --no-sandbox' },
  { pid: 43, ppid: 42, cmdline: '/usr/lib/chromium/chromium --type=gpu-process' },
  { pid: 50, ppid: 10, cmdline: 'npm exec wrangler pages dev ./public -c wrangler.toml' },
  { pid: 51, ppid: 50, cmdline: "sh -c 'wrangler' pages dev ./public" },
  { pid: 52, ppid: 51, cmdline: 'node /work/wt/node_modules/.bin/wrangler pages dev ./public' },
  {
    pid: 53,
    ppid: 52,
    cmdline: `${NODE} --no-warnings /node_modules/wrangler/wrangler-dist/cli.js pages dev ./public -c wrangler.toml`,
  },
  { pid: 54, ppid: 53, cmdline: '/node_modules/@esbuild/linux-x64/bin/esbuild --service=0.28.2 --ping' },
  {
    pid: 55,
    ppid: 53,
    cmdline:
      '/node_modules/@cloudflare/workerd-linux-64/bin/workerd serve --binary --experimental --socket-addr=entry=127.0.0.1:46087 --control-fd=3 -',
  },
  {
    pid: 56,
    ppid: 53,
    cmdline:
      '/node_modules/@cloudflare/workerd-linux-64/bin/workerd serve --binary --experimental --socket-addr=entry=127.0.0.1:0 --control-fd=3 - --inspector-addr=127.0.0.1:0',
  },
  // Another stack on the same machine: never counted.
  { pid: 90, ppid: 1, cmdline: `${NODE} --import tsx local-images/main.ts` },
  {
    pid: 91,
    ppid: 1,
    cmdline: '/node_modules/@cloudflare/workerd-linux-64/bin/workerd serve --binary --inspector-addr=127.0.0.1:0',
  },
];

const cmdline = (pid: number) => STACK.find((p) => p.pid === pid)!.cmdline;

describe('the parts of a stack', () => {
  it('names each part by its command line, wrangler’s esbuild and Chromium by their parent', () => {
    expect(classify(cmdline(55), 'wrangler')).toBe('workerd proxy');
    expect(classify(cmdline(56), 'wrangler')).toBe('workerd Workers');
    expect(classify(cmdline(54), 'wrangler')).toBe('wrangler esbuild');
    expect(classify(cmdline(54), 'local-ai')).toBeNull();
    expect(classify(cmdline(10), null)).toBe('front door');
    expect(classify('/usr/lib/chromium/chromium --headless', 'local-render')).toBe('Chromium');
    expect(classify('/usr/lib/chromium/chromium --headless', null)).toBeNull();
  });

  it('lists the stack below its first process, parents first, and leaves launchers and other stacks out', () => {
    expect(descendants(STACK, 50).map((p) => p.pid)).toEqual([50, 51, 52, 53, 54, 55, 56]);
    expect(stackProcesses(STACK, 10)).toEqual([
      { role: 'front door', pid: 10 },
      { role: 'local-ai', pid: 20 },
      { role: 'local-images', pid: 30 },
      { role: 'local-render', pid: 40 },
      { role: 'Chromium', pid: 41 },
      { role: 'Chromium', pid: 42 },
      { role: 'Chromium', pid: 43 },
      { role: 'wrangler', pid: 53 },
      { role: 'wrangler esbuild', pid: 54 },
      { role: 'workerd proxy', pid: 55 },
      { role: 'workerd Workers', pid: 56 },
    ]);
    expect(stackProcesses(STACK, 999)).toEqual([]);
  });
});
