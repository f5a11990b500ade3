import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, climbs, importGraph, layerOf, resolveImport } from './lib/import-graph';

const root = resolve(import.meta.dirname, '..');

describe('import graph', () => {
  it('resolves relative and ~/ imports as the bundler does, and leaves packages out', () => {
    const files = new Set(['core/a.ts', 'core/b/index.ts', 'app/lib/cn.ts', 'app/x.tsx']);
    expect(resolveImport(files, 'core/c.ts', './a')).toBe('core/a.ts');
    expect(resolveImport(files, 'core/c.ts', './b')).toBe('core/b/index.ts');
    expect(resolveImport(files, 'app/routes/r.tsx', '~/lib/cn')).toBe('app/lib/cn.ts');
    expect(resolveImport(files, 'app/routes/r.tsx', '../x')).toBe('app/x.tsx');
    expect(resolveImport(files, 'core/c.ts', '../scripts/data.json')).toBe('scripts/data.json');
    expect(resolveImport(files, 'core/c.ts', 'zod')).toBeUndefined();
  });

  it('puts tests and configs in the tooling layer wherever they sit, and bench/ above everything', () => {
    expect(layerOf('core/limits.ts')?.name).toBe('core');
    expect(layerOf('core/limits.test.ts')?.name).toBe('tooling');
    expect(layerOf('workers/api/test/support/origin.ts')?.name).toBe('tooling');
    expect(layerOf('workers/api/vitest.config.ts')?.name).toBe('tooling');
    expect(layerOf('memeforge.config.ts')?.name).toBe('config');
    expect(layerOf('bench/slices.test.ts')?.name).toBe('bench');
  });

  it('names each circle as a loop, and each import that climbs a layer with the rule it breaks', () => {
    const graph = new Map([
      ['core/a.ts', ['core/b.ts']],
      ['core/b.ts', ['core/c.ts', 'app/lib/cn.ts']],
      ['core/c.ts', ['core/a.ts']],
      ['app/lib/cn.ts', []],
      ['scripts/fuzz.ts', ['bench/fuzz/mutate.ts', 'workers/api/src/router.ts']],
      ['local-images/server.ts', ['scripts/lib/fetch-server.ts', 'local-common/fetch-server.ts']],
      ['bench/fuzz/mutate.ts', ['core/a.ts']],
    ]);
    expect(circles(graph)).toEqual([['core/a.ts', 'core/b.ts', 'core/c.ts', 'core/a.ts']]);
    expect(climbs(graph).map((c) => c.message)).toEqual([
      'core/b.ts imports app/lib/cn.ts: core may import only core, config (not app)',
      'scripts/fuzz.ts imports bench/fuzz/mutate.ts: scripts may import only scripts, config, core, app, workers, local-common, local-ai, local-images, local-render (not bench)',
      'local-images/server.ts imports scripts/lib/fetch-server.ts: local-images may import only local-images, core, local-common (not scripts)',
    ]);
  });

  // About 1 s for 830 files alone; several times that beside the Worker files on two loaded cores.
  it('this repository has no circle of imports and no import that climbs a layer (ARCHITECTURE.md, ADR 0177)', {
    timeout: 30_000,
  }, () => {
    const graph = importGraph(root);
    expect(graph.size).toBeGreaterThan(500);
    const found = {
      circles: circles(graph).map((loop) => loop.join(' → ')),
      climbs: climbs(graph).map((c) => c.message),
    };
    expect(found).toEqual({ circles: [], climbs: [] });
  });
});
