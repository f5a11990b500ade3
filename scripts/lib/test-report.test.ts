import { describe, expect, it } from 'vitest';
import { firstLine, playwrightFailures, vitestFailures } from './test-report';

describe('the failed tests of a report, one line each', () => {
  it('names a failed vitest test by file and full name, with the first line of its error, and skips the rest', () => {
    const report = {
      numPassedTests: 1,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: '/repo/local-images/server.test.ts',
          assertionResults: [
            { fullName: 'local image service writes AVIF', status: 'passed', failureMessages: [] },
            {
              fullName: 'local image service refuses a body',
              status: 'failed',
              failureMessages: [
                '\n\u001b[31mError: Test timed out in 5000ms.\u001b[39m\nIf this is a long-running test…',
              ],
            },
            { fullName: 'local image service skipped', status: 'skipped', failureMessages: null },
          ],
        },
      ],
    };
    expect(vitestFailures(report, '/repo')).toEqual([
      'local-images/server.test.ts › local image service refuses a body: Error: Test timed out in 5000ms.',
    ]);
  });

  it('names a Playwright spec that failed on every try under its describe titles; a flaky one is not listed', () => {
    const failed = {
      status: 'unexpected',
      results: [
        { error: { message: 'first' } },
        { error: { message: 'Error: expect(locator).toBeVisible() failed\n…' } },
      ],
    };
    const report = {
      stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          title: 'tools-v2.spec.ts',
          file: 'tools-v2.spec.ts',
          specs: [{ title: 'toasts follow dark mode', tests: [{ status: 'flaky', results: [{}, {}] }] }],
          suites: [
            {
              title: 'on a phone',
              file: 'tools-v2.spec.ts',
              specs: [
                { title: 'the carousel turns', tests: [failed] },
                { title: 'search finds', tests: [{ status: 'expected', results: [{}] }] },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report.suites)).toEqual([
      'e2e/tools-v2.spec.ts › on a phone › the carousel turns: Error: expect(locator).toBeVisible() failed',
    ]);
  });

  it('says so when an error has no words, and cuts a long line', () => {
    expect(firstLine(undefined)).toBe('(no message)');
    expect(firstLine('\n  \n')).toBe('(no message)');
    expect(firstLine('x'.repeat(900))).toHaveLength(400);
  });

  it("adds a Playwright assertion's Expected and Received lines to its first line", () => {
    const message =
      'Error: \u001b[2mexpect(\u001b[22mreceived\u001b[2m).\u001b[22mtoBe\u001b[2m(\u001b[22mexpected\u001b[2m)\u001b[22m\n\n' +
      'Expected: \u001b[32m200\u001b[39m\nReceived: \u001b[31m503\u001b[39m\n\n    at /repo/e2e/x.spec.ts:3:4';
    expect(firstLine(message)).toBe('Error: expect(received).toBe(expected) | Expected: 200 | Received: 503');
  });
});
