import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The boundary rules of eslint.config.js, run on code that breaks them (ADR 0108). */
const eslint = new ESLint();

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('no-restricted')).map((m) => m.message);
}

// ESLint loads its whole config and parser on the first file: seconds, more on two cores shared by three lanes.
describe('layer boundaries', { timeout: 30_000 }, () => {
  it('core/ imports no platform, UI, storage or other layer, and uses no browser or Node globals', async () => {
    const found = await problems(
      'core/probe.ts',
      [
        "import { readFileSync } from 'node:fs';",
        "import { env } from 'cloudflare:workers';",
        "import { useState } from 'react';",
        "import { eq } from 'drizzle-orm';",
        "import { cn } from '~/lib/cn';",
        "import { router } from '../workers/api/src/router';",
        'export const all = [readFileSync, env, useState, eq, cn, router, window.location, process.env];',
      ].join('\n'),
    );
    expect(found).toHaveLength(8);
  });

  it('the browser imports no zod: a schema module for its types only, values from the zod-free module beside it', async () => {
    const zodImports = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: 'app/lib/probe.ts' });
      return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').length;
    };
    expect(
      await zodImports("import { shareSchema } from '../../core/api/shares';\nexport const s = shareSchema;\n"),
    ).toBe(1);
    expect(await zodImports("import { QUALITY } from '../../core/tools/fields';\nexport const q = QUALITY;\n")).toBe(1);
    expect(await zodImports("import { z } from 'zod';\nexport const s = z.string();\n")).toBe(1);
    expect(await zodImports("import type { Share } from '../../core/api/shares';\nexport type S = Share;\n")).toBe(0);
    expect(await zodImports("import { QUALITY } from '../../core/tools/output';\nexport const q = QUALITY;\n")).toBe(0);
    // A schema the browser checks with is fetched when used, not with the page.
    expect(await zodImports("export const load = () => import('../../core/api/contact');\n")).toBe(0);
  });

  it('the app never imports the Worker or Node; the Worker never imports the app', async () => {
    expect(
      await problems(
        'app/lib/probe.ts',
        "import { router } from '../../workers/api/src/router';\nexport const r = router;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems('app/lib/probe.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n"),
    ).toHaveLength(1);
    expect(
      await problems('workers/api/src/probe.ts', "import { cn } from '~/lib/cn';\nexport const c = cn;\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'workers/api/src/probe.ts',
        "import { handle } from '../../../local-images/server';\nexport const h = handle;\n",
      ),
    ).toHaveLength(1);
  });

  it('outside imaging/, the Worker reaches the image engine only through engine.ts, intake/ and service/', async () => {
    const sideDoors = [
      "import { compressOperation } from '../imaging/ops/compress/compress';\nexport const c = compressOperation;\n",
      "import { decode } from '../../imaging/codecs/decode';\nexport const d = decode;\n",
      "import { readProfile } from '../imaging/metadata/icc';\nexport const r = readProfile;\n",
      "import { pixelBudget } from '../imaging/pipeline/paths';\nexport const p = pixelBudget;\n",
      "import { MAX_INPUT_PIXELS } from '../imaging/options';\nexport const m = MAX_INPUT_PIXELS;\n",
      "import { intakeDecodeMaxPixels } from '../imaging/intake-extra';\nexport const i = intakeDecodeMaxPixels;\n",
    ];
    for (const code of sideDoors) expect(await problems('workers/api/src/routes/probe.ts', code), code).toHaveLength(1);
    expect(await problems('workers/api/src/ai/probe.ts', sideDoors[0]!)).toHaveLength(1);
    // The front doors: the engine, the intake folder and the image service folder.
    const frontDoors = [
      "import { intake, run } from '../imaging/engine';\nexport const r = [intake, run];\n",
      "import { intake } from '../imaging/intake/intake';\nexport const i = intake;\n",
      "import { readHeader } from '../../imaging/intake/sniff';\nexport const r = readHeader;\n",
      "import { getImageService } from '../imaging/service';\nexport const g = getImageService;\n",
      "import { overAllowanceAnswer } from '../imaging/service/binding-errors';\nexport const o = overAllowanceAnswer;\n",
    ];
    for (const code of frontDoors) expect(await problems('workers/api/src/routes/probe.ts', code), code).toEqual([]);
    // Files inside imaging/ and tests beside the code are allowed.
    expect(
      await problems(
        'workers/api/src/imaging/ops/crop/probe.ts',
        "import { decode } from '../../codecs/decode';\nexport const d = decode;\n",
      ),
    ).toEqual([]);
    expect(await problems('workers/api/src/ai/probe.test.ts', sideDoors[0]!)).toEqual([]);
    // The Worker's other boundaries still hold in the files the one-door rule covers.
    expect(
      await problems('workers/api/src/routes/probe.ts', "import { cn } from '~/lib/cn';\nexport const c = cn;\n"),
    ).toHaveLength(1);
  });

  it('allows what each layer is for, and Node in tests beside the code', async () => {
    expect(
      await problems(
        'core/probe.ts',
        "import { z } from 'zod';\nexport const url = (s: string) => new URL(s, 'https://x.invalid');\nexport const s = z.string();\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'app/lib/probe.ts',
        "import { MAX_UPLOAD_BYTES } from '../../core/limits';\nexport const m = window.innerWidth + MAX_UPLOAD_BYTES;\n",
      ),
    ).toEqual([]);
    expect(
      await problems('core/probe.test.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n"),
    ).toEqual([]);
  });
});
