/**
 * A job's pixels on sharp/libvips (ADR 0123): the Images binding's limits checked from the headers first, then the
 * steps, overlays and output encoding, or every frame of an animation through animated.ts.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AnimationUnreadable, runAnimated, type Raw } from './animated';
import { READS, formatOf, framesOutside, heicPixels, withProfile } from './formats';
import type { Job, Step } from './job-schema';
import { Problem } from './problem';
import { imageServiceRefusal, type ServiceImageFormat, type ServiceInput } from '../core/image-service';
import { MAX_IMAGE_PIXELS } from '../core/limits';

export const MAX_PIXELS = MAX_IMAGE_PIXELS;

const FIT = { cover: 'cover', contain: 'contain', stretch: 'fill', inside: 'inside' } as const;

/**
 * Blur radius → Gaussian sigma. A Gaussian reaches visibly about 2σ from its centre, so σ = radius / 2 blurs as far
 * as a box of that radius (and as the Images binding's `blur: radius` looks). Below σ 0.3 libvips refuses: no blur.
 */
export const blurSigma = (radius: number) => radius / 2;

const fromRaw = (r: Raw): Sharp => sharp(r.data, { raw: { width: r.width, height: r.height, channels: 4 } });
async function toRaw(s: Sharp): Promise<Raw> {
  const { data, info } = await s.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const UNREADABLE = 'We could not read this image. It may be damaged or cut short; please try another file.';

/** One step added to a pipeline. Crop bounds are checked against `size`, the picture this step sees. */
function withStep(s: Sharp, step: Step, size: { width: number; height: number }): Sharp {
  switch (step.op) {
    case 'crop':
      if (step.left + step.width > size.width || step.top + step.height > size.height) {
        throw new Problem(422, `The crop area must lie inside the picture (${size.width}×${size.height} pixels).`);
      }
      return s.extract({ left: step.left, top: step.top, width: step.width, height: step.height });
    case 'resize':
      return s.resize(step.width, step.height, {
        fit: FIT[step.fit],
        position: 'centre',
        background: step.background ?? '#ffffff',
      });
    case 'rotate':
      return s.rotate(step.angle);
    case 'flip':
      return step.axis === 'h' ? s.flop() : s.flip();
    case 'blur':
      return blurSigma(step.radius) < 0.3 ? s : s.blur(blurSigma(step.radius));
  }
}

/** An overlay's RGBA after its own steps, with its alpha multiplied by `opacity` (sharp's composite has none). */
async function faded(image: Buffer, steps: Step[], opacity: number): Promise<Raw> {
  let r: Raw;
  try {
    r = await toRaw(sharp(image, { limitInputPixels: MAX_PIXELS }).autoOrient());
    for (const step of steps) r = await toRaw(withStep(fromRaw(r), step, r));
  } catch (err) {
    if (err instanceof Problem) throw err;
    throw new Problem(422, 'An overlay could not be read.');
  }
  if (opacity < 1) for (let i = 3; i < r.data.length; i += 4) r.data[i] = Math.round(r.data[i]! * opacity);
  return r;
}

function cropRaw(r: Raw, x: number, y: number, width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height * 4);
  for (let row = 0; row < height; row++)
    r.data.copy(out, row * width * 4, ((y + row) * r.width + x) * 4, ((y + row) * r.width + x + width) * 4);
  return out;
}

async function drawOverlays(r: Raw, job: Job, overlays: Buffer[]): Promise<Raw> {
  const layers = await Promise.all(
    job.overlays.map(async (o, i) => ({ o, raw: await faded(overlays[i]!, o.steps, o.opacity) })),
  );
  const composite = layers.flatMap(({ o, raw }) => {
    // sharp refuses overlays that reach outside the picture: cut them to it first.
    const left = Math.max(0, o.left);
    const top = Math.max(0, o.top);
    const width = Math.min(raw.width - (left - o.left), r.width - left);
    const height = Math.min(raw.height - (top - o.top), r.height - top);
    if (width <= 0 || height <= 0) return [];
    const cut =
      width === raw.width && height === raw.height ? raw.data : cropRaw(raw, left - o.left, top - o.top, width, height);
    return [{ input: cut, raw: { width, height, channels: 4 as const }, left, top }];
  });
  return composite.length ? toRaw(fromRaw(r).composite(composite)) : r;
}

/**
 * The picture's pixels as sharp takes them; a HEIC's come from libheif (formats.ts), since libvips has no HEVC decoder,
 * and are converted to sRGB from the colour space its `colr` box names, as sharp converts any profiled picture.
 */
async function opened(bytes: Buffer, format: string): Promise<Sharp> {
  if (format !== 'heic') return sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).autoOrient();
  const image = await heicPixels(bytes).catch(() => {
    throw new Problem(422, UNREADABLE);
  });
  if (image.icc) return withProfile(image, image.icc);
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
}

/** What the Images binding would be asked to read, from the header alone: format, upright size, bytes, frames. */
async function described(bytes: Buffer): Promise<{ meta: Metadata; input: ServiceInput }> {
  const outside = framesOutside(bytes); // before libvips, which grows a GIF's screen to a larger frame (ADR 0151)
  if (outside) throw new Problem(422, outside);
  let meta: Metadata;
  try {
    // Header only: nothing is decoded before the limits are checked (sharp's own pixel limit is only a backstop).
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new Problem(422, UNREADABLE);
  }
  const format = formatOf(meta);
  if (!format || !READS.includes(format) || !meta.width || !meta.height) {
    const kind = format ? `${format.toUpperCase()} pictures` : 'this kind of picture';
    throw new Problem(
      415,
      `The image service does not read ${kind}. Please convert it to JPEG or PNG first, then try again.`,
    );
  }
  const upright =
    (meta.orientation ?? 1) >= 5
      ? { width: meta.height, height: meta.width }
      : { width: meta.width, height: meta.height };
  return {
    meta,
    input: {
      format: format as ServiceImageFormat,
      ...upright,
      bytes: bytes.length,
      frames: format === 'heic' ? 1 : (meta.pages ?? 1),
    },
  };
}

/** The job's pixels of `regions` only, one after another, each row by row (the contract's `regions`). */
function regionsOf(r: Raw, regions: { left: number; top: number; width: number; height: number }[]): Buffer {
  for (const g of regions) {
    if (g.left + g.width > r.width || g.top + g.height > r.height)
      throw new Problem(422, `A region must lie inside the picture (${r.width}×${r.height} pixels).`);
  }
  return Buffer.concat(regions.map((g) => cropRaw(r, g.left, g.top, g.width, g.height)));
}

export async function runJob(
  job: Job,
  input: Buffer,
  overlays: Buffer[],
): Promise<{ bytes: Buffer; width: number; height: number }> {
  // The Images binding's limits, checked as production's adapter checks them, with the same words (core/image-service.ts).
  const { meta, input: picture } = await described(input);
  const layers = await Promise.all(overlays.map(async (o) => (await described(o)).input));
  const refusal = imageServiceRefusal({
    input: picture,
    steps: job.steps,
    overlays: layers,
    output: job.output.format,
  });
  if (refusal) throw new Problem(413, refusal);
  const upright = { width: picture.width, height: picture.height };
  const { format: asked, animated } = job.output;
  if (animated && (asked === 'gif' || asked === 'webp') && (picture.frames ?? 1) > 1) {
    // Every frame through the same steps and overlays, one still frame at a time (animated.ts, ADR 0137).
    const frame = async (f: Raw) => {
      let r = f;
      for (const step of job.steps) r = await toRaw(withStep(fromRaw(r), step, r));
      return job.overlays.length ? drawOverlays(r, job, overlays) : r;
    };
    return runAnimated(input, MAX_PIXELS, { frame }, asked, job.output.quality).catch((err: unknown) =>
      Promise.reject(err instanceof AnimationUnreadable ? new Problem(422, UNREADABLE) : err),
    );
  }
  if (asked === 'gif') throw new Problem(400, 'GIF is written for an animated input with output.animated only.');

  // Each step runs on the previous one's materialised result, because sharp reorders operations inside one
  // pipeline. A leading resize joins the decode (sharp applies the orientation before it), so a large JPEG is
  // shrunk while it is decoded instead of being decoded at full size first.
  const [first, ...rest] = job.steps;
  const fused = first?.op === 'resize';
  let r: Raw;
  try {
    const source = await opened(input, picture.format);
    r = await toRaw(fused ? withStep(source, first, upright) : source);
  } catch (err) {
    if (err instanceof Problem) throw err;
    throw new Problem(422, UNREADABLE);
  }
  for (const step of fused ? rest : job.steps) r = await toRaw(withStep(fromRaw(r), step, r));
  if (job.overlays.length) r = await drawOverlays(r, job, overlays);

  const { format, quality, regions } = job.output;
  if (format === 'rgba') return { bytes: regions ? regionsOf(r, regions) : r.data, width: r.width, height: r.height };
  // An opaque input stays opaque through every step (padding is a solid colour): write it without an alpha channel.
  let out = fromRaw(r);
  if (!meta.hasAlpha || format === 'jpeg') out = out.flatten({ background: '#ffffff' });
  // No metadata is written; the pixels are already sRGB (sharp converts from the input's profile when it decodes, and
  // opened() does for a HEIC's `colr`). The Worker's adapter sends a non-sRGB profile only for an AVIF result: else it
  // keeps the photo's own values and puts the profile back itself (workers/api/src/imaging/service/profile.ts, ADR
  // 0126, 0153).
  const encoded =
    format === 'jpeg'
      ? out.jpeg({ quality: quality ?? 80, chromaSubsampling: '4:2:0', progressive: true, mozjpeg: false })
      : format === 'webp'
        ? out.webp({ quality: quality ?? 80, effort: 4 })
        : format === 'avif'
          ? out.avif({ quality: quality ?? 50, effort: 4 })
          : out.png({ compressionLevel: 6 });
  return { bytes: await encoded.toBuffer(), width: r.width, height: r.height };
}
