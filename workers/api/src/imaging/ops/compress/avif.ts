/**
 * AVIF as a candidate of `format=auto` with `quality=auto` (ADR 0135, 0140). No AV1 encoder fits in the Worker (ADR
 * 0132), so AVIF is made by the image service, and each try is a billed call: at most
 * IMAGE_SERVICE_MAX_CALLS_PER_OPERATION. Two tries of the whole photo are sent together before the isolate's own
 * search, so they cost no waiting of their own, decoded here and judged as the delivered file would be; a third, at
 * the quality the line through them points to, only where it could beat both them and the other format's file.
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
 * The two tries, sent together: on the corpus photos the anchored targets (0.027–0.04) fell between AVIF quality 58
 * and 66 of libvips (effort 4) on most photos, so the tries bracket the answer or land a step or two off it.
 */
export const AVIF_TRIES = [58, 66] as const;
/** The highest AVIF quality auto makes: above it the files grow faster than any JPEG or WebP that faithful. */
export const AVIF_MAX_QUALITY = 90;
/** The most steps the line through the two tries is followed beyond them. */
const AVIF_REACH = 12;
/** Where the third try is aimed, as a share of the target: the score is not a straight line in quality. */
const AVIF_AIM = 0.97;
/** The third try is made only where its estimated size is under this share of the other format's file. */
export const AVIF_WORTH = 0.95;

/**
 * The largest picture whose AVIF `quality=auto` tries: what production's binding makes (AVIF_MAX_SIDE a side, 1.44 MP).
 * Up to JUDGE_MAX_PIXELS its AVIFs are judged whole; above, on the sample tiles the judge reads of every other format
 * (ADR 0169), each AVIF decoded (61 MB of WASM memory at 1,200²) and cut to the sample before any judge is made (the
 * judges hold 41.5 MB), so the two are never alive together and each stays under the 80 MB an operation may use
 * (imaging-memory.test.ts measures both).
 */
export const AVIF_AUTO_MAX_PIXELS = AVIF_MAX_SIDE * AVIF_MAX_SIDE;
/** Above this a picture's AVIFs are judged on its sample tiles: two tries, no third (its decode would meet the judges). */
export const AVIF_WHOLE_MAX_PIXELS = JUDGE_MAX_PIXELS;

/** Why AVIF cannot be tried on a picture, in words, or null when it can. */
export function avifRefusal(size: { width: number; height: number }, profiled: boolean): string | null {
  if (Math.max(size.width, size.height) > AVIF_MAX_SIDE)
    return `AVIF was not tried: it is made at most ${AVIF_MAX_SIDE.toLocaleString('en-US')} px a side.`;
  if (profiled) return 'AVIF was not tried: this photo carries its own colour profile, which an AVIF would not keep.';
  return null;
}

/** An AVIF of the whole photo, judged. */
export interface AvifResult {
  bytes: Uint8Array;
  quality: number;
  score: number;
}

/** An AVIF made and decoded: what the judge will read of it (the whole picture, or its sample tiles). */
interface AvifTry {
  bytes: Uint8Array;
  quality: number;
  seen: Raster;
}

/**
 * The AVIF side of a search: two tries of the whole photo, sent before the isolate's own search and judged as they
 * come back, then at most one more where the line through them points to a smaller file that could still win.
 */
export class AvifSearch {
  private readonly tries: Promise<(AvifTry | null)[]>;
  calls = AVIF_TRIES.length;
  /** Why no AVIF came of it, for the note. */
  missed = '';
  /** Where no third try was made for want of gain: AVIF's estimated size there as a share of the other format's file. */
  share: number | undefined;

  constructor(
    private readonly encoder: AvifEncoder,
    private readonly source: Raster,
    /** Judges what `cut` keeps of a decoded AVIF; called only once `best` is asked, so it may be made after the tries. */
    private readonly judge: Judge,
    /** The score to meet, or where the target is set after the tries are sent (a search judged on samples), how to read it. */
    private readonly target: number | (() => number),
    /** The most AVIFs it may make: the operation's limit, or fewer where the visitor's budget of search calls says so. */
    private readonly maxCalls = IMAGE_SERVICE_MAX_CALLS_PER_OPERATION,
    /** What is judged of a decoded AVIF: the whole picture, or the strip of its sample tiles (judge/sample.ts). */
    private readonly cut: (decoded: Raster) => Raster = (decoded) => decoded,
  ) {
    // AVIF is a candidate, not the answer: a service that cannot make it now (the binding's AVIF is best effort and
    // answers another format when busy, which the adapter refuses) leaves the other formats to choose from.
    this.tries = Promise.all(AVIF_TRIES.map((quality) => this.make(quality)));
    // Settled later; any other failure must not be an unhandled rejection meanwhile.
    this.tries.catch(() => undefined);
  }

  private make(quality: number): Promise<AvifTry | null> {
    // The whole decode lives only until its cut is taken: the codec's instance is released after the call.
    return this.encoder(this.source, quality).then(
      async (bytes) => ({ quality, bytes, seen: this.cut(await decode(bytes, readHeader(bytes)!)) }),
      (err: unknown) => this.failed(err),
    );
  }

  /** Resolves once both tries are made and decoded: a search judged on samples waits for it before making its judges. */
  async decoded(): Promise<void> {
    await this.tries;
  }

  private get goal(): number {
    return typeof this.target === 'number' ? this.target : this.target();
  }

  private judged(t: AvifTry): AvifResult {
    return { bytes: t.bytes, quality: t.quality, score: this.judge(t.seen) };
  }

  /**
   * The smallest AVIF that meets the target, or null (and `missed`). `rivalBytes` is the other format's file (Infinity
   * where none met the target): a third try is made only where the line through the tries puts a file under both it
   * (by AVIF_WORTH) and any try that already met the target.
   */
  async best(rivalBytes: number): Promise<AvifResult | null> {
    const tries = (await this.tries).filter((t): t is AvifTry => t !== null).map((t) => this.judged(t));
    const met = () =>
      tries.filter((t) => t.score <= this.goal).sort((x, y) => x.bytes.length - y.bytes.length)[0] ?? null;
    if (tries.length < AVIF_TRIES.length) return met();
    const [a, b] = tries as [AvifResult, AvifResult];
    const slope = Math.min(-0.01, (Math.log(b.score) - Math.log(a.score)) / (b.quality - a.quality));
    const at = Math.max(
      a.quality - AVIF_REACH,
      Math.ceil(a.quality + (Math.log(AVIF_AIM * this.goal) - Math.log(a.score)) / slope),
    );
    const top = Math.min(AVIF_MAX_QUALITY, b.quality + AVIF_REACH);
    const growth = (Math.log(b.bytes.length) - Math.log(a.bytes.length)) / (b.quality - a.quality);
    const estimate = a.bytes.length * Math.exp(growth * (at - a.quality));
    const found = met();
    if (at > top) this.missed = `AVIF would need a quality over ${top} to look the same.`;
    else if (found && at >= found.quality) return found;
    else if (estimate >= AVIF_WORTH * rivalBytes) {
      this.share = estimate / rivalBytes;
      if (!found)
        this.missed = `AVIF would not be smaller enough to be worth making (about ${Math.round(Math.abs(this.share - 1) * 100)}% ${this.share >= 1 ? 'larger' : 'smaller'}, estimated from two tries).`;
    } else if (
      this.calls < Math.min(this.maxCalls, IMAGE_SERVICE_MAX_CALLS_PER_OPERATION) &&
      !tries.some((t) => t.quality === at)
    ) {
      this.calls++;
      const third = await this.make(at);
      if (third) tries.push(this.judged(third));
    }
    const kept = met();
    if (!kept && !this.missed) {
      const closest = [...tries].sort((x, y) => x.score - y.score)[0]!;
      this.missed = `AVIF at quality ${closest.quality} did not look the same as the original.`;
    }
    return kept;
  }

  private failed(err: unknown): null {
    if (!(err instanceof ImageServiceError)) throw err;
    this.missed = 'AVIF could not be made just now (the image service answered otherwise), so it was left out.';
    return null;
  }
}
