/**
 * `npm test`: every check a fresh clone must pass, in order, ending with one line `N passed, N failed`.
 * Steps: type check, lint, build, unit + Worker tests (vitest), deploy dry-run, end-to-end (Playwright, Chromium).
 * Each test case counts once; a step with no test cases (type check, lint, build, dry run) counts as one check.
 */
import './lib/require-node-22';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { wranglerEnv } from './lib/run';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
mkdirSync('.tmp', { recursive: true });

function step(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = wranglerEnv()): boolean {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(name);
  return ok;
}

function check(name: string, cmd: string, args: string[]) {
  const ok = step(name, cmd, args);
  tally[ok ? 'passed' : 'failed'] += 1;
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

check('type check', 'npx', ['tsx', 'scripts/typecheck.ts']);
check('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
const built = step('build', 'npm', ['run', 'build']);
tally[built ? 'passed' : 'failed'] += 1;

const vitestOk = step('unit and Worker tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json']);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>('.tmp/vitest.json');
if (vitest) {
  tally.passed += vitest.numPassedTests;
  tally.failed += vitest.numFailedTests + (vitestOk || vitest.numFailedTests ? 0 : 1);
  tally.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else tally.failed += 1;

// The plan of `npm run deploy` printed, checked against what the code reads, and both bundles built offline; the
// build above is reused.
check('deploy dry run', 'npx', ['tsx', 'scripts/deploy.ts', '--dry-run', '--skip-build']);

if (built) {
  const e2eOk = step('end-to-end tests (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    ...wranglerEnv(),
    PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json',
  });
  const e2e = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>('.tmp/playwright.json');
  if (e2e) {
    tally.passed += e2e.stats.expected + e2e.stats.flaky;
    tally.failed += e2e.stats.unexpected + (e2eOk || e2e.stats.unexpected ? 0 : 1);
    tally.skipped += e2e.stats.skipped;
  } else tally.failed += 1;
} else {
  failures.push('end-to-end tests (not run: the build failed)');
  tally.failed += 1;
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(tally.failed ? 1 : 0);
