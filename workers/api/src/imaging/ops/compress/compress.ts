/**
 * Compress: a given quality, `auto` (the smallest file that looks the same) or a target size. Small pictures are
 * searched and encoded in the isolate (small.ts); large ones are encoded by the image service (large.ts). Never a
 * larger file than it was given (keep-original.ts).
 */
import { decode } from '../../codecs/decode';
import type { OutputFormat } from '../../codecs/encode';
import type { Raster } from '../../codecs/raster';
import { AUTO_WASM_PIXELS } from '../../options';
import { resolveFormat, serviceWrites } from '../../pipeline/format';
import {
  assertServiceCan,
  beyondBoth,
  decodes,
  pixelBudget,
  pixels,
  reach,
  readableByService,
  viaService,
} from '../../pipeline/paths';
import type { CompressRequest, CompressStage, EngineResult, Job, OperationEntry, Picture, Size } from '../../types';
import { avifRefusal } from './avif';
import { resize } from '../../codecs/pixels';
import { fitOf, pixelsAt, resizesInIsolate } from '../../pipeline/fit';
import { IMAGE_SERVICE_MAX_CALLS_PER_OPERATION } from '../../../../../../core/image-service';
import { acceptedFormats, acceptFromHeader } from '../../../../../../core/tools/compress';
import { readProfile } from '../../metadata/icc';
import { budgetedAutoOptions } from './auto-options';
import type { Encoded } from './choices';
import { compressFrames } from './frames';
import { heicLarger, keepWhenNotSmaller } from './keep-original';
import { compressLarge, largeSearch } from './large';
import type { LargePicture } from './large-picture';
import type { ImageService } from '../../service/types';
import { compressRaster } from './small';

/** The formats a request may write: one, or where the engine chooses (`format=auto`, a target size) any that suit. */
export function possibleFormats(req: CompressRequest, resolved: OutputFormat): OutputFormat[] {
  return req.format === 'auto' || req.targetBytes ? ['jpeg', 'webp', 'png'] : [resolved];
}

/**
 * Whether compressing a picture of this size runs in the isolate: within every possible format's budget, or for
 * `quality=auto` within AUTO_WASM_PIXELS, whose checks of the whole picture are the slices' one exception (ADR 0140).
 */
export const compressFits = (size: Size, req: CompressRequest, resolved: OutputFormat) => {
  // A PNG's auto is a palette and a lossless encode, each within the PNG encoder's budget and slice (auto-png.ts).
  if (req.quality === 'auto' && !req.targetBytes && req.format !== 'auto' && resolved === 'png')
    return pixels(size) <= pixelBudget('compress', 'png');
  if (req.quality === 'auto' && !req.targetBytes) return pixels(size) <= AUTO_WASM_PIXELS;
  const quality = typeof req.quality === 'number' && !req.targetBytes ? req.quality : undefined;
  return pixels(size) <= Math.min(...possibleFormats(req, resolved).map((f) => pixelBudget('compress', f, quality)));
};

/** What the judge said of a result, where it judged one. */
const judged = (r: {
  score?: number;
  looksSame?: boolean;
  search?: EngineResult['search'];
  formatReason?: string;
}) => ({
  ...(r.formatReason ? { formatReason: r.formatReason } : {}),
  ...(r.score === undefined ? {} : { score: Math.round(r.score * 10000) / 10000 }),
  ...(r.looksSame === undefined ? {} : { looksSame: r.looksSame }),
  ...(r.search ? { search: r.search } : {}),
});

/**
 * The large-picture compress, with what the engine reports of it (`picture` may be the input resized, by steps). Its
 * calls beyond the one encode (a search's sample, check and tries, `format=auto`'s second format) are reserved from
 * the visitor's daily budget of search calls first, and what the search did not make is given back (ADR 0148).
 */
export async function compressByService(
  { input, services, notes }: Job,
  picture: LargePicture,
  req: CompressRequest,
  resolved: OutputFormat,
) {
  const readable = serviceWrites(resolved) ? await readableByService(input) : null;
  if (!readable || !serviceWrites(resolved))
    throw beyondBoth('compress', resolved, input.header, pixels(picture.size), pixels(input.upright));
  assertServiceCan(readable, picture.size, resolved);
  const { extra } = largeSearch(req, resolved);
  const reserved = extra > 0 && services.allowance ? await services.allowance.searchCalls(extra) : null;
  let calls = 0;
  const images: ImageService = {
    name: services.images.name,
    run: (job) => {
      calls += 1;
      return services.images.run(job);
    },
  };
  const budget = reserved ? { extra: reserved.granted, refused: reserved.refused } : undefined;
  let r;
  try {
    r = await viaService(() => compressLarge(images, { ...picture, bytes: readable.bytes }, req, resolved, budget));
  } finally {
    await reserved?.settle(Math.max(0, calls - 1));
  }
  notes.push(...r.notes);
  return {
    ...judged(r),
    bytes: r.bytes,
    format: r.format,
    // A target size may have made the picture smaller (ADR 0210).
    width: (r.size ?? picture.size).width,
    height: (r.size ?? picture.size).height,
    quality: r.quality,
    engine: 'images' as const,
  };
}

/**
 * `quality=auto` judged on samples with AVIF (ADR 0169): a picture over the size searched whole here
 * (AUTO_WASM_PIXELS) that AVIF can be made at (at most 1,200 px a side), where the caller accepts AVIF. Its search and
 * its AVIFs' judging run here; the AVIFs are the image service's. A photo with its own colour profile is not one
 * (an AVIF would not keep the profile, avif.ts).
 */
export const avifSampled = (size: Size, req: CompressRequest) =>
  req.quality === 'auto' &&
  !req.targetBytes &&
  req.format === 'auto' &&
  pixels(size) > AUTO_WASM_PIXELS &&
  avifRefusal(size, false) === null &&
  (acceptedFormats(req.accept) ?? []).includes('avif');

/** The search and encode of a picture in memory, with what the engine reports of it; `calls`: the most AVIFs it may ask for. */
async function compressInMemory(
  { services, notes }: Job,
  raster: Raster,
  req: CompressRequest,
  resolved: OutputFormat,
  facts: { profiled: boolean; jpeg: boolean },
  calls?: number,
) {
  // `quality=auto` has no file until its search ends (seconds with AVIF): the screen shows it still processing until
  // then, not "Encoding" near the end of the bar.
  const searching = req.quality === 'auto' && !req.targetBytes;
  if (!searching) reach(services, 'encoding');
  const auto = searching ? await budgetedAutoOptions(services, raster, req, facts, calls) : null;
  let r: Encoded;
  try {
    r = await compressRaster(raster, req, resolved, auto?.options ?? {});
  } finally {
    await auto?.settle();
  }
  if (searching) reach(services, 'encoding');
  notes.push(...r.notes);
  return {
    ...judged(r),
    bytes: r.bytes,
    format: r.format,
    width: raster.width,
    height: raster.height,
    quality: r.quality,
    engine: r.byService ? ('images' as const) : ('wasm' as const),
  };
}

/**
 * Compresses `input` (the job's picture, or another, such as resize's result); `subject` names it in a kept original's
 * note. `maxSide` scales it down first (never up, ADR 0168): in the isolate where it decodes and resizes there, as the
 * image service's pixels for a search judged here with AVIF (one call), else as the service's resize step before its
 * encode. A picture made smaller is the answer even where the original file is smaller: its size was asked for.
 */
export async function compressPicture(
  job: Job,
  input: Picture,
  asked: CompressRequest,
  subject?: string,
): Promise<EngineResult> {
  const { services, notes } = job;
  const { header, bytes, upright } = input;
  const base = { operation: 'compress', originalSize: bytes.length, notes };
  let req = asked;
  // `auto` is settled by the search; 'jpeg' stands for it in the budget and service checks (both formats fit both).
  let resolved = req.format === 'auto' ? 'jpeg' : resolveFormat(req.format, header.format, notes);
  // AVIF is made at a given quality only (ADR 0132): an AVIF kept as AVIF by `auto` or a target size is searched
  // between JPEG and WebP instead (the route refuses `format=avif` with them).
  if (resolved === 'avif' && (req.quality === 'auto' || req.targetBytes)) {
    notes.push('AVIF is made at a chosen quality only, so the search chose between JPEG and WebP.');
    req = { ...req, format: 'auto' };
    resolved = 'jpeg';
  }
  const { size, fitted, note } = fitOf(upright, req.maxSide);
  if (note) notes.push(note);
  const profiled = () => readProfile(bytes, header.format) !== null;
  // A resized picture is no longer the JPEG it was (anchor.ts NEAR_COPY reads the input's own encoding).
  const facts = () => ({ profiled: profiled(), jpeg: header.format === 'jpeg' && !fitted });
  const here = fitted ? resizesInIsolate(input) : decodes(input);
  let result: EngineResult;
  if (here && (compressFits(size, req, resolved) || (avifSampled(size, req) && !profiled()))) {
    const raster = await decode(bytes, header);
    result = {
      ...base,
      ...(await compressInMemory(
        job,
        fitted ? await resize(raster, size.width, size.height) : raster,
        req,
        resolved,
        facts(),
      )),
    };
  } else if (fitted && avifSampled(size, req) && !profiled()) {
    // The service's one call is the scaled-down pixels; the AVIFs are the calls left (ADR 0116, 0169).
    const at = await pixelsAt(input, size, services);
    if (!at) throw beyondBoth('compress', resolved, header, pixels(size), pixels(upright));
    result = {
      ...base,
      ...(await compressInMemory(
        job,
        at.raster,
        req,
        resolved,
        facts(),
        IMAGE_SERVICE_MAX_CALLS_PER_OPERATION - (at.byService ? 1 : 0),
      )),
    };
  } else {
    const steps = fitted ? [{ op: 'resize' as const, ...size, fit: 'stretch' as const }] : [];
    result = { ...base, ...(await compressByService({ ...job, input }, { bytes, steps, size }, req, resolved)) };
  }
  const kept = fitted ? null : await keepWhenNotSmaller(input, result, req, subject);
  const larger = kept ? null : heicLarger(input, result);
  if (larger) notes.push(larger);
  return kept ? { ...base, ...kept } : result;
}

/** Compress as another operation uses it on its own result (types.ts `CompressStage`). */
export const compressStage: CompressStage = {
  fits: compressFits,
  byService: compressByService,
  picture: compressPicture,
};

export const compressOperation: OperationEntry<CompressRequest> = {
  run: (job, req) => compressPicture(job, job.input, req),
  frames: compressFrames,
  // `format=auto` chooses among what the caller accepts: its `accept` field, else the image types its Accept names (ADR 0135).
  fromHeaders: (fields, headers) =>
    fields.accept === undefined ? withAccept(acceptFromHeader(headers.get('accept'))) : {},
};

const withAccept = (accept: string | undefined): Record<string, string> => (accept ? { accept } : {});
