/**
 * The short fuzz run inside `npm test`: 200 hostile variants of small corpus files, each through upload and one tool
 * operation, in workerd with real R2 and codecs. Any 5xx or answer slower than the budget fails, naming the input
 * (regenerate it with scripts/fuzz/mutate.ts; `npm run fuzz` runs 2,000+ against the local stack and keeps the bytes).
 */
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { FUZZ_OPERATIONS, fuzzInputs } from '../../../../scripts/fuzz/mutate';
import { corpusFile, corpusIndex } from '../support/corpus';

const INPUTS = 200;
const REQUEST_BUDGET_MS = 20_000;
/** Small seeds keep the run to a minute on a shared machine; the on-demand run uses every size. */
const MAX_SEED_BYTES = 48 * 1024;

const index = await corpusIndex();

async function send(route: string, bytes: Uint8Array, fields: Record<string, string>): Promise<number> {
  const form = new FormData();
  form.append('image', new File([bytes as Uint8Array<ArrayBuffer>], 'fuzz.bin', { type: 'image/png' }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const request = exports.default.fetch(new Request(`http://local/api/${route}`, { method: 'POST', body: form }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang: no answer in ${REQUEST_BUDGET_MS} ms`)), REQUEST_BUDGET_MS);
  });
  try {
    const res = await Promise.race([request, hang]);
    await res.arrayBuffer();
    return res.status;
  } finally {
    clearTimeout(timer);
  }
}

describe.skipIf(index === null)('fuzz (short run)', () => {
  it(`${INPUTS} mutated corpus files through upload and every tool operation: no 5xx, no hang`, async () => {
    const seeds: { name: string; bytes: Uint8Array }[] = [];
    for (const path of index ?? []) {
      if (!/\.(png|jpe?g|gif|webp|bmp)$/i.test(path)) continue;
      const bytes = await corpusFile(path);
      if (bytes.length <= MAX_SEED_BYTES) seeds.push({ name: path, bytes });
      if (seeds.length >= 24) break;
    }
    expect(seeds.length).toBeGreaterThan(5);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let i = 0;
    for (const input of fuzzInputs(seeds, INPUTS, 7)) {
      const [route, fields] = FUZZ_OPERATIONS[i++ % FUZZ_OPERATIONS.length]!;
      for (const [r, f] of [
        ['upload', {}],
        [route, fields],
      ] as const) {
        try {
          const status = await send(r, input.bytes, f);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500) failures.push(`${input.name} → ${r} ${JSON.stringify(f)}: ${status}`);
        } catch (err) {
          failures.push(`${input.name} → ${r} ${JSON.stringify(f)}: ${String(err)}`);
        }
      }
    }
    console.log(
      `fuzz: ${INPUTS} inputs, ${INPUTS * 2} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures).toEqual([]);
    // The run must exercise both acceptance and refusal, or it is not testing much.
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    expect([...statuses.keys()].some((s) => s >= 400)).toBe(true);
  }, 300_000);
});
