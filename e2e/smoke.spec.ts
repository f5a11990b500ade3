/**
 * `npm run smoke -- <url>` (scripts/smoke.ts) against this suite's own `npm start`: the script docs/deploy.md says to
 * run after every deploy is itself tested, end to end, on the stack a fresh clone starts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';
import { BASE_URL } from '../playwright.config';
import { CHECKS } from '../scripts/smoke/checks';

const run = promisify(execFile);

test('npm run smoke passes against npm start: every check PASS in one table, exit 0', async () => {
  test.setTimeout(180_000);
  const { stdout } = await run('npm', ['run', '--silent', 'smoke', '--', BASE_URL], { timeout: 170_000 });
  for (const check of CHECKS)
    expect(stdout).toMatch(new RegExp(`^${check.name.replace(/[()]/g, '\\$&')}\\s+PASS`, 'm'));
  expect(stdout).toContain(`${CHECKS.length} passed, 0 failed`);
  // The billed calls a check counted are in the table: the 12 MP compress went through the image service.
  expect(stdout).toMatch(/^compress a 12 MP photo \(image service\)\s+PASS\s+\S+ s\s+[1-9]/m);
  expect(stdout).toMatch(/^meme URL twice \(edge cache\)\s+PASS.*miss then hit/m);
});

test('npm run smoke exits 2 with a sentence when nothing answers at the address', async () => {
  const failed = await run('npm', ['run', '--silent', 'smoke', '--', 'http://127.0.0.1:9'], { timeout: 30_000 }).catch(
    (err: { code: number; stderr: string }) => err,
  );
  expect('code' in failed && failed.code).toBe(2);
  expect('stderr' in failed && failed.stderr).toMatch(
    /http:\/\/127\.0\.0\.1:9 does not answer .*Is the copy running and the address right\?/,
  );
});
