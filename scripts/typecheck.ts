/**
 * `npm run typecheck`: each layer with only the types it may use (core/, workers/api/, app/; ADR 0108), then tooling
 * and tests with everything. Exits non-zero if any project has an error.
 *
 * The check is TypeScript 7's compiler (the `typescript-7` package, ADR 0206), one `tsc -p <project> --noEmit` per
 * project, single-threaded: about a fifth of the CPU of TypeScript 5.9's checker doing the same four programs (ADR
 * 0196). TypeScript 5.9 stays the `typescript` package: ESLint, the API type generator and Remix use its API, which
 * TypeScript 7 does not have.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** In order: the layers, each under its own types, then the tooling project ('.'). */
const PROJECTS = ['core', 'workers/api', 'app', '.'];

/** The compiler's launcher, by path: `node_modules/.bin/tsc` may be either TypeScript. */
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin', 'tsc');

let failed = false;
for (const project of PROJECTS) {
  const started = process.hrtime.bigint();
  // One thread: the checks share two cores with the rest of `npm test`, and TypeScript 7's default four checkers
  // each instantiate the same types (twice the CPU for the tooling project, measured).
  const run = spawnSync(process.execPath, [TSC, '-p', project, '--noEmit', '--singleThreaded', '--pretty', 'false'], {
    encoding: 'utf8',
  });
  const output = `${run.stdout}${run.stderr}`.trimEnd();
  const ok = run.status === 0;
  failed ||= !ok;
  const seconds = (Number(process.hrtime.bigint() - started) / 1e9).toFixed(1);
  console.log(`${ok ? '✔' : '✘'} ${project} (${seconds} s)`);
  if (output) console.log(output);
  if (!ok && !output) console.log(`tsc exited with ${run.status ?? run.signal} and said nothing`);
}
process.exit(failed ? 1 : 0);
