/**
 * The repository's own files, as the checks over the whole tree read them (scripts/lib/doc-references.ts,
 * scripts/lib/import-graph.ts): never installed packages, generated output, local state or dot folders (.git,
 * .wrangler, .tmp).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders never read: installed packages, generated output, local state. */
const SKIP_DIRS = new Set([
  'node_modules',
  'public',
  'functions',
  'build',
  'test-results',
  'playwright-report',
  'fuzz-findings',
  'screenshots',
]);

/** Every file below `root` that `keep` accepts (given its path from the root, `/`-separated), sorted. */
export function repositoryFiles(root: string, keep: (path: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.') || SKIP_DIRS.has(name)) continue;
      const path = join(dir, name);
      const file = relative(root, path).split(sep).join('/');
      if (statSync(path).isDirectory()) walk(path);
      else if (keep(file)) found.push(file);
    }
  };
  walk(root);
  return found.sort();
}
