/**
 * `quality=auto`: the smallest file the judge (judge/judge.ts) scores no further from the source than AUTO_TARGET_SCORE.
 *
 * Two levels, for speed without losing the check. The quality is searched on a small lattice of full-resolution
 * tiles of the judged picture (SEARCH_TILES × SEARCH_TILE_SIDE, judge/sample.ts), one format at a time
 * (auto-search.ts): each probe encodes, decodes and judges about 65,000 pixels. The answer is then encoded and judged
 * on the whole judged picture (the photo itself up to JUDGE_MAX_PIXELS, else its larger sample), and moved up or down
 * a few steps where the lattice misjudged it, so the score the screen shows is measured on what is delivered, not
 * predicted.
 */
import { type Encoded, LOSSY_MIN, SearchBudget, losslessPng, named, paletteVerdict, yieldToEventLoop } from './choices';
import { decode } from '../../codecs/decode';
import { encode, type OutputFormat } from '../../codecs/encode';
import { judgeFor, type Judge } from './judge/judge';
import { mosaic, sampledJudge, sampleTiles } from './judge/sample';
import {
  AUTO_MAX_QUALITY,
  AUTO_QUALITY_STEP,
  AUTO_SETTINGS,
  AUTO_TARGET_SCORE,
  AUTO_VERIFY_MISS_ROUNDS,
  AUTO_VERIFY_ROUNDS,
  SEARCH_TILES,
  SEARCH_TILE_SIDE,
} from '../../options';
import { crop, hasTransparency, type Raster } from '../../codecs/raster';
import { readHeader } from '../../intake/sniff';
import {
  ASSUMED_SLOPE,
  lowestFaithful,
  type Probe,
  type ProbeEncoder,
  type Search,
  slopeOf,
  wasmProbe,
} from './auto-search';

/** Formats `quality=auto` may choose from: the asked one, or for "auto" the ones that suit the picture. */
export function autoCandidates(requested: OutputFormat | 'auto', source: Raster): OutputFormat[] {
  if (requested !== 'auto') return [requested];
  return hasTransparency(source) ? ['webp', 'png'] : ['jpeg', 'webp'];
}

/** What `quality=auto` chose on a picture: the file of that picture, its format, quality and the judge's score. */
export interface AutoChoice {
  bytes: Uint8Array;
  format: OutputFormat;
  quality?: number;
  score: number;
  /** The judge found it no further from the source than AUTO_TARGET_SCORE. */
  looksSame: boolean;
  search: Encoded['search'] & object;
  /** Plain words for the screen: what was chosen and why. */
  why: string;
  /** How the score fell with quality in the chosen format's probes: ln(score) per quality step. */
  slope: number;
  /** The other formats' smallest faithful files, as a share of the chosen one's size. */
  rivals: { format: OutputFormat; quality?: number; ratio: number }[];
}

/**
 * The smallest file of the given formats whose sample the judge scores at most AUTO_TARGET_SCORE. Lossless formats
 * are always faithful (PNG may also be palette-reduced where the judge cannot see it). Where no lossy quality reaches
 * the target within the search, the closest file is kept and said to be so.
 */
export async function chooseAuto(
  sample: Raster,
  formats: OutputFormat[],
  budget = SearchBudget.for(sample),
  encoder = wasmProbe,
  target = AUTO_TARGET_SCORE,
  judge?: Judge,
): Promise<AutoChoice> {
  const search: Search = { sample, judge: judge ?? judgeFor(sample), budget, encoder };
  const found: (Probe & { format: OutputFormat; slope: number })[] = [];
  let closest: (Probe & { format: OutputFormat; slope: number }) | null = null;
  // WebP first: it wins on most photos, and its answer bounds the JPEG search.
  for (const format of [...formats].sort((a, b) => Number(b === 'webp') - Number(a === 'webp'))) {
    if (format !== 'jpeg' && format !== 'webp') continue;
    if (budget.exhausted) break;
    const r = await lowestFaithful(search, format, target, Math.min(...found.map((f) => f.bytes.length)));
    const slope = slopeOf(r.seen, target, format);
    if (r.faithful) found.push({ ...r.faithful, format, slope });
    if (r.closest && (!closest || r.closest.score < closest.score)) closest = { ...r.closest, format, slope };
  }
  for (const format of formats) {
    if (format === 'jpeg' || format === 'webp') continue;
    budget.force(1);
    const lossless =
      format === 'png'
        ? await losslessPng(sample, paletteVerdict(search.judge, target))
        : { bytes: await encode(sample, format, { quality: 100 }), score: 0 };
    found.push({ ...lossless, quality: 0, format, slope: ASSUMED_SLOPE.other });
  }
  found.sort((a, b) => a.bytes.length - b.bytes.length);
  const best = found[0] ?? closest;
  if (!best) throw new Error('quality=auto made no candidate');
  const rivals = found
    .filter((f) => f.format !== best.format)
    .map((f) => ({ format: f.format, quality: f.quality || undefined, ratio: f.bytes.length / best.bytes.length }));
  const choice = {
    bytes: best.bytes,
    format: best.format,
    quality: best.quality || undefined,
    score: best.score,
    looksSame: found.length > 0,
    search: budget.report(),
    slope: best.slope,
    rivals,
    why: '',
  };
  return { ...choice, why: explain(choice) };
}

/** The screen's words for a choice: what, why, and where the search stopped early. */
export function explain(c: Omit<AutoChoice, 'why'>): string {
  const stopped = c.search.budgetSpent ? ' Stopped searching early to keep the request quick.' : '';
  if (!c.looksSame)
    return `No quality up to ${AUTO_MAX_QUALITY} looks the same as the original for this picture (fine grain like this is hard to compress); the closest file, ${named(c.format, c.quality)}, was kept.${stopped}`;
  const others = c.rivals.map(
    (r) => `${named(r.format, r.quality)} would be ${Math.max(1, Math.round((r.ratio - 1) * 100))}% larger`,
  );
  return `${named(c.format, c.quality)} is the smallest file that looks the same as the original${others.length ? ` (${others.join('; ')})` : ''}.${stopped}`;
}

/**
 * `quality=auto` on a picture the judge can read whole (the photo, or its sample): searched on a lattice of its
 * tiles where it is larger than that lattice, then checked, and corrected, on the picture itself.
 */
export async function autoOn(
  judged: Raster,
  formats: OutputFormat[],
  encoder: ProbeEncoder = wasmProbe,
  budget?: SearchBudget,
  target = AUTO_TARGET_SCORE,
  judge?: Judge,
): Promise<AutoChoice> {
  const sample = searchLattice(judged);
  if (sample === judged) return chooseAuto(judged, formats, budget ?? SearchBudget.for(judged), encoder, target, judge);
  const spend = budget ?? SearchBudget.for(sample);
  const found = await chooseAuto(sample, formats, spend, encoder, target);
  if (found.format !== 'jpeg' && found.format !== 'webp') {
    const whole =
      found.format === 'png'
        ? await losslessPng(judged, async (c) => paletteVerdict(judgeFor(judged), target)(c))
        : { bytes: await encode(judged, found.format, { quality: 100 }), score: 0 };
    return { ...found, ...whole };
  }
  return verify(judged, found, found.format, encoder, spend, target, judge);
}

/** What the quality is searched on: the judged picture's lattice of SEARCH_TILES tiles, or itself when it is little larger. */
export function searchLattice(judged: Raster): Raster {
  const tiles = sampleTiles(judged.width, judged.height, SEARCH_TILES, SEARCH_TILE_SIDE);
  if (judged.width * judged.height <= 2 * tiles.length * SEARCH_TILE_SIDE * SEARCH_TILE_SIDE) return judged;
  return mosaic(tiles.map((t) => crop(judged, t.left, t.top, t.width, t.height)));
}

/**
 * The lattice's answer encoded and judged on the whole picture, then moved within the bracket the checks find. A
 * miss with nothing met yet moves up by what the search's slope says the gap needs, at least one step and twice the
 * last least step after each further miss (near the target a format's score can stay flat, or even rise, over a few
 * steps: WebP's qualities 70 and 71 can make the same file), with AUTO_VERIFY_MISS_ROUNDS more encodes allowed while
 * none has met the target. A file that meets it by a margin moves down by the slope (at most twice
 * AUTO_QUALITY_STEP), never to a quality seen to miss; a miss above a met quality moves back up inside that bracket.
 * At most AUTO_VERIFY_ROUNDS encodes otherwise.
 */
async function verify(
  judged: Raster,
  found: AutoChoice,
  format: 'jpeg' | 'webp',
  encoder: ProbeEncoder,
  budget: SearchBudget,
  target: number,
  given?: Judge,
): Promise<AutoChoice> {
  const judge = given ?? judgeFor(judged);
  let quality = found.quality!;
  let passed: Probe | null = null;
  let closest: Probe | null = null;
  let missedAt = LOSSY_MIN - 1; // the highest quality seen to miss on the whole picture
  let climb = 1; // the least the next step up moves while nothing has met the target
  const tried = new Set<number>();
  for (
    let round = 0;
    round < AUTO_VERIFY_ROUNDS + (passed ? 0 : AUTO_VERIFY_MISS_ROUNDS) && !tried.has(quality);
    round++
  ) {
    tried.add(quality);
    budget.force(0);
    await yieldToEventLoop();
    const bytes = await encoder(judged, format, quality);
    const score = judge(await decode(bytes, readHeader(bytes)!));
    const p = { bytes, quality, score };
    if (!closest || score < closest.score) closest = p;
    // Steps the slope says would bring the score to the target (positive: up).
    const steps = Math.log(score / target) / -found.slope;
    if (score <= target) {
      if (!passed || bytes.length < passed.bytes.length) passed = p;
      if (score > VERIFY_MARGIN * target || passed !== p) break;
      quality = Math.max(
        LOSSY_MIN,
        missedAt + 1,
        quality + Math.min(-1, Math.max(-2 * AUTO_QUALITY_STEP, Math.floor(steps))),
      );
    } else {
      missedAt = Math.max(missedAt, quality);
      if (quality >= AUTO_MAX_QUALITY) break;
      if (passed) quality = Math.min(passed.quality - 1, quality + Math.max(1, Math.ceil(steps)));
      else {
        quality = Math.min(AUTO_MAX_QUALITY, quality + Math.max(climb, Math.ceil(steps)));
        climb *= 2;
      }
    }
  }
  const best = passed ?? closest!;
  const choice = {
    ...found,
    bytes: best.bytes,
    quality: best.quality,
    score: best.score,
    looksSame: !!passed,
    search: budget.report(),
  };
  return { ...choice, why: explain(choice) };
}

/** A verified answer this far under the target is worth one try a little lower. */
export const VERIFY_MARGIN = 0.92;

/** The whole picture at the format and quality chosen on its sample. */
export async function encodeChoice(
  source: Raster,
  choice: Pick<AutoChoice, 'format' | 'quality'>,
  target = AUTO_TARGET_SCORE,
): Promise<Uint8Array> {
  if (choice.format === 'jpeg' || choice.format === 'webp')
    return encode(source, choice.format, { quality: choice.quality!, tuning: AUTO_SETTINGS[choice.format].options });
  if (choice.format === 'png')
    return (await losslessPng(source, async (c) => paletteVerdict(sampledJudge(source), target)(c))).bytes;
  return encode(source, choice.format, { quality: 100 });
}
