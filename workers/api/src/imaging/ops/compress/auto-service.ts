/**
 * `format=auto` with `quality=auto` on photos the isolate decodes but cannot encode within a slice (over
 * AUTO_WASM_PIXELS, up to AVIF_AUTO_MAX_PIXELS and 1,200 px a side), where AVIF is asked for (ADR 0135). The sample
 * is cut here from the decoded photo (no call), the JPEG/WebP/PNG quality searched on it with the isolate's codecs,
 * and AVIF tried on the lattice by the image service meanwhile (one call). The winner's whole photo is made by the
 * service and judged here, decoded: one call, and one more a few steps higher where it missed. At most
 * IMAGE_SERVICE_MAX_CALLS_PER_OPERATION calls, the same as a large photo's `quality=auto` (large.ts).
 */
import { IMAGE_SERVICE_MAX_CALLS_PER_OPERATION } from '../../../../../../core/image-service';
import { decode } from '../../codecs/decode';
import type { OutputFormat } from '../../codecs/encode';
import { hasTransparency, type Raster } from '../../codecs/raster';
import { readHeader } from '../../intake/sniff';
import { AUTO_MAX_QUALITY } from '../../options';
import type { ImageService } from '../../service/types';
import { anchoredTarget, targetWords } from './anchor';
import { autoOn, encodeChoice, explain, formatReason, searchLattice } from './auto';
import { AvifSearch, serviceAvif, stepsToTarget } from './avif';
import { named } from './choices';
import { judgeFor } from './judge/judge';
import { sampleOf } from './judge/sample';
import type { LargeCompressed } from './large';

/** Quality steps added to the search's answer when the service's encode of it cannot be corrected (libvips' WebP scored 10% worse at the same quality). */
const LAST_CALL_MARGIN = 4;

export async function autoThroughService(images: ImageService, readable: Uint8Array, source: Raster, formats: OutputFormat[]): Promise<LargeCompressed> {
  const sample = sampleOf(source);
  const judge = judgeFor(sample.raster);
  const judgeWhole = (c: Raster) => judge(sample.cut(c));
  const target = await anchoredTarget(sample.raster, judge);
  const lattice = searchLattice(sample.raster);
  const avif = new AvifSearch(serviceAvif(images), lattice, lattice === sample.raster ? judge : judgeFor(lattice), target.score);
  const others = formats.filter((f) => f !== 'avif');
  const choice = await autoOn(sample.raster, others.length ? others : [hasTransparency(source) ? 'png' : 'jpeg'], undefined, undefined, target.score, judge);
  const judgedOn = sample.whole ? '' : ` Judged at full size on ${sample.tiles.length} ${sample.tiles[0]!.width}×${sample.tiles[0]!.height} samples spread over the photo.`;
  const tail = `${targetWords(target)}${judgedOn}`;
  const plan = await avif.plan(choice.looksSame ? (await encodeChoice(lattice, choice)).length : Infinity);
  // One call is kept for the other format, should the AVIF miss.
  const made = plan ? await avif.whole(source, judgeWhole, plan.quality, IMAGE_SERVICE_MAX_CALLS_PER_OPERATION - 1) : null;
  const search = { encodes: choice.search.encodes + avif.calls, budgetSpent: choice.search.budgetSpent };
  if (made && plan) {
    const smaller = Math.max(1, Math.round((1 - plan.share) * 100));
    return {
      bytes: made.bytes, format: 'avif', quality: made.quality, score: made.score, looksSame: true, search,
      notes: [`${named('avif', made.quality)} is the smallest file that looks the same as the original (${named(choice.format, choice.quality)} would be about ${smaller}% larger on the sample). Made by the image service and judged here.${tail}`],
      formatReason: `AVIF: about ${smaller}% smaller than ${choice.format.toUpperCase()} at the same faithfulness.`,
    };
  }
  const format = choice.format as 'jpeg' | 'webp' | 'png';
  const encodeWhole = async (quality?: number) => (await images.run({ input: readable, steps: [], output: { format, ...(format === 'png' ? {} : { quality }) } })).bytes;
  const avifWords = avif.missed ? ` ${avif.missed}` : '';
  if (format === 'png') {
    return { bytes: await encodeWhole(), format, score: choice.score, looksSame: choice.looksSame, search, notes: [`${choice.why}${avifWords}${tail}`], formatReason: formatReason(choice) };
  }
  // The service's encoder is not the isolate's: its whole photo is judged, and made once more higher where it missed.
  // With no call left to correct it (an AVIF was tried whole), a few steps of margin for the other encoder.
  const lastCall = avif.calls >= IMAGE_SERVICE_MAX_CALLS_PER_OPERATION - 1;
  let quality = Math.min(AUTO_MAX_QUALITY, choice.quality! + (lastCall ? LAST_CALL_MARGIN : 0));
  let bytes = await encodeWhole(quality);
  let score = judgeWhole(await decode(bytes, readHeader(bytes)!));
  search.encodes++;
  if (score > target.score && !lastCall) {
    quality = Math.min(AUTO_MAX_QUALITY, quality + Math.max(1, stepsToTarget(score, target.score, choice.slope, choice.slope)));
    bytes = await encodeWhole(quality);
    score = judgeWhole(await decode(bytes, readHeader(bytes)!));
    search.encodes++;
  }
  const settled = { ...choice, quality, score, looksSame: score <= target.score, search };
  return { bytes, format, quality, score, looksSame: settled.looksSame, search, notes: [`${explain(settled)} Encoded by the image service and judged here.${avifWords}${tail}`], formatReason: formatReason(settled) };
}
