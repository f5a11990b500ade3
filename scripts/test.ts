/**
 * `npm test`: every check a fresh clone must pass, ending with one line `N passed, N failed`.
 * Steps: build, then three lanes side by side (ADR 0130, 0194): the unit and shared-runtime Worker tests (vitest), then
 * the end-to-end tests' late part (ADR 0207); the files that mostly wait (one at a time) and the isolate's memory files,
 * then the deploy dry run, type check, lint and the format check; end-to-end (Playwright, Chromium). The two cores are
 * busy nearly the whole run, so a lane's end depends on the work in all three; the waiting lane fills what the other
 * two leave idle.
 * Each test case counts once; a step with no test cases (type check, lint, build, dry run) counts as one check.
 * Every line a lane prints is prefixed with its name; a table of the steps' durations closes the run.
 */
import './lib/require-node-22';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { availableParallelism } from 'node:os';
import { DRY_RUN_EXIT } from './deploy/verdict';
import { wranglerEnv } from './lib/run';
import { type PlaywrightReport, playwrightFailures, type VitestReport, vitestFailures } from './lib/test-report';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
/** Each failed test case by file and name, with the first line of its error: the run's last lines name them. */
const failedTests: string[] = [];
const timings: { name: string; seconds: number; ok: boolean }[] = [];
const startedAt = Date.now();
mkdirSync('.tmp', { recursive: true });

/**
 * The machine's busy and idle core-seconds so far (Linux's /proc/stat; undefined elsewhere). The suite is CPU-bound
 * (ADR 0194): the closing table prints both, so a run shows whether its time went to work or to waiting.
 */
function coreSeconds(): { busy: number; idle: number } | undefined {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks as [number, ...number[]] & number[];
    if (ticks.length < 8 || ticks.some((n) => !Number.isFinite(n))) return undefined;
    // USER_HZ is 100 on every Linux the suite runs on (getconf CLK_TCK).
    const sum = (...parts: (number | undefined)[]) => parts.reduce<number>((a, b) => a + (b ?? 0), 0) / 100;
    return { busy: sum(user, nice, system, irq, softirq, steal), idle: sum(idle, iowait) };
  } catch {
    return undefined;
  }
}
const cpuAtStart = coreSeconds();

/**
 * Runs one step to its end; its output goes to this terminal, each line after `prefix` when lanes run side by side.
 * It passes on exit code 0, or on one of `passing` (the deploy dry run's verdicts).
 */
function step(
  name: string,
  cmd: string,
  args: string[],
  prefix = '',
  env: NodeJS.ProcessEnv = wranglerEnv(),
  passing: number[] = [0],
): Promise<boolean> {
  console.log(`\n${prefix}▶ ${name}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
      env,
    });
    if (prefix) {
      for (const stream of [child.stdout!, child.stderr!])
        createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
    }
    const finish = (ok: boolean) => {
      const seconds = (Date.now() - started) / 1000;
      timings.push({ name, seconds, ok });
      console.log(`${prefix}${ok ? '✔' : '✘'} ${name} (${seconds.toFixed(1)} s)`);
      if (!ok) failures.push(name);
      resolve(ok);
    };
    child.on('error', (err) => {
      console.log(`${prefix}${cmd}: ${err.message}`);
      finish(false);
    });
    child.on('close', (code) => finish(code !== null && passing.includes(code)));
  });
}

async function check(name: string, cmd: string, args: string[], prefix = '', passing?: number[]) {
  const ok = await step(name, cmd, args, prefix, wranglerEnv(), passing);
  tally[ok ? 'passed' : 'failed'] += 1;
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** One vitest run over `projects`; its tests join the tally (a run that fails with no failed test counts as one). */
async function vitest(name: string, projects: string[], prefix: string) {
  const json = `.tmp/vitest-${projects[0]}.json`;
  rmSync(json, { force: true });
  const args = projects.flatMap((project) => ['--project', project]);
  const ok = await step(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    prefix,
  );
  const result = readJson<VitestReport>(json);
  if (result) {
    failedTests.push(...vitestFailures(result, process.cwd()));
    tally.passed += result.numPassedTests;
    tally.failed += result.numFailedTests + (ok || result.numFailedTests ? 0 : 1);
    tally.skipped += result.numPendingTests + result.numTodoTests;
  } else tally.failed += 1;
}

/**
 * The Node files and the Worker files that share their runtimes (ADR 0175): CPU-bound, two files at a time. Then, when
 * the end-to-end tests run too, their late part (ADR 0207).
 */
async function unitAndWorkers(prefix: string, lateEndToEnd = false) {
  await vitest('unit and Worker tests', ['unit', 'workers'], prefix);
  if (lateEndToEnd) await endToEnd('[e2e-late] ', 'late');
}

/**
 * The files that mostly wait — the Node files holding shared local state (`unit-serial`: wrangler starting, Chromium,
 * child processes), one at a time — and the two measuring the isolate's memory in a workerd each, beside the lane
 * above rather than after it (ADR 0194); then the checks that need no test stack: the deploy dry run, the type check,
 * lint and the format check.
 */
async function serialAndChecks(prefix: string, built: boolean) {
  await vitest('serial and own-runtime tests', ['workers-own-runtime', 'unit-serial'], prefix);
  // The plan of `npm run deploy` printed, checked against what the code reads, and both bundles built offline; the
  // build above is reused. Its verdict on the committed memeforge.config.ts is a refusal of the placeholders (exit 3,
  // ADR 0143): every other check of the dry run must pass, and a fork with its own values passes with 0.
  if (built)
    await check('deploy dry run', 'npx', ['tsx', 'scripts/deploy.ts', '--dry-run', '--skip-build'], prefix, [
      DRY_RUN_EXIT.wouldDeploy,
      DRY_RUN_EXIT.configRefused,
    ]);
  await check('type check', 'npx', ['tsx', 'scripts/typecheck.ts'], prefix);
  await check('lint', 'npx', ['eslint', '--max-warnings=0', '.'], prefix);
  await check('format', 'npx', ['biome', 'format', '.'], prefix);
}

/**
 * The end-to-end tests on the build made first, in two parts on two stacks of their own (ADR 0207): `main`, the
 * longest step, in its own lane from the start; `late` (playwright.config.ts LATE_SPECS) after the vitest lane, whose
 * core would otherwise sit idle while one Playwright worker finishes alone.
 */
async function endToEnd(prefix: string, part: 'main' | 'late') {
  const json = part === 'main' ? '.tmp/playwright.json' : '.tmp/playwright-late.json';
  rmSync(json, { force: true });
  // The late part's stack: its own site, services and state, so neither part waits on or outlives the other's.
  const ports =
    part === 'late'
      ? { E2E_PORT: '8808', LOCAL_AI_PORT: '8805', LOCAL_IMAGE_PORT: '8806', LOCAL_RENDER_PORT: '8807' }
      : {};
  const e2eOk = await step(
    part === 'main' ? 'end-to-end tests (Chromium)' : 'end-to-end tests, late part',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    prefix,
    { ...wranglerEnv(), ...ports, E2E_PART: part, PLAYWRIGHT_JSON_OUTPUT_NAME: json },
  );
  const e2e = readJson<PlaywrightReport>(json);
  if (e2e) {
    failedTests.push(...playwrightFailures(e2e.suites));
    tally.passed += e2e.stats.expected + e2e.stats.flaky;
    tally.failed += e2e.stats.unexpected + (e2eOk || e2e.stats.unexpected ? 0 : 1);
    tally.skipped += e2e.stats.skipped;
  } else tally.failed += 1;
}

// The build comes first: it rewrites app/lib/api/schema.d.ts, which the type check and a unit test read.
const built = await step('build', 'npm', ['run', 'build']);
tally[built ? 'passed' : 'failed'] += 1;

if (built) {
  await Promise.all([
    unitAndWorkers('[vitest] ', true),
    serialAndChecks('[checks] ', true),
    endToEnd('[e2e] ', 'main'),
  ]);
} else {
  await unitAndWorkers('');
  await serialAndChecks('', false);
  failures.push('deploy dry run and end-to-end tests (not run: the build failed)');
  tally.failed += 2;
}

console.log('\nStep durations (the three lanes run side by side):');
for (const t of timings)
  console.log(`  ${t.ok ? '✔' : '✘'} ${t.name.padEnd(30)} ${t.seconds.toFixed(1).padStart(7)} s`);
console.log(`  ${'whole run'.padEnd(32)} ${((Date.now() - startedAt) / 1000).toFixed(1).padStart(7)} s`);
const cpuAtEnd = coreSeconds();
if (cpuAtStart && cpuAtEnd)
  console.log(
    `  machine CPU: ${(cpuAtEnd.busy - cpuAtStart.busy).toFixed(0)} core-seconds busy, ` +
      `${(cpuAtEnd.idle - cpuAtStart.idle).toFixed(0)} idle (${availableParallelism()} cores)`,
  );
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
for (const test of failedTests) console.log(`  ✘ ${test}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(tally.failed ? 1 : 0);
