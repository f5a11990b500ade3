import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { compileJudge, OUTPUT } from './build-judge';

describe('judge-core.wasm', () => {
  it('is what workers/api/assembly/judge-core.ts compiles to (run npm run build:judge after changing it)', {
    timeout: 60_000,
  }, async () => {
    const committed = new Uint8Array(await readFile(OUTPUT));
    expect(Buffer.from(await compileJudge()).equals(Buffer.from(committed))).toBe(true);
  });
});
