import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The Pages Function (functions/_middleware.js, the Remix server build) carries only what the server runs (ADR 0209):
 * the browser's lazy form checks and TIFF decoder are `.client` modules, empty in it, and the one schema it parses
 * (a meme URL's query, for its edge cache key) is written in zod's mini API. The classic `z` is about 450 KB of the
 * bundle whatever is used, so one import of it from a server path puts it back; a failure names the importing file.
 */
const METAFILE = 'functions/metafile.server.json';

interface Metafile {
  inputs: Record<string, { imports?: { path: string }[] }>;
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

/** zod's classic API (its root entry is the classic one), and utif2 with its own pako. */
const BROWSER_ONLY = /^node_modules\/(zod\/(index\.js|v4\/classic\/)|utif2\/)/;

describe('the Pages Function', () => {
  it('carries no classic zod and no TIFF decoder, and stays under 1 MB', () => {
    expect(existsSync(METAFILE), `${METAFILE} is written by \`npm run build\`; build first`).toBe(true);
    const metafile = JSON.parse(readFileSync(METAFILE, 'utf8')) as Metafile;
    const [name, output] = Object.entries(metafile.outputs).find(([path]) => path.endsWith('_middleware.js'))!;
    const carried = Object.entries(output.inputs)
      .filter(([path, input]) => BROWSER_ONLY.test(path) && input.bytesInOutput > 0)
      .map(([path]) => path);
    const importers = Object.entries(metafile.inputs)
      .filter(
        ([path, input]) => !path.startsWith('node_modules/') && input.imports?.some((i) => BROWSER_ONLY.test(i.path)),
      )
      .map(([path]) => path);
    expect({ carried, importers }).toEqual({ carried: [], importers: [] });
    const zod = Object.entries(output.inputs)
      .filter(([path]) => path.startsWith('node_modules/zod/'))
      .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
    expect(zod, 'bytes of zod (mini) in the bundle').toBeLessThan(40_000);
    expect(output.bytes, `${name}'s size`).toBeLessThan(1_000_000);
  });
});
