import { describe, expect, it } from 'vitest';
import type { JobPhase } from '../../../../core/api/tool-progress';
import { intake, run } from '../../src/imaging/engine';
import { anchoredTarget } from '../../src/imaging/ops/compress/anchor';
import { compressAuto } from '../../src/imaging/ops/compress/auto-whole';
import { decode } from '../../src/imaging/codecs/decode';
import { encode } from '../../src/imaging/codecs/encode';
import { judgeFor } from '../../src/imaging/ops/compress/judge/judge';
import {
  AUTO_MAX_QUALITY,
  AUTO_PROBES_PER_FORMAT,
  AUTO_QUALITY_STEP,
  AUTO_SETTINGS,
  AUTO_TARGET_SCORE,
  AUTO_VERIFY_MISS_ROUNDS,
  AUTO_VERIFY_ROUNDS,
} from '../../src/imaging/options';
import { readHeader } from '../../src/imaging/intake/sniff';
import { syntheticPhoto } from '../support/synthetic';

/** The lowest whole quality of one format whose file the judge scores at most the target, by plain bisection. */
async function lowestOf(src: ReturnType<typeof syntheticPhoto>, format: 'jpeg' | 'webp', target: number) {
  const judge = judgeFor(src);
  const tuning = AUTO_SETTINGS[format].options;
  let lo = 10;
  let hi = AUTO_MAX_QUALITY;
  let best: { bytes: Uint8Array; quality: number } | null = null;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const bytes = await encode(src, format, { quality: mid, tuning });
    if (judge(await decode(bytes, readHeader(bytes)!)) <= target) {
      best = { bytes, quality: mid };
      hi = mid;
    } else lo = mid + 1;
  }
  return best;
}

describe('quality=auto', () => {
  // The search places its probes by a model of how the score falls with quality: whatever the model guesses, the
  // answer must meet the target and be within the search's stopping step of the exhaustive answer.
  it('answers a file the judge passes, within a quality step or two of the smallest of a full search', {
    timeout: 90_000,
  }, async () => {
    // Fine grain and coarse grain: the score falls with quality unevenly, and WebP wins on both by a small margin.
    for (const [width, height, noise] of [
      [480, 400, 12],
      [300, 200, 60],
    ] as const) {
      const src = syntheticPhoto(width, height, 1, noise);
      const auto = await compressAuto(src, ['jpeg', 'webp']);
      // The target the search was held to: AUTO_TARGET_SCORE, or the anchor's where stricter (anchor.ts).
      const target = (await anchoredTarget(src, judgeFor(src))).score;
      expect(target).toBeLessThanOrEqual(AUTO_TARGET_SCORE);
      expect(auto.looksSame).toBe(true);
      expect(auto.score).toBeLessThanOrEqual(target);
      expect(judgeFor(src)(await decode(auto.bytes, readHeader(auto.bytes)!))).toBeCloseTo(auto.score!, 6);
      const full = (
        await Promise.all((['jpeg', 'webp'] as const).map(async (f) => ({ f, r: await lowestOf(src, f, target) })))
      ).filter((x) => x.r);
      const smallest = full.reduce((a, b) => (b.r!.bytes.length < a.r!.bytes.length ? b : a));
      if (auto.format === smallest.f)
        expect(auto.quality! - smallest.r!.quality).toBeLessThanOrEqual(AUTO_QUALITY_STEP);
      // A quality step is a few percent of the file; the other format may win by less than that.
      expect(auto.bytes.length).toBeLessThanOrEqual(smallest.r!.bytes.length * 1.08);
      expect(auto.search!.encodes).toBeLessThanOrEqual(
        2 * AUTO_PROBES_PER_FORMAT + AUTO_VERIFY_ROUNDS + AUTO_VERIFY_MISS_ROUNDS,
      );
    }
  });
});

describe('quality=auto progress', () => {
  it('stays in the processing phase while it searches: "encoding" comes once the file is made', {
    timeout: 60_000,
  }, async () => {
    const photo = await encode(syntheticPhoto(640, 480, 3, 24), 'png', { quality: 100 });
    const seen: { phase: JobPhase; at: number }[] = [];
    const start = performance.now();
    const services = {
      images: undefined as never,
      ai: undefined as never,
      onPhase: (phase: JobPhase) => seen.push({ phase, at: performance.now() }),
    };
    await run(
      'compress',
      await intake(photo),
      { operation: 'compress', quality: 'auto', format: 'auto', accept: 'webp,jpeg' } as never,
      services,
    );
    const end = performance.now();
    expect(seen.map((s) => s.phase)).toEqual(['processing', 'encoding']);
    // The search (several encodes, each judged) happened before "encoding", almost nothing after it.
    expect(end - seen[1]!.at).toBeLessThan((end - start) / 5);
  });
});
