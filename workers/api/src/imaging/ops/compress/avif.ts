/**
 * AVIF as a candidate of `format=auto` with `quality=auto` (ADR 0135). No AV1 encoder fits in the Worker (ADR 0132),
 * so AVIF is made by the image service, and each try is a billed call: at most IMAGE_SERVICE_MAX_CALLS_PER_OPERATION.
 * One try of the search lattice (the 65,000 pixels the JPEG and WebP qualities are searched on) is sent before the
 * isolate's own search, so it costs no waiting of its own; where it says AVIF wins, the whole photo is made at the
 * quality it points to, decoded in the isolate and judged, and kept only if it meets the target.
 */
import { IMAGE_SERVICE_MAX_CALLS_PER_OPERATION, AVIF_MAX_SIDE } from '../../../../../../core/image-service';
import { decode } from '../../codecs/decode';
import { encodePng } from '../../codecs/encode';
import { plainPng } from '../../codecs/plain-png';
import { hasTransparency, type Raster } from '../../codecs/raster';
import { readHeader } from '../../intake/sniff';
import { ImageServiceError, type ImageService } from '../../service/types';
import type { Judge } from './judge/judge';

/** Makes an AVIF of a picture at a quality (the image service). */
export type AvifEncoder = (picture: Raster, quality: number) => Promise<Uint8Array>;

export const serviceAvif =
  (images: ImageService): AvifEncoder =>
  async (picture, quality) =>
    (await images.run({ input: await pngOf(picture), steps: [], output: { format: 'avif', quality } })).bytes;

/** The picture for the service: an opaque one as RGB, so its AVIF carries no alpha plane (smaller, and shown the same). */
async function pngOf(picture: Raster): Promise<Uint8Array> {
  if (hasTransparency(picture)) return encodePng(picture, false);
  const { data, width, height } = picture;
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, o = 0; i < data.length; i += 4, o += 3) {
    rgb[o] = data[i]!;
    rgb[o + 1] = data[i + 1]!;
    rgb[o + 2] = data[i + 2]!;
  }
  return plainPng(rgb, width, height, 3);
}

/**
 * The lattice try. Measured through libvips (effort 4) on eight corpus photos, the judge's 0.025 falls between AVIF
 * quality 57 and 70, and an anchored target (lower) a few steps above.
 */
export const AVIF_FIRST_TRY = 64;
/** The highest AVIF quality auto makes: above it the files grow faster than any JPEG or WebP that faithful. */
export const AVIF_MAX_QUALITY = 90;
/**
 * ln(score) per quality step, measured between AVIF q60 and q70 on those photos: -0.02 to -0.075. Moving up to the
 * target the shallow end is assumed (more steps: the faithful side), moving down the steep end (fewer steps).
 */
const SLOPE_UP = -0.025;
const SLOPE_DOWN = -0.075;
/** ln(bytes) per quality step near the answers (0.027–0.04 measured). */
const GROWTH = 0.035;
/** Where the lattice's score is aimed, as a share of the target. */
const LATTICE_AIM = 0.88;
/** The whole photo is made as AVIF only where the lattice says it is at least this much smaller than the best other. */
export const AVIF_WORTH = 0.9;

/**
 * The largest picture whose AVIF is judged here: its decode (60.9 MB of WASM memory at 1,200², ADR 0132; about 34 MB
 * here, taken as proportional) beside the search's judges (about 41 MB) stays under the 80 MB an operation may use.
 */
export const AVIF_AUTO_MAX_PIXELS = 800_000;

/** Why AVIF cannot be tried on a picture, in words, or null when it can. */
export function avifRefusal(size: { width: number; height: number }, profiled: boolean): string | null {
  if (Math.max(size.width, size.height) > AVIF_MAX_SIDE) return `AVIF was not tried: it is made at most ${AVIF_MAX_SIDE.toLocaleString('en-US')} px a side.`;
  if (size.width * size.height > AVIF_AUTO_MAX_PIXELS) return 'AVIF was not tried: a picture over 0.8 MP is searched in JPEG and WebP only, to keep the judging within memory.';
  if (profiled) return 'AVIF was not tried: this photo carries its own colour profile, which an AVIF would not keep.';
  return null;
}

export interface AvifResult {
  bytes: Uint8Array;
  quality: number;
  score: number;
}

/** Steps from a measured score to the target, on the conservative slope for the direction. */
export const stepsToTarget = (score: number, target: number, up = SLOPE_UP, down = SLOPE_DOWN) =>
  score > target ? Math.ceil(Math.log(target / score) / up) + 1 : -Math.floor(Math.log(score / target) / down);

/**
 * The AVIF side of a search: one try of the lattice, sent before the isolate's own search (no waiting of its own),
 * then, where the lattice says AVIF wins, the whole photo at the quality it points to, judged here, and once more a
 * few steps higher if that missed: at most IMAGE_SERVICE_MAX_CALLS_PER_OPERATION calls.
 */
export class AvifSearch {
  private readonly first: Promise<{ bytes: number; score: number } | null>;
  calls = 1;
  /** Why no AVIF came of it, for the note. */
  missed = '';

  constructor(
    private readonly encoder: AvifEncoder,
    lattice: Raster,
    latticeJudge: Judge,
    private readonly target: number,
  ) {
    // AVIF is a candidate, not the answer: a service that cannot make it now (the binding's AVIF is best effort and
    // answers another format when busy, which the adapter refuses) leaves the other formats to choose from.
    this.first = encoder(lattice, AVIF_FIRST_TRY).then(
      async (bytes) => ({ bytes: bytes.length, score: latticeJudge(await decode(bytes, readHeader(bytes)!)) }),
      (err: unknown) => this.failed(err),
    );
    // Settled later; any other failure must not be an unhandled rejection meanwhile.
    this.first.catch(() => undefined);
  }

  /** The quality the lattice points to and AVIF's estimated share of `rivalLatticeBytes` there; null when AVIF cannot get there. */
  async plan(rivalLatticeBytes: number): Promise<{ quality: number; share: number } | null> {
    const first = await this.first;
    if (!first) return null;
    // Aimed under the target: the lattice reads a photo within about ±10% (ADR 0102), and the whole photo is the judge.
    const quality = Math.max(10, AVIF_FIRST_TRY + stepsToTarget(first.score, LATTICE_AIM * this.target));
    if (quality > AVIF_MAX_QUALITY) {
      this.missed = `AVIF would need a quality over ${AVIF_MAX_QUALITY} to look the same.`;
      return null;
    }
    const share = (first.bytes * Math.exp(GROWTH * (quality - AVIF_FIRST_TRY))) / rivalLatticeBytes;
    if (share >= AVIF_WORTH) {
      this.missed = `AVIF was tried on a sample and would not be much smaller (about ${Math.round(Math.abs(share - 1) * 100)}% ${share >= 1 ? 'larger' : 'smaller'}).`;
      return null;
    }
    return { quality, share };
  }

  private failed(err: unknown): null {
    if (!(err instanceof ImageServiceError)) throw err;
    this.missed = 'AVIF could not be made just now (the image service answered otherwise), so it was left out.';
    return null;
  }

  /** The whole photo at `quality`, judged; once more higher if it missed and a call is left. Null (and `missed`) when neither met the target. */
  async whole(source: Raster, judgeWhole: Judge, quality: number, maxCalls = IMAGE_SERVICE_MAX_CALLS_PER_OPERATION): Promise<AvifResult | null> {
    let q = quality;
    while (this.calls < maxCalls) {
      this.calls++;
      const bytes = await this.encoder(source, q).catch((err: unknown) => this.failed(err));
      if (!bytes) return null;
      const score = judgeWhole(await decode(bytes, readHeader(bytes)!));
      if (score <= this.target) return { bytes, quality: q, score };
      this.missed = `AVIF at quality ${q} scored ${score.toFixed(4)} on the whole photo, short of the target.`;
      q = Math.min(AVIF_MAX_QUALITY, q + stepsToTarget(score, this.target));
    }
    return null;
  }
}
