/**
 * The failed tests of a vitest or Playwright JSON report, one line each: where the test is, its name and the first line
 * of its error. `npm test` prints them after its table of steps, so the last lines of a red run (all a CI summary may
 * keep) say which test failed and why, not only which step.
 */

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] | null }[];
  }[];
}

export interface PlaywrightSuite {
  title: string;
  file: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

/** A terminal colour code: ESC, `[`, numbers, `m` (written with RegExp so no control character sits in a literal). */
const COLOUR_CODE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * The first line of an error message that has words, without terminal colour codes, followed by its `Expected` and
 * `Received` lines where it has them (Playwright's assertions put the values there; vitest's put them in the first
 * line, whole: vitest.config.ts' wholeValues). At most 400 characters.
 */
export function firstLine(message: string | undefined | null): string {
  const lines = (message ?? '')
    .replace(COLOUR_CODE, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const values = lines.slice(1).filter((l) => /^(Expected|Received)( string| pattern| value)?:/.test(l));
  return [lines[0] ?? '(no message)', ...values.slice(0, 2)].join(' | ').slice(0, 400);
}

/** `file › full name: first line of the error` for each failed test; paths relative to `root`. */
export function vitestFailures(report: VitestReport, root: string): string[] {
  const lines: string[] = [];
  for (const file of report.testResults ?? [])
    for (const test of file.assertionResults)
      if (test.status === 'failed') {
        const path = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
        lines.push(`${path} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
  return lines;
}

/**
 * The same for Playwright: a test whose status is `unexpected` failed on every try (a `flaky` one passed on a retry
 * and is not listed). Its file is under e2e/; the describe titles come between the file and the test.
 */
export function playwrightFailures(suites: PlaywrightSuite[] | undefined, titles: string[] = []): string[] {
  const lines: string[] = [];
  for (const suite of suites ?? []) {
    const inner = suite.title === suite.file ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected') {
          const error = firstLine(test.results.at(-1)?.error?.message);
          lines.push(`e2e/${suite.file} › ${[...inner, spec.title].join(' › ')}: ${error}`);
        }
    lines.push(...playwrightFailures(suite.suites, inner));
  }
  return lines;
}
