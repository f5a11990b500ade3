/**
 * `quality=auto` on a picture in memory, with `format=auto`'s choice among formats (ADR 0135): the target anchored on
 * the picture (anchor.ts), the JPEG/WebP/PNG choice made on its sample by the search (auto.ts), and AVIF beside it
 * where it is asked for and can be made (avif.ts): the smallest file that meets the target wins.
 */
import type { OutputFormat } from '../../codecs/encode';
import { hasTransparency, type Raster } from '../../codecs/raster';
import { anchoredTarget, targetWords } from './anchor';
import { autoOn, encodeChoice, type AutoChoice } from './auto';
import { AVIF_TRIES, AVIF_WORTH, AvifSearch, type AvifEncoder } from './avif';
import { named, type Encoded, type SearchBudget } from './choices';
import { judgeFor, type Judge } from './judge/judge';
import { sampleOf, samplesOf } from './judge/sample';

/**
 * Whether a whole AVIF that met the target (avif.ts answers only such files) replaces the search's choice: when it is
 * smaller, or when the choice itself fell short of the target, so a faithful file is never passed over for a smaller
 * one that is not.
 */
export function avifWins(avifBytes: number, choice: { bytes: number; looksSame: boolean }): boolean {
  return !choice.looksSame || avifBytes < choice.bytes;
}

/** How `compressAuto` may try AVIF, and what it must know of the picture's colours. */
export interface AutoOptions {
  avif?: AvifEncoder;
  /** The most AVIFs the search may ask for: what the visitor's budget of search calls granted (ADR 0148). */
  avifCalls?: number;
  /** Said in the notes when AVIF was accepted but cannot be tried on this picture. */
  avifRefused?: string;
  /** The picture carries its own colour profile (anchor.ts OWN_PROFILE_MARGIN). */
  ownProfile?: boolean;
  /** The input was a JPEG (anchor.ts NEAR_COPY). */
  jpeg?: boolean;
}

/**
 * Whole pictures in memory: the choice made on the sample (then, when the sample was tiles, the whole picture encoded
 * at it), and AVIF where asked for.
 */
export async function compressAuto(
  source: Raster,
  formats: OutputFormat[],
  budget?: SearchBudget,
  options: AutoOptions = {},
): Promise<Encoded> {
  const sample = sampleOf(source);
  // Made once the AVIFs of a picture judged on samples are decoded and cut (avif.ts AVIF_AUTO_MAX_PIXELS): their whole
  // decodes and the judges are never in memory together. A picture judged whole has its AVIFs judged whole.
  let judge: Judge | undefined;
  const avif =
    formats.includes('avif') && options.avif
      ? new AvifSearch(
          options.avif,
          source,
          (seen) => judge!(seen),
          () => target.score,
          sample.whole ? options.avifCalls : Math.min(AVIF_TRIES.length, options.avifCalls ?? Infinity),
          sample.cut,
        )
      : null;
  if (avif && !sample.whole) await avif.decoded();
  judge = judgeFor(sample.raster);
  const target = await anchoredTarget(sample.raster, judge, options);
  const others = formats.filter((f) => f !== 'avif');
  // With AVIF the only format asked for and none to be made, the search falls back to what every viewer shows.
  const searched = others.length ? others : ([hasTransparency(source) ? 'png' : 'jpeg'] as OutputFormat[]);
  const choice = await autoOn(sample.raster, searched, undefined, budget, target.score, judge);
  const search = { ...choice.search, ...(sample.whole ? {} : { samples: samplesOf(sample.tiles) }) };
  let { format, quality, score, looksSame, why } = choice;
  // On samples the whole JPEG or WebP is encoded only where it is the answer; until then its size is the sample's file
  // grown to the picture's pixels (the tiles are a systematic sample of it, judge/sample.ts).
  let whole: Uint8Array | null = sample.whole ? choice.bytes : null;
  const estimated = Math.round(
    choice.bytes.length * ((source.width * source.height) / (sample.raster.width * sample.raster.height)),
  );
  let byService = false;
  let reason = formatReason({ ...choice, looksSame });
  if (avif) {
    const made = await avif.best(looksSame ? (whole?.length ?? estimated) : Infinity);
    search.encodes += avif.calls;
    // Nothing is judged after this: the judges are let go before a whole JPEG or WebP is encoded here, as a dropped
    // codec instance is (wasm-memory.ts), so on samples the encode never counts on memory beside them (ADR 0169).
    judge = undefined;
    // An AVIF that beats the estimate is the answer without the whole JPEG or WebP ever being encoded.
    if (!whole && !(made && avifWins(made.bytes.length, { bytes: estimated, looksSame })))
      whole = await encodeChoice(source, choice, target.score);
    const rival = whole?.length ?? estimated;
    if (made && avifWins(made.bytes.length, { bytes: rival, looksSame })) {
      const smaller = made.bytes.length < rival;
      const about = whole ? '' : 'about ';
      const than = looksSame
        ? `${format.toUpperCase()} at the same faithfulness`
        : `the closest ${format.toUpperCase()}, and it looks the same`;
      reason = smaller
        ? `AVIF: ${about}${Math.max(1, Math.round((1 - made.bytes.length / rival) * 100))}% smaller than ${than}.`
        : `AVIF: the only format tried that looks the same as the original.`;
      const larger = Math.max(1, Math.round((rival / made.bytes.length - 1) * 100));
      const other = !looksSame
        ? `the closest ${format.toUpperCase()}, ${named(format, quality)}, does not look the same${smaller ? ` and is ${about}${larger}% larger` : ''}`
        : `${named(format, quality)} would be ${about}${larger}% larger`;
      why = `${named('avif', made.quality)} is the smallest file that looks the same as the original (${other}). Made by the image service and checked at full size.`;
      ({ bytes: whole, quality, score } = made);
      format = 'avif';
      looksSame = true;
      byService = true;
    } else if (made)
      why += ` AVIF at quality ${made.quality} looks the same too but is ${Math.max(1, Math.round((made.bytes.length / rival - 1) * 100))}% larger.`;
    else if (avif.missed) why += ` ${avif.missed}`;
    if (!made && looksSame && avif.share !== undefined && avif.share >= AVIF_WORTH) {
      reason =
        avif.share >= 1
          ? `${format.toUpperCase()}: about ${Math.max(1, Math.round((1 - 1 / avif.share) * 100))}% smaller than AVIF at the same faithfulness (estimated from two AVIFs of the photo).`
          : `${format.toUpperCase()}: AVIF would be only about ${Math.max(1, Math.round((1 - avif.share) * 100))}% smaller at the same faithfulness (estimated from two AVIFs of the photo), too little to make it.`;
    }
  } else if (options.avifRefused) why += ` ${options.avifRefused}`;
  whole ??= await encodeChoice(source, choice, target.score);
  const chose = formats.length > 1 || format !== formats[0];
  return {
    bytes: whole,
    format,
    quality,
    score,
    looksSame,
    notes: [why + targetWords(target)],
    search,
    ...(chose ? { formatReason: reason } : {}),
    ...(byService ? { byService } : {}),
  };
}

/** The screen's one line for a choice between formats: which, and by how much it beat the next (docs/product.md). */
export function formatReason(c: Pick<AutoChoice, 'format' | 'looksSame' | 'rivals'>): string {
  const name = c.format.toUpperCase();
  if (!c.looksSame) return `${name}: the closest to the original of the formats tried.`;
  const next = [...c.rivals].sort((a, b) => a.ratio - b.ratio)[0];
  if (!next)
    return c.format === 'png'
      ? `${name}: lossless, and the only format tried that keeps this picture's look.`
      : `${name}: the only format tried that looks the same.`;
  return `${name}: ${Math.max(1, Math.round((1 - 1 / next.ratio) * 100))}% smaller than ${next.format.toUpperCase()} at the same faithfulness.`;
}
