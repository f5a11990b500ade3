/**
 * scripts/lib/pause-bundlers.ts: it finds the processes called esbuild in one process group only, pauses them, and a
 * paused group still stops at once with stopGroups (SIGTERM, then SIGCONT) rather than after the SIGKILL grace, and a
 * change to a file wrangler's own watchers follow resumes them (a rebuild they would otherwise never answer).
 * A copy of `sleep` named `esbuild` stands in for wrangler's service process.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { bundlersInGroup, pauseBundlers, pauseBundlersUntilChange } from './pause-bundlers';
import { groupAlive, spawnGroup, stopGroups } from './process-groups';

const linux = process.platform === 'linux';
const dir = mkdtempSync(join(tmpdir(), 'pause-bundlers-'));
const children: ChildProcess[] = [];

const state = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
};

/** The process's state once it is `want` (signals land asynchronously), or what it is after 2 s. */
async function settled(pid: number, want: string) {
  for (let i = 0; i < 40 && state(pid) !== want; i++) await new Promise((r) => setTimeout(r, 50));
  return state(pid);
}

function start(name: string): ChildProcess {
  // A copy of its own: a running executable cannot be overwritten (ETXTBSY).
  const path = join(mkdtempSync(join(dir, 'bin-')), name);
  copyFileSync('/bin/sleep', path);
  const child = spawnGroup(path, ['60'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

afterAll(async () => {
  await stopGroups(children, 1000);
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!linux)('pausing wrangler’s bundlers', () => {
  it('finds the esbuild of one group, not a process of another name or another group', async () => {
    const bundler = start('esbuild');
    const other = start('workerd');
    const elsewhere = start('esbuild');
    await new Promise((r) => setTimeout(r, 100));
    expect(bundlersInGroup(bundler.pid!)).toEqual([bundler.pid]);
    expect(bundlersInGroup(other.pid!)).toEqual([]);
    expect(bundlersInGroup(elsewhere.pid!)).toEqual([elsewhere.pid]);
    expect(bundlersInGroup(bundler.pid!, join(dir, 'no-proc-here'))).toEqual([]);
  });

  it('pauses it, and stopGroups still ends the paused group at once', { timeout: 15_000 }, async () => {
    const bundler = start('esbuild');
    await new Promise((r) => setTimeout(r, 100));
    expect(pauseBundlers(bundler.pid!)).toEqual([bundler.pid]);
    expect(await settled(bundler.pid!, 'T')).toBe('T');
    const began = Date.now();
    await stopGroups([bundler], 5000);
    expect(groupAlive(bundler)).toBe(false);
    // Without the SIGCONT the SIGTERM waits while the process is stopped, and only the SIGKILL after 5 s ends it.
    expect(Date.now() - began).toBeLessThan(3000);
  });

  it('resumes them when a watched file changes, not when another file of the same directory does', async () => {
    const bundler = start('esbuild');
    await new Promise((r) => setTimeout(r, 100));
    const project = mkdtempSync(join(dir, 'project-'));
    mkdirSync(join(project, 'functions'));
    const seen: string[] = [];
    const stop = pauseBundlersUntilChange(
      bundler.pid!,
      [join(project, 'functions/'), join(project, '_routes.json')],
      (file) => seen.push(file),
    );
    expect(await settled(bundler.pid!, 'T')).toBe('T');
    writeFileSync(join(project, 'notes.txt'), 'not watched');
    await new Promise((r) => setTimeout(r, 300));
    expect(state(bundler.pid!)).toBe('T');
    writeFileSync(join(project, 'functions', '_middleware.js'), 'export const onRequest = () => {};');
    expect(await settled(bundler.pid!, 'S')).toBe('S');
    expect(seen).toEqual([join(project, 'functions', '_middleware.js')]);
    stop();
  });
});
