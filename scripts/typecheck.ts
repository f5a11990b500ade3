/**
 * `npm run typecheck`: each layer with only the types it may use (core/, app/, workers/api/; ADR 0108), then tooling
 * and tests with everything. Two compilers at a time; exits non-zero if any project fails.
 */
import { spawn } from 'node:child_process';

const PROJECTS = ['core', 'app', 'workers/api', '.'];

function check(project: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.on('close', (code) => {
      const shown = out
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('npm warn'))
        .join('\n');
      console.log(`${code === 0 ? '✔' : '✘'} tsc -p ${project}${shown ? `\n${shown}` : ''}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results: boolean[] = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) results.push(await check(p));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
