import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What an operation is lives in its record (ADR 0180): outside imaging/ops/ no code compares with an operation's name,
 * and no operation's folder imports another's. imaging/service/ is left out: its steps (`crop`, `resize`, `rotate`,
 * `blur`) are the image service's vocabulary, named like operations but not them.
 */
const SRC = join(import.meta.dirname, '../..');
const OPS = join(SRC, 'imaging/ops');
const NOT_OPERATIONS = [join(SRC, 'imaging/service')];

const names = () => {
  const table = readFileSync(join(OPS, 'registry.ts'), 'utf8').split('export const OPERATIONS = {')[1]!.split('};')[0]!;
  return [...table.matchAll(/^\s*'?([a-z-]+)'?:/gm)].map((m) => m[1]!);
};

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });

/** The lines of `text` that compare with one of `ops` by name: `=== 'resize'`, `case 'blur':`, `['a', 'b'].includes(`. */
export function nameChecks(text: string, ops: string[]): string[] {
  const name = `['"](?:${ops.join('|')})['"]`;
  const check = new RegExp(
    `(?:[!=]==?\\s*${name})|(?:${name}\\s*[!=]==?)|(?:case\\s+${name})|(?:\\[[^\\]]*${name}[^\\]]*\\]\\s*\\.(?:includes|indexOf)\\()`,
  );
  return text.split('\n').filter((line) => check.test(line));
}

describe('an operation is one record (ADR 0180)', () => {
  it('reads the table of operations, and finds each kind of name check', () => {
    expect(names()).toEqual(expect.arrayContaining(['compress', 'resize', 'remove-background', 'meme']));
    const ops = ['resize', 'remove-background'];
    expect(nameChecks("if (op === 'resize') x();", ops)).toHaveLength(1);
    expect(nameChecks("  case 'remove-background':", ops)).toHaveLength(1);
    expect(nameChecks("if (['compress', 'resize'].includes(operation)) y();", ops)).toHaveLength(1);
    expect(nameChecks("run('resize', picture, options)", ops)).toEqual([]);
  });

  it('has no check on an operation’s name outside imaging/ops/', { timeout: 30_000 }, () => {
    const ops = names();
    const found = sources(SRC)
      .filter((f) => !f.startsWith(OPS) && !NOT_OPERATIONS.some((d) => f.startsWith(d)))
      .flatMap((f) => nameChecks(readFileSync(f, 'utf8'), ops).map((line) => `${relative(SRC, f)}: ${line.trim()}`));
    expect(found, 'read it from the operation’s record (imaging/ops/registry.ts) instead').toEqual([]);
  });

  it('has no import from one operation’s folder into another’s', { timeout: 30_000 }, () => {
    const found = sources(OPS).flatMap((f) => {
      const own = relative(OPS, f).split('/')[0];
      return [...readFileSync(f, 'utf8').matchAll(/from '\.\.\/([a-z-]+)\//g)]
        .filter((m) => m[1] !== own)
        .map((m) => `${relative(SRC, f)} imports ops/${m[1]}/`);
    });
    expect(found, 'move the shared part to imaging/text/, pipeline/ or metadata/').toEqual([]);
  });
});
