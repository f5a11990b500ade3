import { describe, expect, it } from 'vitest';
import { compressAuto } from '../../src/imaging/ops/compress/auto-whole';
import { compressToTarget } from '../../src/imaging/ops/compress/choices';
import { encode } from '../../src/imaging/codecs/encode';
import { loopTurnsDuring } from '../support/loop-turns';
import { syntheticPhoto } from '../support/synthetic';

describe('compression searches give the event loop a turn between encodes', () => {
  const src = syntheticPhoto(96, 64);

  it('quality=auto (a search of a few probes per format) yields between them', async () => {
    await encode(src, 'webp', { quality: 80 }); // codecs instantiated outside the measurement
    await encode(src, 'jpeg', { quality: 80 });
    const { result, turns } = await loopTurnsDuring(() => compressAuto(src, ['jpeg', 'webp']));
    // One turn at least per probe (a search that never yields gives none).
    expect(result.search!.encodes).toBeGreaterThanOrEqual(2);
    expect(turns).toBeGreaterThanOrEqual(result.search!.encodes);
  });

  it('a target size (binary search over quality) yields between encodes', async () => {
    const { result, turns } = await loopTurnsDuring(() => compressToTarget(src, 'jpeg', 2_000));
    expect(result.bytes.length).toBeLessThanOrEqual(2_000);
    expect(turns).toBeGreaterThanOrEqual(6);
  });
});
