/**
 * Doubles of the Images binding (`env.IMAGES`) for the Worker tests, shaped like workerd's own implementation
 * (src/cloudflare/internal/images-api.ts): `input()` starts a transformer, `transform()` and `draw()` queue work,
 * and each `output()` is one request to the service, so one billed transformation ("Every call to the Images
 * binding counts as one unique transformation", developers.cloudflare.com/images/optimization/transformations/
 * bindings/). `draw()` children travel in the same request.
 *
 * - `recordingImages(backing)` records every call and does the pixel work on `backing` (the offline image service),
 *   translating the binding's transforms back into the contract's steps: the adapter's output really is used.
 * - `failingImages(code)` throws what the binding throws on a failed transformation: an Error whose `code` is the
 *   service's and whose message is `IMAGES_TRANSFORM_ERROR <code>: <text>`.
 */
import type { ImageService, ServiceJob, ServiceOverlay, ServiceStep } from '../../src/imaging/service/types';

export interface BindingCall {
  /** The transforms of the picture itself, in order. */
  transforms: ImageTransform[];
  /** Each drawn image, with its own transforms (a child transformer) and where it goes. */
  draws: { transforms: ImageTransform[]; options: ImageDrawOptions }[];
  output: ImageOutputOptions;
  /** Bytes sent in the request: the input and every drawn image. */
  uploaded: number;
}

const FIT_BACK = { cover: 'cover', pad: 'contain', squeeze: 'stretch', contain: 'inside' } as const;
const FORMAT_BACK = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  rgba: 'rgba',
} as const;

/**
 * A binding transform as the contract's step; anything the adapters are not expected to send is a test failure.
 * The AI features are stood in for, not done: `segment` leaves the picture as it is (all of it "subject"), and the
 * generative `upscale` is a plain resize.
 */
function toStep(t: ImageTransform): ServiceStep | null {
  if ((t as { segment?: string }).segment === 'foreground') return null;
  if (t.width && t.height && (t.fit === 'scale-down' || (t as { upscale?: string }).upscale === 'generate'))
    return { op: 'resize', width: t.width, height: t.height, fit: 'inside' };
  if (t.trim && typeof t.trim === 'object')
    return { op: 'crop', left: t.trim.left ?? 0, top: t.trim.top ?? 0, width: t.trim.width!, height: t.trim.height! };
  if (t.rotate) return { op: 'rotate', angle: t.rotate as 90 | 180 | 270 };
  if (t.flip === 'h' || t.flip === 'v') return { op: 'flip', axis: t.flip };
  if (t.blur) return { op: 'blur', radius: t.blur };
  if (t.width && t.height && t.fit && t.fit in FIT_BACK) {
    return {
      op: 'resize',
      width: t.width,
      height: t.height,
      fit: FIT_BACK[t.fit as keyof typeof FIT_BACK],
      ...(t.background ? { background: t.background } : {}),
    };
  }
  throw new Error(`the binding double does not know the transform ${JSON.stringify(t)}`);
}

const stepsOf = (transforms: ImageTransform[]) => transforms.map(toStep).filter((s): s is ServiceStep => s !== null);
const bytesOf = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());

class Transformer implements ImageTransformer {
  readonly transforms: ImageTransform[] = [];
  readonly draws: { child: Transformer; options: ImageDrawOptions }[] = [];

  constructor(
    readonly source: ReadableStream<Uint8Array>,
    private readonly done: (t: Transformer, options: ImageOutputOptions) => Promise<ImageTransformationResult>,
  ) {}

  transform(transform: ImageTransform): ImageTransformer {
    if (this.draws.length) throw new Error('the double keeps transforms before draws, as the adapter sends them');
    this.transforms.push(transform);
    return this;
  }

  draw(image: ReadableStream<Uint8Array> | ImageTransformer, options: ImageDrawOptions = {}): ImageTransformer {
    const child =
      image instanceof Transformer ? image : new Transformer(image as ReadableStream<Uint8Array>, this.done);
    this.draws.push({ child, options });
    return this;
  }

  output(options: ImageOutputOptions): Promise<ImageTransformationResult> {
    return this.done(this, options);
  }
}

const result = (bytes: Uint8Array, contentType: string): ImageTransformationResult => ({
  response: () => new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }),
  contentType: () => contentType,
  image: () => new Response(bytes as Uint8Array<ArrayBuffer>).body!,
});

function binding(
  done: (t: Transformer, options: ImageOutputOptions) => Promise<ImageTransformationResult>,
): ImagesBinding {
  return {
    info: () => Promise.reject(new Error('the engine never asks the binding for info')),
    input: (stream: ReadableStream<Uint8Array>) => new Transformer(stream, done),
    text: () => {
      throw new Error('the engine never asks the binding to render text');
    },
    get hosted(): HostedImagesBinding {
      throw new Error('the engine never uses hosted images');
    },
  };
}

/**
 * The binding, recording each call and doing its work on `backing`. `calls.length` is the billed transformations.
 * One retry of the backing: in-process, the offline service shares Node's event loop with the other test services,
 * and a long sharp job there can drop a connection (as test/support/photos.ts says).
 */
export function recordingImages(service: ImageService): ImagesBinding & { calls: BindingCall[] } {
  const backing = { run: (job: ServiceJob) => service.run(job).catch(() => service.run(job)) };
  const calls: BindingCall[] = [];
  const done = async (t: Transformer, options: ImageOutputOptions) => {
    const input = await bytesOf(t.source);
    const overlays: ServiceOverlay[] = [];
    for (const d of t.draws) {
      if (d.child.draws.length) throw new Error('the double draws one level deep, as the adapter does');
      overlays.push({
        image: await bytesOf(d.child.source),
        steps: stepsOf(d.child.transforms),
        left: d.options.left ?? 0,
        top: d.options.top ?? 0,
        opacity: d.options.opacity ?? 1,
      });
    }
    calls.push({
      transforms: [...t.transforms],
      draws: t.draws.map((d) => ({ transforms: [...d.child.transforms], options: d.options })),
      output: options,
      uploaded: input.length + overlays.reduce((n, o) => n + o.image.length, 0),
    });
    const format = FORMAT_BACK[options.format as keyof typeof FORMAT_BACK];
    if (!format) throw new Error(`the double writes no ${options.format}`);
    const out = await backing.run({
      input,
      steps: stepsOf(t.transforms),
      overlays,
      output: {
        format,
        ...(options.quality ? { quality: options.quality } : {}),
        ...(options.anim ? { animated: true } : {}),
      },
    });
    return result(out.bytes, options.format);
  };
  return Object.assign(binding(done), { calls });
}

/** What the binding throws for a transformation the service answered with error `code` (workerd's ImagesErrorImpl). */
export function imagesError(code: number, text: string): Error & { code: number } {
  return Object.assign(new Error(`IMAGES_TRANSFORM_ERROR ${code}: ${text}`), { code });
}

/** A binding whose every transformation fails with `code` and the service's `text`; `calls` counts the attempts. */
export function failingImages(code: number, text: string): ImagesBinding & { calls: number } {
  const state = { calls: 0 };
  const done = async (t: Transformer) => {
    state.calls++;
    await bytesOf(t.source);
    throw imagesError(code, text);
  };
  return Object.defineProperty(binding(done), 'calls', { get: () => state.calls }) as ImagesBinding & { calls: number };
}
