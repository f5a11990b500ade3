/**
 * `quality=auto` where the answer is a PNG (Keep original on a PNG, or PNG asked for): what TinyPNG's users expect, a
 * PNG that stays a PNG and looks the same, much smaller. The picture reduced to at most 256 colours is kept where the
 * judge finds it no further from the original than auto's own target for this picture (anchor.ts: within
 * AUTO_TARGET_SCORE and no less faithful than a standard JPEG at quality 75), else every colour is kept, losslessly.
 * The judge reads the picture whole up to JUDGE_MAX_PIXELS, else its sample tiles (judge/sample.ts). ADR 0164.
 */
import type { Raster } from '../../codecs/raster';
import { anchoredTarget } from './anchor';
import { losslessPng, type Encoded } from './choices';
import { judgeFor } from './judge/judge';
import { sampleOf } from './judge/sample';

export async function autoPng(source: Raster, input: { ownProfile?: boolean } = {}): Promise<Encoded> {
  // The judge and the target are made only for a palette worth judging, after the lossless encode (choices.ts).
  const r = await losslessPng(source, async (candidate) => {
    const sample = sampleOf(source);
    const judge = judgeFor(sample.raster);
    const target = await anchoredTarget(sample.raster, judge, { ownProfile: input.ownProfile });
    return { score: judge(sample.cut(candidate)), max: target.score };
  });
  const note = r.reduced
    ? 'Reduced to at most 256 colours, which looks the same as the original.'
    : r.visible
      ? 'Kept every colour (lossless): fewer colours would change how this picture looks.'
      : 'Saved losslessly, every colour kept.';
  return {
    bytes: r.bytes,
    format: 'png',
    score: r.score,
    looksSame: true,
    notes: [note],
    search: { encodes: r.reduced || r.visible ? 2 : 1, budgetSpent: false },
  };
}
