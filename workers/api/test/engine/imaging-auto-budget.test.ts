import { describe, expect, it } from 'vitest';
import { compressAuto } from '../../src/imaging/ops/compress/auto-whole';
import { compressToTarget, SearchBudget } from '../../src/imaging/ops/compress/choices';
import { encode } from '../../src/imaging/codecs/encode';
import {
  AUTO_PLAIN_COST,
  AUTO_PROBES_PER_FORMAT,
  AUTO_VERIFY_MISS_ROUNDS,
  AUTO_VERIFY_ROUNDS,
} from '../../src/imaging/options';
import { toolRequest, type ToolBody } from '../support/corpus';
import { syntheticPhoto } from '../support/synthetic';

/**
 * The worst case we could build: faint noise on gradients, 4400 × 380 (1.67 MP, within the 1.7 MP WebP budget),
 * judged on its sample tiles. Every probe of both formats must be paid for, whatever the judge says.
 */
const worst = () => syntheticPhoto(4400, 380, 1, 3);

describe('quality=auto and targetBytes are bounded', () => {
  it('quality=auto on the crafted noise PNG makes at most its probes per format and its checks', {
    timeout: 120_000,
  }, async () => {
    const png = await encode(worst(), 'png', { quality: 100 });
    const res = await toolRequest('optimize', png, { operation: 'compress', quality: 'auto', format: 'auto' });
    const body = await res.json<ToolBody & { search?: { encodes: number; budgetSpent: boolean } }>();
    expect(res.status).toBe(200);
    expect(body.search!.encodes).toBeGreaterThan(1);
    expect(body.search!.encodes).toBeLessThanOrEqual(
      2 * AUTO_PROBES_PER_FORMAT + AUTO_VERIFY_ROUNDS + AUTO_VERIFY_MISS_ROUNDS,
    );
    // Plain words; the score stays in the structured field.
    expect(body.notes.join(' ')).not.toMatch(/SSIM|SSIMULACRA/);
    expect(body.score).toBeGreaterThan(0);
  });

  it('spends at most its units, whatever the picture', { timeout: 60_000 }, async () => {
    const budget = new SearchBudget(10, Infinity);
    const r = await compressAuto(syntheticPhoto(400, 200, 1, 3), ['jpeg', 'webp'], budget);
    expect(r.search).toEqual({ encodes: budget.encodes, budgetSpent: true });
    expect(budget.spent).toBeLessThanOrEqual(10);
  });

  it('an ordinary photo gets the same answer as the unbounded search', { timeout: 60_000 }, async () => {
    const photo = syntheticPhoto(480, 400, 1, 12);
    const free = await compressAuto(photo, ['jpeg', 'webp'], new SearchBudget(Infinity, Infinity));
    const bounded = await compressAuto(photo, ['jpeg', 'webp']);
    expect(free.search?.budgetSpent).toBe(false);
    expect(bounded.search?.budgetSpent).toBe(false);
    expect(bounded.bytes).toEqual(free.bytes);
    expect(bounded.notes.join(' ')).toMatch(/^(JPEG|WEBP) at quality \d+ is the smallest file that looks the same/);
  });

  it('a target size is bounded the same way', { timeout: 60_000 }, async () => {
    const src = syntheticPhoto(400, 300);
    const free = await compressToTarget(src, 'jpeg', 20_000, new SearchBudget(Infinity, Infinity));
    expect(free.search).toMatchObject({ budgetSpent: false });
    expect(free.search!.encodes).toBeLessThanOrEqual(8);
    // Three encodes' worth: the search stops, keeps the best fit so far and says so.
    const tight = await compressToTarget(
      src,
      'jpeg',
      20_000,
      new SearchBudget(3 * (AUTO_PLAIN_COST.base + AUTO_PLAIN_COST.perQuality * 100), Infinity),
    );
    expect(tight.search).toMatchObject({ budgetSpent: true });
    expect(tight.search!.encodes).toBeLessThan(free.search!.encodes);
    expect(tight.bytes.length).toBeLessThanOrEqual(20_000);
    expect(tight.notes.join(' ')).toMatch(/Stopped searching early to keep the request quick/);
  });
});
