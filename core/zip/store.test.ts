import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipStore } from './store';

describe('zipStore', () => {
  it('writes an archive that unzip lists and extracts byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    const picture = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) & 255);
    const json = new TextEncoder().encode('{"shares":[]}');
    writeFileSync(
      join(dir, 'out.zip'),
      zipStore([
        { name: 'memes/ab12-drake.png', bytes: picture, modified: Date.UTC(2026, 10, 28, 14, 30, 10) },
        { name: 'account.json', bytes: json, modified: Date.UTC(2026, 10, 28) },
      ]),
    );
    expect(execFileSync('unzip', ['-tq', join(dir, 'out.zip')], { encoding: 'utf8' })).toMatch(/No errors detected/);
    execFileSync('unzip', ['-q', '-o', join(dir, 'out.zip'), '-d', join(dir, 'x')]);
    expect(readFileSync(join(dir, 'x', 'memes', 'ab12-drake.png'))).toEqual(Buffer.from(picture));
    expect(readFileSync(join(dir, 'x', 'account.json'), 'utf8')).toBe('{"shares":[]}');
  });
});
