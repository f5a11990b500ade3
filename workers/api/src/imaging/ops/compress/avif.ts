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
import { JUDGE_MAX_PIXELS } from '../../options';
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
 * The two lattice tries, sent together. Measured through libvips (effort 4) on the corpus photos, the judge's 0.025
 * falls between AVIF quality 57 and 72, and an anchored target (lower) a few steps above.
 */
export const AVIF_TRIES = [56, 72] as const;
/** The highest AVIF quality auto makes: above it the files grow faster than any JPEG or WebP that faithful. */
export const AVIF_MAX_QUALITY = 90;
/** The most steps the line through the two tries is followed beyond them. */
const AVIF_REACH = 12;
/** Where the lattice's score is aimed, as a share of the target: the lattice reads a photo within about ±10% (ADR 0102). */
const LATTICE_AIM = 0.97;
/** The whole photo is made as AVIF only where the lattice says it is at least this much smaller than the best other. */
export const AVIF_WORTH = 0.95;

/**
 * The largest picture whose AVIF is judged here: the picture the judge reads whole (JUDGE_MAX_PIXELS). Its decode
 * (23.1 MB here; 40 MB at 0.8 MP) beside the search's judges (41.5 MB) stays under the 80 MB an operation may use,
 * which 0.8 MP would pass (imaging-memory.test.ts measures this size).
 */
export const AVIF_AUTO_MAX_PIXELS = JUDGE_MAX_PIXELS;

/** Why AVIF cannot be tried on a picture, in words, or null when it can. */
export function avifRefusal(size: { width: number; height: number }, profiled: boolean): string | null {
  if (Math.max(size.width, size.height) > AVIF_MAX_SIDE) return `AVIF was not tried: it is made at most ${AVIF_MAX_SIDE.toLocaleString('en-US')} px a side.`;
  if (size.width * size.height > AVIF_AUTO_MAX_PIXELS) return 'AVIF was not tried: a picture over 0.4 MP is searched in JPEG and WebP only, to keep the judging within memory.';
  if (profiled) return 'AVIF was not tried: this photo carries its own colour profile, which an AVIF would not keep.';
  return null;
}

export interface AvifResult {
  bytes: Uint8Array;
  quality: number;
  score: number;
}

interface Try {
  quality: number;
  bytes: number;
  score: number;
}

/**
 * The AVIF side of a search: two tries of the lattice, sent before the isolate's own search (no waiting of their
 * own), then, where the line through them says AVIF wins, the whole photo at the quality it points to, judged here.
 * Three calls in all (IMAGE_SERVICE_MAX_CALLS_PER_OPERATION).
 */
export class AvifSearch {
  private readonly tries: Promise<(Try | null)[]>;
  calls = AVIF_TRIES.length;
  /** Why no AVIF came of it, for the note. */
  missed = '';
  /** AVIF's estimated size as a share of the other format's, on the lattice, once planned. */
  share: number | undefined;

  constructor(
    private readonly encoder: AvifEncoder,
    lattice: Raster,
    latticeJudge: Judge,
    private readonly target: number,
  ) {
    // AVIF is a candidate, not the answer: a service that cannot make it now (the binding's AVIF is best effort and
    // answers another format when busy, which the adapter refuses) leaves the other formats to choose from.
    this.tries = Promise.all(
      AVIF_TRIES.map((quality) =>
        encoder(lattice, quality).then(
          async (bytes) => ({ quality, bytes: bytes.length, score: latticeJudge(await decode(bytes, readHeader(bytes)!)) }),
          (err: unknown) => this.failed(err),
        ),
      ),
    );
    // Settled later; any other failure must not be an unhandled rejection meanwhile.
    this.tries.catch(() => undefined);
  }

  /** Where the line through the two tries reaches the aim; null (and `missed`) beyond what auto makes. */
  private aimed(a: Try, b: Try): number | null {
    const aim = Math.log(LATTICE_AIM * this.target);
    const slope = Math.min(-0.01, (Math.log(b.score) - Math.log(a.score)) / (b.quality - a.quality));
    const quality = Math.ceil(a.quality + (aim - Math.log(a.score)) / slope);
    if (quality > Math.min(AVIF_MAX_QUALITY, b.quality + AVIF_REACH)) {
      this.missed = `AVIF would need a quality over ${Math.min(AVIF_MAX_QUALITY, b.quality + AVIF_REACH)} to look the same.`;
      return null;
    }
    return Math.max(a.quality - AVIF_REACH, quality);
  }

  /**
   * Starts the whole photo's AVIF as soon as the tries say where, while the isolate still searches JPEG and WebP:
   * its wait overlaps the search's instead of following it. The call is made even where AVIF then loses (the third
   * call; only where no other call can be needed, compressAuto).
   */
  speculate(source: Raster) {
    this.speculative = this.tries.then(([a, b]) => {
      const quality = a && b ? this.aimed(a, b) : null;
      if (quality === null) return null;
      this.calls++;
      return this.encoder(source, quality).then(
        (bytes) => ({ quality, bytes }),
        (err: unknown) => this.failed(err),
      );
    });
    this.speculative.catch(() => undefined);
  }

  private speculative: Promise<{ quality: number; bytes: Uint8Array } | null> | null = null;

  /** The quality the lattice points to and AVIF's estimated share of `rivalLatticeBytes` there; null when AVIF cannot get there. */
  async plan(rivalLatticeBytes: number): Promise<{ quality: number; share: number } | null> {
    const [a, b] = await this.tries;
    if (!a || !b) return null;
    const at = this.aimed(a, b);
    if (at === null) return null;
    const growth = (Math.log(b.bytes) - Math.log(a.bytes)) / (b.quality - a.quality);
    const share = (a.bytes * Math.exp(growth * (at - a.quality))) / rivalLatticeBytes;
    this.share = share;
    if (share >= AVIF_WORTH) {
      this.missed = `AVIF was tried on a sample and would not be smaller enough to be worth making (about ${Math.round(Math.abs(share - 1) * 100)}% ${share >= 1 ? 'larger' : 'smaller'}).`;
      return null;
    }
    return { quality: at, share };
  }

  private failed(err: unknown): null {
    if (!(err instanceof ImageServiceError)) throw err;
    this.missed = 'AVIF could not be made just now (the image service answered otherwise), so it was left out.';
    return null;
  }

  /** The whole photo at `quality`, judged; null (and `missed`) when it did not meet the target or no call is left. */
  async whole(source: Raster, judgeWhole: Judge, quality: number): Promise<AvifResult | null> {
    const early = await this.speculative;
    let bytes = early?.quality === quality ? early.bytes : null;
    if (!bytes && this.calls < IMAGE_SERVICE_MAX_CALLS_PER_OPERATION) {
      this.calls++;
      bytes = await this.encoder(source, quality).catch((err: unknown) => this.failed(err));
    }
    if (!bytes) return null;
    const score = judgeWhole(await decode(bytes, readHeader(bytes)!));
    if (score <= this.target) return { bytes, quality, score };
    this.missed = `AVIF at quality ${quality} scored ${score.toFixed(4)} on the whole photo, short of the target.`;
    return null;
  }
}
