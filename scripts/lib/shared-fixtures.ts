import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Third-party test data lives beside the repository in ../shared and is never copied into it. Tests that need
 * a folder call this and skip, saying why, only when the folder is absent.
 */
export function sharedFolder(relative: string): { path: string; missing?: string } {
  const path = resolve(process.cwd(), '..', 'shared', relative);
  return existsSync(path) ? { path } : { path, missing: `skipped: ${path} is absent (test data from ../shared)` };
}
