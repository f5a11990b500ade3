/**
 * `quality=auto` on a picture in memory, with `format=auto`'s choice among formats (ADR 0135): the target anchored on
 * the picture (anchor.ts), the JPEG/WebP/PNG choice made on its sample by the search (auto.ts), and AVIF beside it
 * where it is asked for and can be made (avif.ts): the smallest file that meets the target wins.
 */
import type { OutputFormat } from '../../codecs/encode';
import { decode } from '../../codecs/decode';
import { hasTransparency, type Raster } from '../../codecs/raster';
import { readHeader } from '../../intake/sniff';
import { AUTO_MAX_QUALITY } from '../../options';
import { encodeSlicePixels } from '../../slices';
import { anchoredTarget, targetWords } from './anchor';
import { autoOn, encodeChoice, explain, searchLattice, type AutoChoice } from './auto';
import { AVIF_WORTH, AvifSearch, type AvifEncoder } from './avif';
import { named, type Encoded, type SearchBudget } from './choices';
import { judgeFor } from './judge/judge';
import { sampleOf } from './judge/sample';

/**
 * Whether a whole AVIF that met the target (avif.ts answers only such files) replaces the search's choice: when it is
 * smaller, or when the choice itself fell short of the target, so a faithful file is never passed over for a smaller
 * one that is not.
 */
export function avifWins(avifBytes: number, choice: { bytes: number; looksSame: boolean }): boolean {
  return !choice.looksSame || avifBytes < choice.bytes;
}

/** How `compressAuto` may try AVIF, and make a whole photo the isolate cannot encode within a slice. */
export interface AutoOptions {
  avif?: AvifEncoder;
  /** Said in the notes when AVIF was accepted but cannot be tried on this picture. */
  avifRefused?: string;
  /** The image service's encode of the whole photo (photos over AUTO_WASM_PIXELS, compress.ts). */
  serviceWhole?: (format: 'jpeg' | 'webp' | 'png', quality?: number) => Promise<Uint8Array>;
}

/** Quality steps added to the search's answer when the service, not the isolate's encoder, makes the whole photo (its encoders score up to 10% worse at the same quality). */
const SERVICE_MARGIN = 3;

/**
 * Whole pictures in memory: the choice made on the sample (then, when the sample was tiles, the whole picture encoded
 * at it: in the isolate where one encode fits a slice, else by the image service), and AVIF where asked for.
 */
export async function compressAuto(source: Raster, formats: OutputFormat[], budget?: SearchBudget, options: AutoOptions = {}): Promise<Encoded> {
  const sample = sampleOf(source);
  const judge = judgeFor(sample.raster);
  const judgeWhole = (c: Raster) => judge(sample.cut(c));
  const target = await anchoredTarget(sample.raster, judge);
  const lattice = searchLattice(sample.raster);
  const avif = formats.includes('avif') && options.avif ? new AvifSearch(options.avif, lattice, lattice === sample.raster ? judge : judgeFor(lattice), target.score) : null;
  // The whole AVIF overlaps the search where the JPEG or WebP is sure to be made here (no call of its own).
  if (avif && (sample.whole || !options.serviceWhole)) avif.speculate(source);
  const others = formats.filter((f) => f !== 'avif');
  // With AVIF the only format asked for and none to be made, the search falls back to what every viewer shows.
  const searched = others.length ? others : ([hasTransparency(source) ? 'png' : 'jpeg'] as OutputFormat[]);
  const choice = await autoOn(sample.raster, searched, undefined, budget, target.score, judge);
  const search = { ...choice.search };
  let { format, quality, score, looksSame, why } = choice;
  let bytes: Uint8Array;
  let byService = false;
  const fits = source.width * source.height <= encodeSlicePixels(format, quality ?? 100);
  if (sample.whole) bytes = choice.bytes;
  else if (fits || !options.serviceWhole) bytes = await encodeChoice(source, choice);
  else {
    // One call, judged whole here; a few steps of margin for the other encoder, and no AVIF after it (three calls).
    const lossless = format === 'png';
    quality = lossless ? undefined : Math.min(AUTO_MAX_QUALITY, quality! + SERVICE_MARGIN);
    bytes = await options.serviceWhole(format as 'jpeg' | 'webp' | 'png', quality);
    byService = true;
    search.encodes++;
    if (!lossless) {
      score = judgeWhole(await decode(bytes, readHeader(bytes)!));
      looksSame = score <= target.score;
      why = explain({ ...choice, quality, score, looksSame }) + ' Encoded by the image service and judged here.';
    }
  }
  const judgedOn = sample.whole ? '' : ` Judged at full size on ${sample.tiles.length} ${sample.tiles[0]!.width}×${sample.tiles[0]!.height} samples spread over the picture.`;
  let reason = formatReason({ ...choice, looksSame });
  if (avif) {
    const rival = looksSame ? (await encodeChoice(lattice, choice)).length : Infinity;
    const plan = await avif.plan(rival);
    const made = plan && !byService ? await avif.whole(source, judgeWhole, plan.quality) : null;
    search.encodes += avif.calls;
    if (made && avifWins(made.bytes.length, { bytes: bytes.length, looksSame })) {
      const smaller = made.bytes.length < bytes.length;
      const than = looksSame ? `${format.toUpperCase()} at the same faithfulness` : `the closest ${format.toUpperCase()}, and it looks the same`;
      reason = smaller
        ? `AVIF: ${Math.max(1, Math.round((1 - made.bytes.length / bytes.length) * 100))}% smaller than ${than}.`
        : `AVIF: the only format tried that looks the same as the original.`;
      const other = smaller
        ? `${named(format, quality)} would be ${Math.max(1, Math.round((bytes.length / made.bytes.length - 1) * 100))}% larger`
        : `${named(format, quality)}, the closest ${format.toUpperCase()}, does not`;
      why = `${named('avif', made.quality)} is the smallest file that looks the same as the original (${other}). Made by the image service and judged here.`;
      ({ bytes, quality, score } = made);
      format = 'avif';
      looksSame = true;
      byService = true;
    } else if (made) why += ` AVIF at quality ${made.quality} looks the same too but is ${Math.max(1, Math.round((made.bytes.length / bytes.length - 1) * 100))}% larger.`;
    else if (plan && byService) why += ' AVIF was not made whole: the image service calls a request may make were spent.';
    else if (avif.missed) why += ` ${avif.missed}`;
    if (!made && looksSame && avif.share !== undefined && avif.share >= AVIF_WORTH) {
      reason =
        avif.share >= 1
          ? `${format.toUpperCase()}: about ${Math.max(1, Math.round((1 - 1 / avif.share) * 100))}% smaller than AVIF at the same faithfulness (measured on a sample).`
          : `${format.toUpperCase()}: AVIF would be only about ${Math.max(1, Math.round((1 - avif.share) * 100))}% smaller at the same faithfulness (measured on a sample), too little to make it.`;
    }
  } else if (options.avifRefused) why += ` ${options.avifRefused}`;
  const chose = formats.length > 1 || format !== formats[0];
  return { bytes, format, quality, score, looksSame, notes: [why + targetWords(target) + judgedOn], search, ...(chose ? { formatReason: reason } : {}), ...(byService ? { byService } : {}) };
}

/** The screen's one line for a choice between formats: which, and by how much it beat the next (docs/product.md). */
export function formatReason(c: Pick<AutoChoice, 'format' | 'looksSame' | 'rivals'>): string {
  const name = c.format.toUpperCase();
  if (!c.looksSame) return `${name}: the closest to the original of the formats tried.`;
  const next = [...c.rivals].sort((a, b) => a.ratio - b.ratio)[0];
  if (!next) return c.format === 'png' ? `${name}: lossless, and the only format tried that keeps this picture's look.` : `${name}: the only format tried that looks the same.`;
  return `${name}: ${Math.max(1, Math.round((1 - 1 / next.ratio) * 100))}% smaller than ${next.format.toUpperCase()} at the same faithfulness.`;
}
