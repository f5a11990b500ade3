import type { ExportFormat } from '../../../../core/api/memes';

export const MIME: Record<ExportFormat, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** An export that could not be encoded; `message` is written for the person who asked for the file. */
export class EncodeError extends Error {
  constructor(
    message: string,
    readonly code: 'unsupported_format' | 'encode_failed',
  ) {
    super(message);
    this.name = 'EncodeError';
  }
}

const LABEL: Record<ExportFormat, string> = { png: 'PNG', jpg: 'JPG', webp: 'WebP' };

/**
 * The worker's whole program, as text: it is started from a blob: URL (the CSP's worker-src allows blob:), and
 * Remix's classic compiler bundles no worker entry. It draws the bitmap it is sent on an OffscreenCanvas and answers
 * the encoded file, so the seconds a large JPG or WebP takes never freeze the page.
 */
const WORKER_SOURCE = `
self.onmessage = async (event) => {
  const { id, bitmap, type, quality } = event.data;
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d').drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type, quality });
    self.postMessage({ id, blob });
  } catch (error) {
    self.postMessage({ id, error: String((error && error.message) || error) });
  }
};`;

const abortError = () => new DOMException('The export was cancelled.', 'AbortError');

interface Pending {
  resolve: (blob: Blob) => void;
  reject: (error: unknown) => void;
}

/**
 * Encodes canvases to files off the main thread, one Worker per encoder, started on first use and kept for the next
 * export. Aborting an encode ends the worker (the only way to stop convertToBlob); the next encode starts a new one.
 * Where a browser has no OffscreenCanvas the canvas's own toBlob does the work.
 */
export class Encoder {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 0;

  async encode(source: HTMLCanvasElement, format: ExportFormat, quality: number, signal?: AbortSignal): Promise<Blob> {
    if (signal?.aborted) throw abortError();
    const type = MIME[format];
    const blob = canUseWorker()
      ? await this.inWorker(source, type, quality, signal)
      : await onMainThread(source, type, quality);
    // Browsers that cannot write a format silently answer PNG: say so instead of saving a PNG named .webp.
    if (blob.type !== type) {
      throw new EncodeError(
        `This browser cannot save ${LABEL[format]} files. Please choose ${format === 'png' ? 'JPG' : 'PNG or JPG'}.`,
        'unsupported_format',
      );
    }
    return blob;
  }

  /** Stops whatever is being encoded (ending the worker, the only way to stop convertToBlob); an idle worker stays. */
  cancel(): void {
    if (this.pending.size > 0) this.stop(abortError());
  }

  dispose(): void {
    this.stop(abortError());
  }

  private async inWorker(
    source: HTMLCanvasElement,
    type: string,
    quality: number,
    signal?: AbortSignal,
  ): Promise<Blob> {
    const bitmap = await createImageBitmap(source);
    if (signal?.aborted) {
      bitmap.close();
      throw abortError();
    }
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<Blob>((resolve, reject) => {
      const onAbort = () => this.stop(abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (b) => {
          done();
          resolve(b);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      });
      worker.postMessage({ id, bitmap, type, quality }, [bitmap]);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
    const worker = new Worker(url);
    URL.revokeObjectURL(url);
    worker.onmessage = (event: MessageEvent<{ id: number; blob?: Blob; error?: string }>) => {
      const { id, blob, error } = event.data;
      const job = this.pending.get(id);
      this.pending.delete(id);
      if (!job) return;
      if (blob) job.resolve(blob);
      else job.reject(failed(error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.stop(failed(event.message));
    };
    this.worker = worker;
    return worker;
  }

  /** Ends the worker and fails whatever it was doing. */
  private stop(error: unknown): void {
    this.worker?.terminate();
    this.worker = null;
    const jobs = [...this.pending.values()];
    this.pending.clear();
    for (const job of jobs) job.reject(error);
  }
}

const canUseWorker = () =>
  typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined';

function onMainThread(source: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    source.toBlob((b) => (b ? resolve(b) : reject(failed('toBlob answered nothing'))), type, quality),
  );
}

/** Browsers fail an encode almost only for memory: the advice names the way out. */
function failed(detail: string | undefined): EncodeError {
  const why = detail ? ` (${detail})` : '';
  return new EncodeError(
    `The file could not be created${why}. Please try again, or choose the share size or another format.`,
    'encode_failed',
  );
}
