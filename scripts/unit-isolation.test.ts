/**
 * The `unit` project runs without per-file isolation (ADR 0205): the files of one worker share a module graph. That
 * is only sound while no file changes what another would see, so none of them may stub a module, a global or an
 * environment variable, fake the clock, or assign to `process.env` — a file that needs to belongs in `unit-serial`
 * (ONE_AT_A_TIME in vitest.config.ts), which keeps isolation.
 */
import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_TESTS, ONE_AT_A_TIME } from '../vitest.config';

const SHARED_STATE = [
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn|hoisted)\b/,
  /\bprocess\.env(\.\w+|\[[^\]]+\])\s*=(?!=)/,
  /\bdelete\s+process\.env\b/,
  /\bglobalThis\.\w+\s*=(?!=)/,
];

/** The first line of `source` that changes shared state, or undefined. */
export function sharedStateLine(source: string): string | undefined {
  return source.split('\n').find((line) => SHARED_STATE.some((re) => re.test(line)));
}

const unitFiles = () => {
  const serial = new Set(globSync(ONE_AT_A_TIME));
  // This file names the patterns it looks for, in strings.
  return globSync(NODE_TESTS).filter(
    (f) => !serial.has(f) && !f.includes('node_modules') && f !== 'scripts/unit-isolation.test.ts',
  );
};

describe('the unit project shares modules between its files', () => {
  it('the check finds each kind of shared-state change, and not a comparison', () => {
    for (const line of [
      "vi.mock('./x')",
      "vi.stubGlobal('fetch', f)",
      "vi.stubEnv('A', '1')",
      'vi.useFakeTimers()',
      "vi.spyOn(console, 'log')",
      "process.env.CI = '1'",
      "process.env['CI'] = '1'",
      'delete process.env.CI',
      'globalThis.fetch = f',
    ])
      expect(sharedStateLine(`const a = 1;\n${line};`), line).toBe(`${line};`);
    expect(sharedStateLine("if (process.env.CI === '1') globalThis.x == 2;")).toBeUndefined();
  });

  it('no file of it stubs, fakes or assigns what another file would see', () => {
    const files = unitFiles();
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .map((f) => [f, sharedStateLine(readFileSync(f, 'utf8'))] as const)
      .filter(([, line]) => line !== undefined)
      .map(([f, line]) => `${f}: ${line!.trim()}`);
    expect(offenders).toEqual([]);
  });
});
