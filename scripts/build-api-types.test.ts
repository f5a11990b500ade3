import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { API_TYPES_PATH, generateApiTypes } from './build-api-types';

it('the committed app/lib/api/schema.d.ts is what the generator writes from the current document (run npm run build)', async () => {
  const generated = await generateApiTypes();
  expect(generated).toContain('"/api/optimize": {');
  expect(
    readFileSync(API_TYPES_PATH, 'utf8') === generated,
    'app/lib/api/schema.d.ts is stale: run `npx tsx scripts/build-api-types.ts`',
  ).toBe(true);
  // Generating the types builds the whole OpenAPI document and runs the generator: seconds on a busy two-core machine.
}, 30_000);
