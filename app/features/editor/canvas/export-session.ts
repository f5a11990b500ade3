import type { ExportFormat } from '../../../../core/api/memes';
import { EXPORT_QUALITY } from '../../../../core/limits';
import { byteBudget, isLossy, lowerQuality, pickQuality, type ExportSize, type OutputSize } from '../model/export-plan';
import type { Encoder } from './encoder';
import { estimateBytes, sampleOf } from './export';

export interface SizeEstimate {
  bytes: number;
  /** The quality the file is (or will be) encoded at; 1 for PNG, which has none. */
  quality: number;
  /** True once the file itself was encoded: `bytes` is then its size, not an estimate. */
  exact: boolean;
}

export interface ExportFile {
  blob: Blob;
  quality: number;
  width: number;
  height: number;
}

/**
 * One open export dialog: the meme as it was when the dialog opened, drawn at most once per size, estimated from
 * samples and encoded at most once per size and format, so a download and a save of the same choice share one
 * encode. Everything is dropped with the session (the drawings of a 12 MP meme hold about 100 MB).
 */
export class ExportSession {
  private readonly drawn = new Map<ExportSize, { el: HTMLCanvasElement; sample: ReturnType<typeof sampleOf> }>();
  private readonly estimates = new Map<string, Promise<SizeEstimate>>();
  private readonly files = new Map<string, Promise<ExportFile>>();

  constructor(
    readonly sizes: Record<ExportSize, OutputSize>,
    readonly draw: (out: OutputSize) => HTMLCanvasElement,
    /** The editor's encoder, shared by its exports so its worker starts once. */
    readonly encoder: Encoder,
  ) {}

  /** True when the share size is the original (a meme already small enough): the dialog then offers one size. */
  get oneSize(): boolean {
    return (
      this.sizes.share.width === this.sizes.original.width && this.sizes.share.height === this.sizes.original.height
    );
  }

  /** With one size, both names mean the share size (whose byte budget a small meme meets anyway). */
  private norm(size: ExportSize): ExportSize {
    return this.oneSize ? 'share' : size;
  }

  private drawing(size: ExportSize) {
    const key = this.norm(size);
    let d = this.drawn.get(key);
    if (!d) {
      const el = this.draw(this.sizes[key]);
      d = { el, sample: sampleOf(el) };
      this.drawn.set(key, d);
    }
    return d;
  }

  /** The file's size in bytes (estimated from a sample until the file exists) and the quality it takes. */
  estimate(asked: ExportSize, format: ExportFormat, signal?: AbortSignal): Promise<SizeEstimate> {
    const size = this.norm(asked);
    const key = `${size}:${format}`;
    const made = this.files.get(key);
    if (made) return made.then((f) => ({ bytes: f.blob.size, quality: f.quality, exact: true }));
    return remember(this.estimates, key, async () => {
      const { el, sample } = this.drawing(size);
      const budget = byteBudget(size, format);
      const measure = (quality: number) => estimateBytes(this.encoder, el, sample, format, quality, signal);
      if (!isLossy(format)) return { bytes: await measure(1), quality: 1, exact: sample.share === 1 };
      const picked = await pickQuality(measure, budget);
      return { ...picked, exact: sample.share === 1 && picked.quality === EXPORT_QUALITY && budget === null };
    });
  }

  /**
   * The file itself, encoded once. A share-size JPG or WebP starts at the quality its estimate chose and, should
   * the real file still come out over the budget (a sample can miss a busy corner), steps down the ladder.
   */
  file(asked: ExportSize, format: ExportFormat, signal?: AbortSignal): Promise<ExportFile> {
    const size = this.norm(asked);
    return remember(this.files, `${size}:${format}`, async () => {
      const { el } = this.drawing(size);
      const budget = byteBudget(size, format);
      let quality = isLossy(format) ? (await this.estimate(size, format, signal)).quality : 1;
      let blob = await this.encoder.encode(el, format, quality, signal);
      for (
        let lower = lowerQuality(quality);
        budget !== null && blob.size > budget && lower !== null;
        lower = lowerQuality(quality)
      ) {
        quality = lower;
        blob = await this.encoder.encode(el, format, quality, signal);
      }
      return { blob, quality, width: el.width, height: el.height };
    });
  }

  dispose(): void {
    this.encoder.cancel();
    this.drawn.clear();
    this.estimates.clear();
    this.files.clear();
  }
}

/** Caches a promise under `key`; a failed one is forgotten, so asking again (after a cancel) tries again. */
function remember<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  const known = cache.get(key);
  if (known) return known;
  const made = make();
  cache.set(key, made);
  made.catch(() => {
    if (cache.get(key) === made) cache.delete(key);
  });
  return made;
}
