/**
 * `wrangler pages dev` has no switch for its file watching: its esbuild service polls everything it bundled every
 * 100 ms, and with a small watch set that means re-reading the Pages Function as wrangler rebundled it (about 2 MB) and
 * its source map (about 3 MB) ten times a second to compare their bytes — about a tenth of a core, for as long as the
 * stack runs (ADR 0204). A stack that never reloads its code (the e2e suite's: built once, `--no-build`) can pause
 * those processes once wrangler is ready. wrangler asks them for work again only when one of the files its own
 * watchers follow changes (the Pages Function, `_routes.json`, a config, `.dev.vars`): those files are watched here
 * too, and the first change resumes the bundlers for good, so a rebuild is late by an inotify event rather than never
 * answered (ADR 0194 saw page loads hang on such a rebuild). Linux only (/proc); elsewhere nothing is paused.
 */
import { readdirSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/** The pids of the processes called `esbuild` in process group `pgid` (wrangler's service processes). */
export function bundlersInGroup(pgid: number, proc = '/proc'): number[] {
  let entries: string[];
  try {
    entries = readdirSync(proc);
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`${proc}/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …: the command name may hold spaces and parentheses, so split after the last ')'.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const group = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (comm === 'esbuild' && group === pgid) found.push(Number(entry));
    } catch {
      // gone between the listing and the read
    }
  }
  return found;
}

/**
 * Stops (SIGSTOP) wrangler's esbuild processes in group `pgid`; answers their pids. stopGroups sends SIGCONT after
 * SIGTERM, so a paused process still ends with its group.
 */
export function pauseBundlers(pgid: number): number[] {
  const paused: number[] = [];
  for (const pid of bundlersInGroup(pgid)) {
    try {
      process.kill(pid, 'SIGSTOP');
      paused.push(pid);
    } catch {
      // it ended meanwhile
    }
  }
  return paused;
}

/**
 * Pauses the bundlers of group `pgid` until one of `files` changes (or is created or removed), then resumes them and
 * calls `resumed` with the file's path. Answers a function that resumes them and stops watching.
 */
export function pauseBundlersUntilChange(pgid: number, files: string[], resumed: (file: string) => void): () => void {
  const paused = pauseBundlers(pgid);
  const watchers: FSWatcher[] = [];
  let done = false;
  const resume = (file?: string) => {
    if (done) return;
    done = true;
    for (const w of watchers) w.close();
    for (const pid of paused) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // it ended meanwhile
      }
    }
    if (file) resumed(file);
  };
  if (paused.length === 0) return () => resume();
  // One watch per directory (a file's own watch would miss its replacement by rename), filtered by name; a path
  // ending in '/' stands for every file of that directory.
  const byDir = new Map<string, Set<string>>();
  for (const f of files) {
    const [dir, name] = f.endsWith('/') ? [f.slice(0, -1), '*'] : [dirname(f), basename(f)];
    byDir.set(dir, (byDir.get(dir) ?? new Set()).add(name));
  }
  for (const [dir, names] of byDir) {
    try {
      const w = watch(dir, (_event, name) => {
        const file = name?.toString();
        if (file !== undefined && (names.has('*') || names.has(file))) resume(`${dir}/${file}`);
      });
      w.on('error', () => resume(dir));
      watchers.push(w);
    } catch {
      // A directory that cannot be watched cannot be trusted to stay unchanged: do not pause.
      resume();
      return () => undefined;
    }
  }
  return () => resume();
}

/**
 * The stack's use (scripts/start.ts --no-watch): pauses wrangler's bundlers until a file wrangler's own watchers follow
 * changes — the Pages Function's directory, `_routes.json`, the configs and the `.dev.vars` beside them.
 */
export function pauseWranglerBundlers(pgid: number, apiConfigs: string[]): () => void {
  const files = ['functions/', 'public/_routes.json', 'wrangler.toml', '.dev.vars'];
  for (const config of apiConfigs) files.push(config, `${dirname(config)}/.dev.vars`);
  return pauseBundlersUntilChange(pgid, files, (file) =>
    console.log(`${file} changed: wrangler's bundlers run again for its rebuild (ADR 0204)`),
  );
}
