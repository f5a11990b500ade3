/**
 * One format's search for `quality=auto` (auto.ts): the lowest quality whose sample the judge scores at most the
 * target, each probe an encode, decode and judgement of the sample, placed where the probes so far say the target is.
 */
import { LOSSY_MIN, type SearchBudget, costAt, yieldToEventLoop } from './choices';
import { decode } from '../../codecs/decode';
import { encode } from '../../codecs/encode';
import type { Judge } from './judge/judge';
import {
  AUTO_CHECK_COST,
  AUTO_MAX_QUALITY,
  AUTO_PROBES_PER_FORMAT,
  AUTO_QUALITY_STEP,
  AUTO_SETTINGS,
} from '../../options';
import type { Raster } from '../../codecs/raster';
import { readHeader } from '../../intake/sniff';

/** One encode of the sample judged against it. */
export interface Probe {
  bytes: Uint8Array;
  quality: number;
  score: number;
}

/** How a search encodes its sample: the isolate's codecs, or (large photos) the image service that will encode the whole. */
export type ProbeEncoder = (sample: Raster, format: 'jpeg' | 'webp', quality: number) => Promise<Uint8Array>;

export const wasmProbe: ProbeEncoder = (sample, format, quality) =>
  encode(sample, format, { quality, tuning: AUTO_SETTINGS[format].options });

export interface Search {
  sample: Raster;
  judge: Judge;
  budget: SearchBudget;
  encoder: ProbeEncoder;
}

/** Encode, decode and judge one quality; null when the budget cannot pay for it. */
async function probe(search: Search, format: 'jpeg' | 'webp', quality: number): Promise<Probe | null> {
  if (!search.budget.take(costAt(AUTO_SETTINGS[format].cost, quality) + AUTO_CHECK_COST)) return null;
  await yieldToEventLoop();
  const bytes = await search.encoder(search.sample, format, quality);
  const header = readHeader(bytes);
  if (!header) throw new Error('encoder produced no image');
  return { bytes, quality, score: search.judge(await decode(bytes, header)) };
}

/**
 * Where each format's search starts: in the middle of where the answers fell on the corpus photos at the anchored
 * targets (WebP 61–86, mozjpeg 78–90; mozjpeg's scores fall steeply below about 80).
 */
const FIRST_GUESS = { jpeg: 84, webp: 74 } as const;
/** The most a file shrinks per quality step lower, as ln(bytes) (measured 3–5% near the answers, 13% at q94). */
const FASTEST_SHRINK = 0.08;
/** How fast the judge's score falls with quality before two probes measure it: ln(score) per quality step (measured near the answers). */
export const ASSUMED_SLOPE = { jpeg: -0.06, webp: -0.03, other: -0.03 } as const;

/**
 * The lowest quality of one format whose sample the judge scores at most `target`. The judge's score falls about
 * exponentially as quality rises, so each probe is placed where a line through ln(score) of the probes so far crosses
 * ln(target), inside the bracket known so far: 2–4 probes land within a quality step or two of the answer where a
 * bisection of 10…97 needs seven. `faithful` is the lowest quality found that meets the target, `closest` the best.
 */
export async function lowestFaithful(
  search: Search,
  format: 'jpeg' | 'webp',
  target: number,
  bound = Infinity,
): Promise<{ faithful: Probe | null; closest: Probe | null; seen: Probe[] }> {
  const seen: Probe[] = [];
  let below = LOSSY_MIN - 1; // highest quality known to miss the target
  let above = AUTO_MAX_QUALITY + 1; // lowest quality known to meet it (none yet: one past the top)
  let faithful: Probe | null = null;
  let closest: Probe | null = null;
  // Done when the answer is pinned to within a step, or when the top quality itself has missed.
  const settled = () => (faithful ? above - below <= AUTO_QUALITY_STEP : below >= AUTO_MAX_QUALITY);
  let next: number = FIRST_GUESS[format];
  for (let n = 0; n < AUTO_PROBES_PER_FORMAT && !settled(); n++) {
    const p = await probe(search, format, next);
    if (!p) break;
    seen.push(p);
    if (!closest || p.score < closest.score) closest = p;
    if (p.score <= target) {
      above = p.quality;
      faithful = p;
      // Even where the lowest faithful quality the slope predicts shrank the file as fast as files ever shrink per
      // step, it would not beat another format's answer: stop.
      const lowest = p.quality + Math.log(target / p.score) / slopeOf(seen, target, format);
      if (p.bytes.length * Math.exp(-FASTEST_SHRINK * (p.quality - lowest)) > bound) break;
    } else {
      below = p.quality;
      // Files grow with quality: a miss already as big as another format's answer means this one cannot win.
      if (p.bytes.length >= bound) break;
    }
    next = Math.round(nextGuess(seen, target, format));
    // Stay strictly inside the bracket; where the model points outside it, go halfway to its edge. With nothing
    // faithful yet, the top quality is the last place left to look.
    if (next <= below || next >= above) next = Math.floor((below + above) / 2);
    next = Math.min(next, AUTO_MAX_QUALITY);
    if (!faithful && above - below <= AUTO_QUALITY_STEP + 1) next = AUTO_MAX_QUALITY;
  }
  return { faithful, closest, seen };
}

/** ln(score) per quality step between the two probes nearest the target, or the assumed slope. */
export function slopeOf(seen: Probe[], target: number, format: 'jpeg' | 'webp'): number {
  const ln = Math.log(target);
  const [a, b] = [...seen].sort((x, y) => Math.abs(Math.log(x.score) - ln) - Math.abs(Math.log(y.score) - ln));
  if (!a || !b || a.quality === b.quality) return ASSUMED_SLOPE[format];
  const measured = (Math.log(b.score) - Math.log(a.score)) / (b.quality - a.quality);
  return measured < 0 ? measured : ASSUMED_SLOPE[format];
}

/** Where ln(score) reaches ln(target) on the line through the two probes nearest the target (one: an assumed slope). */
function nextGuess(seen: Probe[], target: number, format: 'jpeg' | 'webp'): number {
  const ln = Math.log(target);
  const a = [...seen].sort((x, y) => Math.abs(Math.log(x.score) - ln) - Math.abs(Math.log(y.score) - ln))[0]!;
  const guess = a.quality + (ln - Math.log(Math.max(a.score, 1e-6))) / slopeOf(seen, target, format);
  // Round towards the side that still needs looking at: up when the nearest probe missed, down when it met the target.
  return a.score > target ? Math.ceil(guess) : Math.floor(guess);
}
